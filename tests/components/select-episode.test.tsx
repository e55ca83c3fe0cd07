// @vitest-environment happy-dom
/**
 * 'Select Episode' (story settings attach an episode with it): it lists the newsletter's episodes,
 * 'Show only my content' asks for the user's own, SELECT hands the chosen one over, and
 * 'Upload from Megaphone' imports a provider episode, makes a draft episode of it and selects that.
 */
import { setIconOptions } from '@fluentui/react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Episode } from '../../schemas/generated/entities/episode';

const origin = 'http://localhost';
const episodeOf = (id: string, title: string, uploader: string): Episode => ({
  _id: id,
  title,
  key: id,
  subtitle: '',
  body: '',
  image: '',
  audio: `/uploads/episodes/2026-11/${id}.mp3`,
  duration: 8,
  newsletter: 'n1',
  status: { draft: false, scheduled: false, published: true },
  publishedAt: '2026-11-20T10:00:00.000Z',
  type: 'other',
  parent_id: null,
  parent_type: null,
  lang: 'tr',
  uploader: { _id: uploader, name: 'Emre Demir', image: '' },
  recording: 'r1',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
});
const episodes = [episodeOf('e1', 'Sabah Kahvesi', 'u2'), episodeOf('e2', 'Haftanın Özeti', 'u1')];
const listQueries: URLSearchParams[] = [];
const created: unknown[] = [];
const server = setupServer(
  http.get(`${origin}/api/episodes/list`, ({ request }) => {
    const query = new URL(request.url).searchParams;
    listQueries.push(query);
    const data = episodes.filter((episode) => !query.get('uploader') || episode.uploader?._id === query.get('uploader'));
    return HttpResponse.json({ data, count: data.length });
  }),
  http.get(`${origin}/api/podcasts/list`, () =>
    HttpResponse.json({
      data: [{ id: 'p1', title: 'Kuzey Sesleri', image: '', episodeCount: 1, createdAt: '2025-10-20T00:00:00.000Z' }],
      count: 1,
      provider: 'megaphone',
    }),
  ),
  http.get(`${origin}/api/podcasts/list/p1/episodes`, () =>
    HttpResponse.json({
      data: [
        {
          id: 'pe1',
          podcastId: 'p1',
          title: 'Birinci Bölüm',
          subtitle: '',
          image: '',
          publishedAt: '2025-10-20T00:00:00.000Z',
          audioUrl: 'https://example.com/1.mp3',
        },
      ],
      count: 1,
    }),
  ),
  http.post(`${origin}/api/podcasts/import`, () =>
    HttpResponse.json({
      data: {
        _id: 'r9',
        title: 'Birinci Bölüm',
        subtitle: 'Alt',
        description: 'Açıklama',
        image: '',
        audio: '/uploads/recordings/2026-11/r9.mp3',
        duration: 5,
        podcastId: 'p1',
        content_id: 'pe1',
      },
    }),
  ),
  http.post(`${origin}/api/episodes/create`, async ({ request }) => {
    const body = await request.json();
    created.push(body);
    return HttpResponse.json({ data: episodeOf('e9', 'Birinci Bölüm', 'u1') });
  }),
);

let SelectEpisodeDialog: typeof import('../../plugins/episodes/client/public').SelectEpisodeDialog;

beforeAll(async () => {
  setIconOptions({ disableWarnings: true });
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/`);
  (globalThis as unknown as { IntersectionObserver: unknown }).IntersectionObserver = class {
    observe() {}
    disconnect() {}
  };
  server.listen({ onUnhandledRequest: 'error' });
  ({ SelectEpisodeDialog } = await import('../../plugins/episodes/client/public'));
  const stores = await import('../../core/client/stores');
  stores.store.set(stores.userAtom, {
    _id: 'u1',
    email: 'editor@masthead.local',
    role: { key: 'editor' },
    publisher: 'p1',
    profile: { name: 'Emre Demir', biography: '', url: '', image: '' },
    status: { ready: true },
  });
});
afterEach(() => {
  cleanup();
  listQueries.length = 0;
  created.length = 0;
  localStorage.clear();
});
afterAll(() => server.close());

describe('SelectEpisodeDialog', () => {
  it("lists the newsletter's episodes, filters to the user's own, and SELECT hands the chosen one over", async () => {
    const onSelect = vi.fn();
    render(<SelectEpisodeDialog newsletterId="n1" onDismiss={() => undefined} onSelect={onSelect} />);
    await screen.findByText('Sabah Kahvesi');
    expect(listQueries[0]!.get('newsletter')).toBe('n1');
    expect(listQueries[0]!.get('uploader')).toBeNull();
    expect(screen.getByRole('button', { name: 'SELECT' })).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('switch', { name: 'Show only my content' }));
    await waitFor(() => expect(listQueries.at(-1)!.get('uploader')).toBe('u1'));
    await waitFor(() => expect(screen.queryByText('Sabah Kahvesi')).toBeNull());

    fireEvent.click(screen.getByText('Haftanın Özeti'));
    fireEvent.click(screen.getByRole('button', { name: 'SELECT' }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ _id: 'e2' }));
  });

  it('imports from the podcast provider and selects a draft episode of the imported recording', async () => {
    const onSelect = vi.fn();
    render(<SelectEpisodeDialog newsletterId="n1" onDismiss={() => undefined} onSelect={onSelect} />);
    await screen.findByText('Sabah Kahvesi');
    fireEvent.click(screen.getByRole('button', { name: 'Upload from Megaphone' }));
    fireEvent.click(await screen.findByText('Kuzey Sesleri'));
    fireEvent.click(await screen.findByRole('button', { name: 'Import Birinci Bölüm' }));
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ _id: 'e9' })));
    expect(created).toEqual([expect.objectContaining({ newsletter: 'n1', recording: 'r9', title: 'Birinci Bölüm', status: 'draft' })]);
  });
});
