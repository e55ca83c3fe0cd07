// @vitest-environment happy-dom
/**
 * An issue's audio screen (spec 002 sections 2.3, 4 and 8): the intro and the stories of the first
 * two channels, each titled by its first 10 words without bracketed parts and 'NOT READY' until its
 * chunks have audio; GENERATE AUDIO FILES splits and stores each item's chunks (content_type
 * issue, origin intro or the story), makes the issue audio and speaks every chunk; a failure is
 * only logged and the button comes back.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Audio, Chunk } from '../../../plugins/speech/client/speech-api';
import { audioOf, chunkOf, origin, prepareConsole, renderAt, signIn, voiceDefaults } from './speech-fixtures';

const storyOf = (id: string, text: string) => ({
  _id: id,
  type: 'article',
  title: `Başlık ${id}`,
  subtitle: '',
  body: { html: `<p>${text}</p>`, text, summary: '' },
  newsletter: 'n1',
});
const stories = [
  storyOf('s1', '[Foto: AA] Şehirde yeni metro hattı bugün sabah saatlerinde törenle hizmete açıldı ve ilk yolcular taşındı.'),
  storyOf('s2', 'Yarın kıyı kesimlerde (özellikle akşam) kuvvetli yağmur bekleniyor.'),
  storyOf('s3', 'Üçüncü kanalın haberi okunmaz.'),
  storyOf('s9', 'Taslak haber okunmaz.'),
];
const issue = {
  _id: 'i1',
  newsletter: 'n1',
  key: 'sabah-42',
  subject: 'Sabah Bülteni 42',
  preview: 'Günün özeti',
  intro: { _id: 'intro', html: '<p>Günaydın! Bugün bültende üç haber var.</p>', text: 'Günaydın! Bugün bültende üç haber var.' },
  channelsNew: [
    { _id: 'stuff', title: 'Draft Stories', stories: ['s9'] },
    { _id: 'ch1', title: 'Gündem', stories: ['s1'] },
    { _id: 'ch2', title: 'Hava', stories: ['s2'] },
    { _id: 'ch3', title: 'Spor', stories: ['s3'] },
  ],
};

const sent: { method: string; path: string; body?: unknown }[] = [];
let chunks: Chunk[];
let stored: Audio | null;
let generateFails: boolean;
let releaseGeneration: () => void;
let generationGate: Promise<void>;

const server = setupServer(
  http.get(`${origin}/api/issues/update/i1`, () => HttpResponse.json({ data: { body: issue } })),
  http.get(`${origin}/api/issues/update/i1/content`, () => HttpResponse.json({ data: {}, stories })),
  http.get(`${origin}/api/audios/list`, () => HttpResponse.json({ data: { data: stored ? [stored] : [], totalCount: stored ? 1 : 0 } })),
  http.get(`${origin}/api/audios/defaults/n1`, () => HttpResponse.json({ data: voiceDefaults })),
  http.post(`${origin}/api/chunks/create`, async ({ request }) => {
    const body = (await request.json()) as { text: string };
    sent.push({ method: 'POST', path: '/chunks/create', body });
    return HttpResponse.json({ data: [body.text.replace(/<[^>]+>/g, '')] });
  }),
  http.put(`${origin}/api/chunks/create`, async ({ request }) => {
    const body = (await request.json()) as Partial<Chunk>;
    sent.push({ method: 'PUT', path: '/chunks/create', body });
    const chunk = chunkOf(`c${chunks.length + 1}`, body.text ?? '', body);
    chunks.push(chunk);
    return HttpResponse.json({ data: chunk });
  }),
  http.post(`${origin}/api/audios/create`, async ({ request }) => {
    const body = (await request.json()) as { chunks: string[] };
    sent.push({ method: 'POST', path: '/audios/create', body });
    stored = audioOf(
      'a9',
      body.chunks.map((id) => chunks.find((chunk) => chunk.id === id)!),
      { content_id: 'i1', content_type: 'issue' },
    );
    return HttpResponse.json({ data: stored });
  }),
  http.get(`${origin}/api/chunks/generate/:id`, async ({ params }) => {
    sent.push({ method: 'GET', path: `/chunks/generate/${params.id}` });
    await generationGate;
    if (generateFails)
      return HttpResponse.json({ err: 'SPEECH_FAILED', msg: `Failed to generate chunk with ID ${params.id}. Try refreshing.` }, { status: 500 });
    const chunk = chunks.find((part) => part.id === params.id)!;
    return HttpResponse.json({ data: { ...chunk, url: `/uploads/speech/${chunk.id}.mp3`, status: 'ready' } });
  }),
);

let IssueAudioPage: typeof import('../../../plugins/speech/client/IssueAudioPage').default;

beforeAll(async () => {
  await prepareConsole();
  server.listen({ onUnhandledRequest: 'error' });
  IssueAudioPage = (await import('../../../plugins/speech/client/IssueAudioPage')).default;
});
beforeEach(() => {
  signIn('speech.create', 'speech.publish');
  sent.length = 0;
  chunks = [];
  stored = null;
  generateFails = false;
  generationGate = new Promise((resolve) => (releaseGeneration = resolve));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

const open = () => renderAt('/issues/audios/create/i1', '/issues/audios/create/:issueId', <IssueAudioPage />);
const itemTitles = () => screen.getAllByTestId('audio-item').map((item) => item.getAttribute('aria-label'));
const badges = () => screen.getAllByTestId('audio-item').map((item) => within(item).getByTestId('status-badge').textContent);
const generateButton = () => screen.getByRole('button', { name: 'GENERATE AUDIO FILES' });
const isDisabled = (button: HTMLElement) => button.hasAttribute('disabled') || button.getAttribute('aria-disabled') === 'true';

describe('the issue audio screen', () => {
  it('lists the intro and the stories of the first two channels, titled by their first 10 words, all NOT READY', async () => {
    open();
    await screen.findByRole('list', { name: 'Audio items' });
    expect(itemTitles()).toEqual([
      'Günaydın! Bugün bültende üç haber var.',
      'Şehirde yeni metro hattı bugün sabah saatlerinde törenle hizmete açıldı',
      'Yarın kıyı kesimlerde kuvvetli yağmur bekleniyor.',
    ]);
    expect(badges()).toEqual(['NOT READY', 'NOT READY', 'NOT READY']);
  });

  it('GENERATE AUDIO FILES stores every item as issue chunks, makes the audio, speaks each chunk and the items turn READY', async () => {
    open();
    await screen.findByRole('list', { name: 'Audio items' });
    fireEvent.click(generateButton());
    await waitFor(() => expect(sent.some((call) => call.path.startsWith('/chunks/generate/'))).toBe(true));
    expect(isDisabled(generateButton())).toBe(true);
    expect(badges()).toEqual(['NOT READY', 'NOT READY', 'NOT READY']);

    const stores = sent.filter((call) => call.method === 'PUT').map((call) => call.body as Partial<Chunk>);
    expect(stores.map((body) => [body.content_type, body.content_id, body.origin])).toEqual([
      ['issue', 'i1', 'intro'],
      ['issue', 'i1', 's1'],
      ['issue', 'i1', 's2'],
    ]);
    expect(sent.find((call) => call.path === '/audios/create')?.body).toMatchObject({ chunks: ['c1', 'c2', 'c3'], content_id: 'i1', content_type: 'issue' });
    // At most two chunks are spoken at a time.
    expect(sent.filter((call) => call.path.startsWith('/chunks/generate/'))).toHaveLength(2);

    releaseGeneration();
    await waitFor(() => expect(badges()).toEqual(['READY', 'READY', 'READY']));
    await waitFor(() => expect(isDisabled(generateButton())).toBe(false));
  });

  it('only logs a failure, shows no toast, and gives the button back', async () => {
    generateFails = true;
    releaseGeneration();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    open();
    await screen.findByRole('list', { name: 'Audio items' });
    fireEvent.click(generateButton());
    await waitFor(() => expect(logged).toHaveBeenCalled());
    await waitFor(() => expect(isDisabled(generateButton())).toBe(false));
    expect(screen.queryByTestId('toast')).toBeNull();
    expect(badges()).toEqual(['NOT READY', 'NOT READY', 'NOT READY']);
  });
});
