// @vitest-environment happy-dom
/**
 * A chunk's controls and state on the story audio screen (spec 002 section 2.4; issue 54 point
 * 10): its three icon buttons say in words what they will do (a name naming the chunk, a tooltip
 * on hover and on keyboard focus), and a chunk just generated shows the state the server has for
 * it: READY with its player from GENERATE's answer, and also when the request ended without an
 * answer (the chunk is read back, or followed until the server's 'speech-chunk' event).
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { constants } from '../../../core/shared/config';
import type { Audio, Chunk } from '../../../plugins/speech/client/speech-api';
import { audioOf, chunkOf, origin, prepareConsole, renderAt, signIn, voiceDefaults } from './speech-fixtures';

// The console's socket: the test says what the server tells this user's consoles.
const socket = vi.hoisted(() => {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  return {
    on(name: string, listener: (payload: unknown) => void) {
      listeners.set(name, (listeners.get(name) ?? new Set()).add(listener));
    },
    off(name: string, listener: (payload: unknown) => void) {
      listeners.get(name)?.delete(listener);
    },
    hear(name: string, payload: unknown) {
      for (const listener of listeners.get(name) ?? []) listener(payload);
    },
    listening: (name: string) => (listeners.get(name)?.size ?? 0) > 0,
  };
});
vi.mock('../../../core/client/socket', () => ({ currentSocket: () => socket, useConnectionStatus: () => 'authenticated' }));

const story = {
  _id: 's1',
  type: 'article',
  title: 'Şehirde Yeni Metro Hattı Açıldı',
  subtitle: '',
  body: { html: '<p>Metro hattı bugün açıldı.</p>', text: 'Metro hattı bugün açıldı.', summary: '' },
  newsletter: 'n1',
};

let stored: Audio;
/** What GET /chunks/generate/c2 does: answer the spoken chunk, or fail as a request that got no chunk. */
let generation: 'answers' | 'fails';
/** What the server has of c2 (GET /chunks/list/c2). */
let onServer: Chunk;
const spokenC2 = () => chunkOf('c2', 'İlk sefer sabah altıda.', { index: 1, url: '/uploads/speech/c2.mp3', status: 'ready', duration: 2 });
const generateQueries: Record<string, string>[] = [];

const server = setupServer(
  http.get(`${origin}/api/audios/list`, () => HttpResponse.json({ data: { data: [stored], totalCount: 1 } })),
  http.get(`${origin}/api/audios/list/a1`, () => HttpResponse.json({ data: stored })),
  http.get(`${origin}/api/stories/update/s1`, () => HttpResponse.json({ data: { body: story, data: {} } })),
  http.get(`${origin}/api/audios/defaults/n1`, () => HttpResponse.json({ data: voiceDefaults })),
  http.get(`${origin}/api/chunks/list/c2`, () => HttpResponse.json({ data: onServer })),
  http.get(`${origin}/api/chunks/generate/c2`, ({ request }) => {
    generateQueries.push(Object.fromEntries(new URL(request.url).searchParams));
    if (generation === 'fails')
      return HttpResponse.json({ err: 'CHUNK_GENERATION_FAILED', msg: 'Failed to generate chunk with ID c2. Try refreshing.' }, { status: 500 });
    onServer = spokenC2();
    return HttpResponse.json({ data: onServer });
  }),
);

let StoryAudioPage: typeof import('../../../plugins/speech/client/StoryAudioPage').default;

beforeAll(async () => {
  await prepareConsole();
  server.listen({ onUnhandledRequest: 'error' });
  StoryAudioPage = (await import('../../../plugins/speech/client/StoryAudioPage')).default;
  const { store, userAtom } = await import('../../../core/client/stores');
  store.set(userAtom, { _id: 'u1' } as never);
});
beforeEach(() => {
  signIn('speech.create', 'speech.publish');
  stored = audioOf('a1', [
    chunkOf('c1', 'Metro hattı bugün açıldı.', { url: '/uploads/speech/c1.mp3', status: 'ready' }),
    chunkOf('c2', 'İlk sefer sabah altıda.', { index: 1 }),
  ]);
  onServer = stored.parts[1]!;
  generation = 'answers';
  generateQueries.length = 0;
});
afterEach(() => cleanup());
afterAll(() => server.close());

const open = () => renderAt('/stories/audios/create/s1?audio_id_query=a1', '/stories/audios/create/:storyId', <StoryAudioPage />);
const chunk = (number: number) => screen.findByRole('article', { name: `Chunk ${number}` });
const badgeOf = (card: HTMLElement) => within(card).getByTestId('status-badge').textContent;
const toasts = () => screen.queryAllByRole('alert').map((toast) => toast.textContent);

