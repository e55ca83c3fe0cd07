// @vitest-environment happy-dom
/**
 * The content type picker of the audio pickers (spec 002 section 2.1): article, bullet and issue as
 * rows with an icon, a title and a description, the picker on screen the chosen one; chosen by
 * keyboard, a row opens its picker (bullets with ?type=bullet); issue audio only for those who may
 * make it.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { origin, prepareConsole, renderAt, signIn } from './speech-fixtures';

const server = setupServer(
  http.get(`${origin}/api/stories/list`, () => HttpResponse.json({ data: [], count: 0 })),
  http.get(`${origin}/api/issues/list`, () => HttpResponse.json({ data: [], count: 0 })),
);

let AudioPickerPage: typeof import('../../../plugins/speech/client/AudioPickerPage').default;

beforeAll(async () => {
  await prepareConsole();
  server.listen({ onUnhandledRequest: 'error' });
  AudioPickerPage = (await import('../../../plugins/speech/client/AudioPickerPage')).default;
});
afterEach(cleanup);
afterAll(() => server.close());

const storyPicker = (path = '/stories/audios/select/n1') => renderAt(path, '/stories/audios/select/:newsletterId', <AudioPickerPage />);
const typeRows = async () => within(await screen.findByRole('listbox', { name: 'Content type' })).getAllByRole('option');
const row = (name: string) => screen.getByRole('option', { name });

describe('the content type picker', () => {
  it('lists article, bullet and issue as rows with an icon, a title and a description, the shown picker chosen', async () => {
    signIn('speech.create', 'speech.publish');
    storyPicker();
    const rows = await typeRows();
    expect(rows.map((option) => option.getAttribute('aria-label'))).toEqual(['Article', 'Bullet', 'Issue']);
    expect(rows.map((option) => option.querySelector('[data-icon-name]')?.getAttribute('data-icon-name'))).toEqual(['Articles', 'BulletedList', 'Mail']);
    for (const option of rows) {
      expect(within(option).getByText(option.getAttribute('aria-label')!)).toBeTruthy();
      const description = document.getElementById(option.getAttribute('aria-describedby') ?? '');
      expect(option.contains(description)).toBe(true);
      expect(description?.textContent?.length).toBeGreaterThan(20);
    }
    expect(rows.map((option) => option.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
  });

  it('is chosen by keyboard: Tab reaches the rows, Enter opens the bullet picker and Space the issue picker', async () => {
    signIn('speech.create', 'speech.publish');
    const user = userEvent.setup();
    const location = storyPicker();
    await typeRows();

    await user.tab();
    expect(document.activeElement).toBe(row('Article'));
    // The picker on screen is already chosen: choosing it again goes nowhere.
    await user.keyboard('{Enter}');
    expect(location.history).toEqual(['/stories/audios/select/n1']);

    await user.tab();
    expect(document.activeElement).toBe(row('Bullet'));
    await user.keyboard('{Enter}');
    expect(location.history?.at(-1)).toBe('/stories/audios/select/n1?type=bullet');
    expect(await screen.findByRole('heading', { name: 'Create New Bullet Audio' })).toBeTruthy();
    await waitFor(() => expect(row('Bullet').getAttribute('aria-selected')).toBe('true'));

    row('Issue').focus();
    await user.keyboard(' ');
    expect(location.history?.at(-1)).toBe('/issues/audios/select/n1');
  });

  it('leads from the issue picker back to the article picker', async () => {
    signIn('speech.create', 'speech.publish');
    const location = renderAt('/issues/audios/select/n1', '/issues/audios/select/:newsletterId', <AudioPickerPage />);
    const rows = await typeRows();
    expect(rows.map((option) => option.getAttribute('aria-selected'))).toEqual(['false', 'false', 'true']);
    fireEvent.click(row('Article'));
    expect(location.history?.at(-1)).toBe('/stories/audios/select/n1');
  });

  it('offers no issue audio to those who may not make it', async () => {
    signIn('speech.create');
    storyPicker('/stories/audios/select/n1?type=bullet');
    expect((await typeRows()).map((option) => option.getAttribute('aria-label'))).toEqual(['Article', 'Bullet']);
  });
});
