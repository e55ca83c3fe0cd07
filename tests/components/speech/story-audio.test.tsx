// @vitest-environment happy-dom
/**
 * A story's audio screen (spec 002 sections 2.4, 4 and 5): it opens the story's latest audio, or
 * makes one from the story's text; the voice sliders run 1 to 100 and store value/100, with Reset
 * Voice Settings only while they differ from the newsletter's voice; a text edit is saved
 * 1500 ms after typing stops, without line breaks or asterisks; BUILD STORY with a chunk without
 * audio lists the chunks not ready and GO BACK returns to the chunks; a built article is attached.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { constants } from '../../../core/shared/config';
import type { Audio, Chunk } from '../../../plugins/speech/client/speech-api';
import { audioOf, chunkOf, origin, prepareConsole, renderAt, signIn, voiceDefaults } from './speech-fixtures';

const story = {
  _id: 's1',
  type: 'article',
  title: 'Şehirde Yeni Metro Hattı Açıldı',
  subtitle: 'Hat on iki durakla hizmet verecek.',
  body: { html: '<p>Metro hattı bugün açıldı.</p><p>İlk sefer sabah altıda.</p>', text: 'Metro hattı bugün açıldı. İlk sefer sabah altıda.', summary: '' },
  newsletter: 'n1',
};

const sent: { method: string; path: string; body?: unknown; query?: Record<string, string>; at: number }[] = [];
let stored: Audio | null;
let created: Chunk[];

function existing(): Audio {
  return audioOf('a1', [
    chunkOf('c1', 'Metro hattı bugün açıldı.', { url: '/uploads/speech/c1.mp3', status: 'ready' }),
    chunkOf('c2', 'İlk sefer sabah altıda.', { index: 1 }),
  ]);
}

const record = (method: string, path: string, body?: unknown, query?: Record<string, string>) => sent.push({ method, path, body, query, at: Date.now() });

const server = setupServer(
  http.get(`${origin}/api/audios/list`, ({ request }) => {
    const query = Object.fromEntries(new URL(request.url).searchParams);
    record('GET', '/audios/list', undefined, query);
    const data = stored ? [{ ...stored, parts: stored.parts.map(({ versions: _versions, ...part }) => part) }] : [];
    return HttpResponse.json({ data: { data, totalCount: data.length } });
  }),
  http.get(`${origin}/api/audios/list/a1`, () => HttpResponse.json({ data: stored })),
  http.get(`${origin}/api/stories/update/s1`, () => HttpResponse.json({ data: { body: story, data: {} } })),
  http.get(`${origin}/api/audios/defaults/n1`, () => HttpResponse.json({ data: voiceDefaults })),
  http.put(`${origin}/api/chunks/update/:id`, async ({ request, params }) => {
    const body = (await request.json()) as Partial<Chunk>;
    record('PUT', `/chunks/update/${params.id}`, body);
    const part = stored!.parts.find((chunk) => chunk.id === params.id)!;
    return HttpResponse.json({ data: { ...part, ...body, url: body.text ? null : part.url, status: body.text ? 'draft' : part.status } });
  }),
  http.post(`${origin}/api/chunks/create`, async ({ request }) => {
    record('POST', '/chunks/create', await request.json());
    return HttpResponse.json({ data: ['Metro hattı bugün **açıldı**.', 'İlk sefer\nsabah altıda.'] });
  }),
  http.put(`${origin}/api/chunks/create`, async ({ request }) => {
    const body = (await request.json()) as Partial<Chunk>;
    record('PUT', '/chunks/create', body);
    const chunk = chunkOf(`n${created.length + 1}`, body.text ?? '', body);
    created.push(chunk);
    return HttpResponse.json({ data: chunk });
  }),
  http.post(`${origin}/api/audios/create`, async ({ request }) => {
    const body = (await request.json()) as { chunks: string[] };
    record('POST', '/audios/create', body);
    stored = audioOf(
      'a1',
      body.chunks.map((id) => created.find((chunk) => chunk.id === id)!),
    );
    return HttpResponse.json({ data: stored });
  }),
  http.get(`${origin}/api/audios/concat/a1`, () => {
    record('GET', '/audios/concat/a1');
    stored = { ...stored!, status: 'ready', url: '/uploads/speech/a1.mp3' };
    return HttpResponse.json({ data: stored });
  }),
  http.post(`${origin}/api/audios/attach/a1`, async ({ request }) => {
    record('POST', '/audios/attach/a1', await request.json());
    stored = { ...stored!, status: 'published', episode: { id: 'e1', title: 'Şehirde Yeni Metro Hattı Açıldı', status: 'published' } };
    return HttpResponse.json({ data: stored });
  }),
);

let StoryAudioPage: typeof import('../../../plugins/speech/client/StoryAudioPage').default;

beforeAll(async () => {
  await prepareConsole();
  server.listen({ onUnhandledRequest: 'error' });
  StoryAudioPage = (await import('../../../plugins/speech/client/StoryAudioPage')).default;
});
beforeEach(() => {
  signIn('speech.create', 'speech.publish');
  sent.length = 0;
  stored = existing();
  created = [];
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});
afterAll(() => server.close());

/** The autosave's pause on fake timers, for a test that moves time on instead of waiting for it. */
const fakeTime = () => vi.useFakeTimers({ shouldAdvanceTime: true });
/** Moves the clock on by `ms`, running the timers that fall due and what they start. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const autosaveMs = constants.speech.chunkAutosaveMs;

const open = (path = '/stories/audios/create/s1?audio_id_query=a1') => renderAt(path, '/stories/audios/create/:storyId', <StoryAudioPage />);
const chunk = (number: number) => screen.findByRole('article', { name: `Chunk ${number}` });

describe('the story audio screen', () => {
  it('opens the latest audio of the story asked for and shows its chunks in order', async () => {
    open();
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(screen.getByText('Retrieving the latest audio chunks.')).toBeTruthy();
    expect(screen.getByText('This might take a minute or two.')).toBeTruthy();
    const first = await chunk(1);
    expect((within(first).getByRole('textbox', { name: 'Chunk 1 text' }) as HTMLTextAreaElement).value).toBe('Metro hattı bugün açıldı.');
    expect(within(first).getByLabelText('Chunk 1 audio').getAttribute('src')).toBe('/uploads/speech/c1.mp3');
    expect(within(first).getByTestId('status-badge').textContent).toBe('READY');
    const second = await chunk(2);
    expect((within(second).getByRole('textbox', { name: 'Chunk 2 text' }) as HTMLTextAreaElement).value).toBe('İlk sefer sabah altıda.');
    expect(within(second).getByTestId('status-badge').textContent).toBe('DRAFT');
    expect(sent.find((call) => call.path === '/audios/list')?.query).toEqual({
      filters: 'content_id:s1,id:a1',
      sort: 'updated_at:desc',
      page: '0',
      limit: '1',
    });
    // Nothing is made when the audio exists.
    expect(sent.some((call) => call.method !== 'GET')).toBe(false);
  });

  it("makes the audio from the story's text when it has none: split, each chunk stored with the newsletter's voice, then the audio", async () => {
    stored = null;
    open('/stories/audios/create/s1');
    await chunk(2);
    expect(sent.find((call) => call.method === 'POST' && call.path === '/chunks/create')?.body).toEqual({
      text: story.body.html,
      chunk_size: 500,
      language: 'tr',
    });
    const stores = sent.filter((call) => call.method === 'PUT' && call.path === '/chunks/create').map((call) => call.body);
    expect(stores).toEqual([
      expect.objectContaining({
        content_id: 's1',
        content_type: 'article',
        text: 'Metro hattı bugün açıldı.',
        voice_id: 'tr-female',
        parameters: { stability: 0.5, similarity_boost: 0.5 },
      }),
      expect.objectContaining({ text: 'İlk sefer sabah altıda.' }),
    ]);
    expect(sent.find((call) => call.path === '/audios/create')?.body).toMatchObject({
      chunks: ['n1', 'n2'],
      newsletter: 'n1',
      content_id: 's1',
      content_type: 'article',
    });
  });

  it('stores the sliders as value/100 and shows Reset Voice Settings only while they differ from the voice', async () => {
    fakeTime();
    open();
    const first = await chunk(1);
    const stability = within(first).getByRole('slider', { name: 'Chunk 1 stability' });
    expect(stability.getAttribute('aria-valuenow')).toBe('50');
    expect(within(first).queryByRole('button', { name: 'Reset Voice Settings' })).toBeNull();

    fireEvent.keyDown(stability, { key: 'ArrowRight', keyCode: 39, which: 39 });
    await waitFor(() => expect(stability.getAttribute('aria-valuenow')).toBe('51'));
    expect(within(first).getByRole('button', { name: 'Reset Voice Settings' })).toBeTruthy();
    await advance(autosaveMs);
    await waitFor(() => expect(sent.some((call) => call.path === '/chunks/update/c1')).toBe(true));
    expect(sent.find((call) => call.path === '/chunks/update/c1')?.body).toEqual({ parameters: { stability: 0.51, similarity_boost: 0.5 } });

    fireEvent.click(within(first).getByRole('button', { name: 'Reset Voice Settings' }));
    expect(stability.getAttribute('aria-valuenow')).toBe('50');
    expect(within(first).queryByRole('button', { name: 'Reset Voice Settings' })).toBeNull();
  });

  it('saves an edited text 1500 ms after typing stops, without line breaks or asterisks', async () => {
    fakeTime();
    open();
    const second = await chunk(2);
    const box = within(second).getByRole('textbox', { name: 'Chunk 2 text' });
    fireEvent.change(box, { target: { value: 'İlk sefer' } });
    await advance(500);
    const typedAt = Date.now();
    fireEvent.change(box, { target: { value: 'İlk *sefer*\nsabah yedide.' } });
    await advance(autosaveMs - 300);
    expect(sent.some((call) => call.path === '/chunks/update/c2')).toBe(false);
    await advance(300);
    await waitFor(() => expect(sent.some((call) => call.path === '/chunks/update/c2')).toBe(true));
    const saves = sent.filter((call) => call.path === '/chunks/update/c2');
    expect(saves).toHaveLength(1);
    expect(saves[0]!.body).toEqual({ text: 'İlk sefer sabah yedide.' });
    expect(saves[0]!.at - typedAt).toBeGreaterThanOrEqual(1450);
    // What was typed stays in the box.
    expect((box as HTMLTextAreaElement).value).toBe('İlk *sefer*\nsabah yedide.');
  });

  it('lists the chunks without audio when BUILD STORY is pressed, and GO BACK returns to the chunks', async () => {
    open();
    await chunk(1);
    fireEvent.click(screen.getByRole('tab', { name: 'Build' }));
    fireEvent.click(await screen.findByRole('button', { name: 'BUILD STORY' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('list', { name: 'Chunks not ready' }).textContent).toBe('Chunk 2 has no audio yet.');
    expect(sent.some((call) => call.path === '/audios/concat/a1')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'GO BACK' }));
    await chunk(2);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('builds a story whose chunks all have audio, then offers the player, DOWNLOAD THE AUDIO and attaching it', async () => {
    stored = { ...existing(), parts: existing().parts.map((part) => ({ ...part, url: `/uploads/speech/${part.id}.mp3`, status: 'ready' as const })) };
    open();
    await chunk(1);
    fireEvent.click(screen.getByRole('tab', { name: 'Build' }));
    fireEvent.click(await screen.findByRole('button', { name: 'BUILD STORY' }));
    const download = await screen.findByRole('link', { name: 'DOWNLOAD THE AUDIO' });
    expect(download.getAttribute('href')).toBe('/uploads/speech/a1.mp3');
    expect(download.hasAttribute('download')).toBe(true);
    expect(screen.getByLabelText("The story's audio").getAttribute('src')).toBe('/uploads/speech/a1.mp3');
    const build = screen.getByRole('button', { name: 'BUILD STORY' });
    expect(build.hasAttribute('disabled') || build.getAttribute('aria-disabled') === 'true').toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'ATTACH TO STORY' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe(story.title);
    expect((within(dialog).getByRole('textbox', { name: 'Subtitle' }) as HTMLInputElement).value).toBe(story.subtitle);
    fireEvent.click(within(dialog).getByRole('button', { name: 'ATTACH' }));
    expect(await screen.findByText('TTS attached')).toBeTruthy();
    // Reachable once the dialog has closed (until then the page behind it is hidden from the accessibility tree).
    const link = await screen.findByRole('link', { name: 'Go to the story' });
    expect(link.getAttribute('href')).toBe('/stories/edit/s1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(sent.find((call) => call.path === '/audios/attach/a1')?.body).toEqual({ title: story.title, subtitle: story.subtitle });
  });
});