describe("a chunk's icon buttons", () => {
  it('are named for what they do to which chunk, and say it in a tooltip on keyboard focus', async () => {
    open();
    const second = await chunk(2);
    const tools = [
      ['Insert a blank chunk above chunk 2', 'Insert a blank chunk above'],
      ['Insert a blank chunk below chunk 2', 'Insert a blank chunk below'],
      ['Show the version history of chunk 2', 'Show the version history'],
    ] as const;
    for (const [name, tip] of tools) {
      const button = within(second).getByRole('button', { name });
      // No title attribute: the tooltip is the only one shown.
      expect(button.getAttribute('title')).toBeNull();
      // Hovering is the browser's (the journey hovers one); here, keyboard focus shows it, and
      // the button's host is described by the same words (what a screen reader adds to the name).
      act(() => button.focus());
      await waitFor(() => expect(document.querySelector('.ms-Tooltip')?.textContent).toBe(tip), { timeout: 3000 });
      const host = button.closest('[aria-describedby]')!;
      expect(document.getElementById(host.getAttribute('aria-describedby')!)?.textContent).toBe(tip);
      act(() => button.blur());
      await waitFor(() => expect(document.querySelector('.ms-Tooltip')).toBeNull(), { timeout: 3000 });
    }
    // The buttons do what they say.
    fireEvent.click(within(second).getByRole('button', { name: 'Show the version history of chunk 2' }));
    expect(await screen.findByRole('dialog', { name: 'Chunk 2: version history' })).toBeTruthy();
  });
});

describe('a chunk just generated', () => {
  it("shows READY and its player from GENERATE's answer, with its neighbour as context", async () => {
    open();
    const second = await chunk(2);
    expect(badgeOf(second)).toBe('DRAFT');
    fireEvent.click(within(second).getByRole('button', { name: 'Generate chunk 2' }));
    await waitFor(() => expect(badgeOf(second)).toBe('READY'));
    expect(within(second).getByLabelText('Chunk 2 audio').getAttribute('src')).toBe('/uploads/speech/c2.mp3');
    expect(within(second).queryByRole('progressbar')).toBeNull();
    expect(generateQueries).toEqual([{ type: 'instant', previous_chunk_id: 'c1' }]);
    expect(toasts()).toEqual([]);
  });

  it('shows READY when the request ended without an answer but the server kept the audio', async () => {
    generation = 'fails';
    open();
    const second = await chunk(2);
    fireEvent.click(within(second).getByRole('button', { name: 'Generate chunk 2' }));
    onServer = spokenC2();
    await waitFor(() => expect(badgeOf(second)).toBe('READY'));
    expect(within(second).getByLabelText('Chunk 2 audio').getAttribute('src')).toBe('/uploads/speech/c2.mp3');
    expect(toasts()).toEqual([]);
  });

  it("stays 'Generating...' while the server still speaks it, and shows READY at the server's event", async () => {
    generation = 'fails';
    onServer = { ...stored.parts[1]!, generating: true };
    open();
    const second = await chunk(2);
    await waitFor(() => expect(socket.listening('speech-chunk')).toBe(true));
    fireEvent.click(within(second).getByRole('button', { name: 'Generate chunk 2' }));
    await waitFor(() => expect(generateQueries).toHaveLength(1));
    // The request ended; the chunk is still being spoken.
    await waitFor(() => expect(within(second).getByText('Generating...')).toBeTruthy());
    expect(badgeOf(second)).toBe('DRAFT');
    expect(toasts()).toEqual([]);

    onServer = spokenC2();
    act(() => socket.hear('speech-chunk', { chunkId: 'c2' }));
    await waitFor(() => expect(badgeOf(second)).toBe('READY'));
    expect(within(second).getByLabelText('Chunk 2 audio').getAttribute('src')).toBe('/uploads/speech/c2.mp3');
    expect(within(second).queryByText('Generating...')).toBeNull();
    expect(toasts()).toEqual([]);
  });

  it('says the generation failed when the server has no audio for it', async () => {
    generation = 'fails';
    open();
    const second = await chunk(2);
    fireEvent.click(within(second).getByRole('button', { name: 'Generate chunk 2' }));
    await waitFor(() => expect(toasts().join()).toContain('Failed to generate chunk with ID c2. Try refreshing.'));
    expect(badgeOf(second)).toBe('DRAFT');
    expect(within(second).queryByText('Generating...')).toBeNull();
  });

  it('waits for the answer longer than the server waits for its job', async () => {
    const { serverWaitMs } = await import('../../../plugins/speech/client/speech-api');
    expect(serverWaitMs).toBeGreaterThan(constants.speech.waitSeconds * 1000);
  });
});
