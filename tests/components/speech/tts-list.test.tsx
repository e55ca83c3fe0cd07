// @vitest-environment happy-dom
/**
 * The TTS list (spec 002 section 2.2): the newsletter's audio of a type, the newest first, 10 a
 * page; each row leads to its audio screen, is titled by its content ('N/A' when there is none)
 * and says 'In Progress' while its audio has no address; a failed list says so.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { audioOf, chunkOf, origin, prepareConsole, renderAt, signIn } from './speech-fixtures';

const queries: Record<string, string>[] = [];
let failing = false;
const rows = [
  audioOf('a1', [chunkOf('c1', 'Metro hattı açıldı.', { url: '/uploads/speech/c1.mp3' })], {
    url: '/uploads/speech/a1.mp3',
    status: 'ready',
  }),
  audioOf('a2', [chunkOf('c2', 'Yarın yağmur bekleniyor.')], { content_id: 's2', content: null }),
];

const server = setupServer(
  http.get(`${origin}/api/audios/list`, ({ request }) => {
    const query = Object.fromEntries(new URL(request.url).searchParams);
    queries.push(query);
    if (failing) return HttpResponse.json({ err: 'INTERNAL_ERROR', msg: 'Something broke.' }, { status: 500 });
    const type = query.filters
      ?.split(',')
      .find((filter) => filter.startsWith('content_type:'))
      ?.split(':')[1];
    const data = type === 'article' ? rows : [];
    return HttpResponse.json({ data: { data, totalCount: type === 'article' ? 23 : 0 } });
  }),
);

let TtsListPage: typeof import('../../../plugins/speech/client/TtsListPage').default;

beforeAll(async () => {
  await prepareConsole();
  server.listen({ onUnhandledRequest: 'error' });
  TtsListPage = (await import('../../../plugins/speech/client/TtsListPage')).default;
});
beforeEach(() => {
  signIn('speech.create', 'speech.publish');
  queries.length = 0;
  failing = false;
});
afterEach(cleanup);
afterAll(() => server.close());

describe('the TTS list', () => {
  it("asks for the newsletter's audio of the tab's type and shows each row's title, 'N/A' and 'In Progress'", async () => {
    renderAt('/newsletters/show/n1/tts', '/newsletters/show/:newsletterId/tts', <TtsListPage />);
    const list = await screen.findByRole('list', { name: 'ARTICLES audio' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);

    const first = within(items[0]!).getByRole('link', { name: 'Şehirde Yeni Metro Hattı Açıldı' });
    expect(first.getAttribute('href')).toBe('/stories/audios/create/s1?audio_id_query=a1');
    expect(within(items[0]!).queryByText('In Progress')).toBeNull();
    expect(within(items[0]!).getByTestId('status-badge').textContent).toBe('READY');

    const second = within(items[1]!).getByRole('link', { name: 'N/A' });
    expect(second.getAttribute('href')).toBe('/stories/audios/create/s2?audio_id_query=a2');
    expect(within(items[1]!).getByText('In Progress')).toBeTruthy();

    expect(queries[0]).toMatchObject({ filters: 'newsletter_id:n1,content_type:article', sort: 'created_at:desc', page: '0', limit: '10' });
    // 23 audios: three pages.
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ page: '1' }));
  });

  it('switches to bullets with NEW BULLET AUDIO leading to the bullet picker', async () => {
    const location = renderAt('/newsletters/show/n1/tts', '/newsletters/show/:newsletterId/tts', <TtsListPage />);
    await screen.findByRole('list', { name: 'ARTICLES audio' });
    fireEvent.click(screen.getByRole('tab', { name: 'BULLET' }));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ filters: 'newsletter_id:n1,content_type:bullet' }));
    fireEvent.click(await screen.findByRole('button', { name: 'NEW BULLET AUDIO' }));
    expect(location.history?.at(-1)).toBe('/stories/audios/select/n1?type=bullet');
  });

  it("says 'Error happened while fetching items' when the list fails", async () => {
    failing = true;
    renderAt('/newsletters/show/n1/tts', '/newsletters/show/:newsletterId/tts', <TtsListPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('Error happened while fetching items');
  });
});
