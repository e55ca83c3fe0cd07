// @vitest-environment happy-dom
/**
 * The audio pickers (spec 002 section 2.1): the bullet picker's title and 'Search...' box, bullets
 * of the newsletter by their last change, the search applied after a pause, and CONTINUE to the
 * chosen story's audio screen; the issue picker's title and CONTINUE to the issue's.
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { constants } from '../../../core/shared/config';
import { origin, prepareConsole, renderAt, signIn } from './speech-fixtures';

const queries: { path: string; query: Record<string, string> }[] = [];
const bullet = (id: string, text: string) => ({
  _id: id,
  type: 'bullet',
  title: '',
  subtitle: '',
  body: { html: `<p>${text}</p>`, text, summary: text },
  newsletter: 'n1',
  updatedAt: '2026-11-20T10:00:00.000Z',
  publishedAt: null,
});
const server = setupServer(
  http.get(`${origin}/api/stories/list`, ({ request }) => {
    queries.push({ path: '/stories/list', query: Object.fromEntries(new URL(request.url).searchParams) });
    return HttpResponse.json({ data: [bullet('b1', 'Borsa güne yükselişle başladı'), bullet('b2', 'Kar yağışı bekleniyor')], count: 2 });
  }),
  http.get(`${origin}/api/issues/list`, ({ request }) => {
    queries.push({ path: '/issues/list', query: Object.fromEntries(new URL(request.url).searchParams) });
    return HttpResponse.json({
      data: [{ _id: 'i1', key: 'sabah-42', subject: 'Sabah Bülteni 42', preview: '', publishedAt: null, updatedAt: '2026-11-20T10:00:00.000Z' }],
      count: 1,
    });
  }),
);

let AudioPickerPage: typeof import('../../../plugins/speech/client/AudioPickerPage').default;

beforeAll(async () => {
  await prepareConsole();
  server.listen({ onUnhandledRequest: 'error' });
  AudioPickerPage = (await import('../../../plugins/speech/client/AudioPickerPage')).default;
});
beforeEach(() => {
  // The search's pause runs on fake timers: the test moves time on instead of waiting for it.
  vi.useFakeTimers({ shouldAdvanceTime: true });
  signIn('speech.create', 'speech.publish');
  queries.length = 0;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});
afterAll(() => server.close());

describe('the audio pickers', () => {
  it('lists the bullets by their last change, searches after a pause and CONTINUEs to the chosen one', async () => {
    const location = renderAt('/stories/audios/select/n1?type=bullet', '/stories/audios/select/:newsletterId', <AudioPickerPage />);
    expect(await screen.findByRole('heading', { name: 'Create New Bullet Audio' })).toBeTruthy();
    await screen.findByRole('option', { name: 'Borsa güne yükselişle başladı' });
    expect(queries[0]).toEqual({ path: '/stories/list', query: { newsletter: 'n1', type: 'bullet', sort: 'updatedAt', desc: 'true', page: '0', limit: '10' } });

    fireEvent.change(screen.getByPlaceholderText('Search...'), { target: { value: 'borsa' } });
    await act(() => vi.advanceTimersByTimeAsync(constants.debounces.listSearchMs - 100));
    expect(queries.some((call) => call.query.search)).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(queries.at(-1)?.query.search).toBe('borsa'));

    const next = screen.getByRole('button', { name: 'CONTINUE' });
    expect(next.hasAttribute('disabled') || next.getAttribute('aria-disabled') === 'true').toBe(true);
    fireEvent.click(await screen.findByRole('option', { name: 'Kar yağışı bekleniyor' }));
    fireEvent.click(screen.getByRole('button', { name: 'CONTINUE' }));
    expect(location.history?.at(-1)).toBe('/stories/audios/create/b2');
  });

  it('offers the issues of the newsletter and CONTINUEs to the issue audio screen', async () => {
    const location = renderAt('/issues/audios/select/n1', '/issues/audios/select/:newsletterId', <AudioPickerPage />);
    expect(await screen.findByRole('heading', { name: 'Create New Issue Audio' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('option', { name: 'Sabah Bülteni 42' }));
    fireEvent.click(screen.getByRole('button', { name: 'CONTINUE' }));
    expect(location.history?.at(-1)).toBe('/issues/audios/create/i1');
    expect(queries[0]?.query).toMatchObject({ newsletter: 'n1', sort: 'updatedAt', desc: 'true' });
  });
});
