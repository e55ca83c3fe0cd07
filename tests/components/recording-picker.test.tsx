// @vitest-environment happy-dom
/**
 * The recording picker other plugins open ('Select Recording'): it lists the library with a player
 * per recording, 'Show only my content' asks for the user's own, and SELECT hands the chosen one over.
 */
import { setIconOptions } from '@fluentui/react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Recording } from '../../schemas/generated/entities/recording';

const origin = 'http://localhost';
const recordingOf = (id: string, title: string, uploader: string, duration: number): Recording => ({
  _id: id,
  title,
  subtitle: '',
  description: '',
  image: '',
  audio: `/uploads/recordings/2026-11/${id}.mp3`,
  duration,
  uploader: { _id: uploader, name: uploader === 'u1' ? 'Emre Demir' : 'Selin Kaya', image: '' },
  publisher: 'p1',
  slug: '',
  lang: 'tr',
  podcastId: null,
  content_id: null,
  createdAt: '2026-11-20T10:00:00.000Z',
});
const library = [
  recordingOf('00000000-0000-0000-0000-000000000001', 'Sabah açılışı', 'u2', 6.04),
  recordingOf('00000000-0000-0000-0000-000000000002', 'Haftanın özeti', 'u1', 125.6),
];
const listQueries: URLSearchParams[] = [];
const server = setupServer(
  http.get(`${origin}/api/recordings/list`, ({ request }) => {
    const query = new URL(request.url).searchParams;
    listQueries.push(query);
    const data = library.filter((recording) => !query.get('uploader') || recording.uploader?._id === query.get('uploader'));
    return HttpResponse.json({ data, count: data.length });
  }),
);

let RecordingPicker: typeof import('../../plugins/recordings/client/public').RecordingPicker;

beforeAll(async () => {
  setIconOptions({ disableWarnings: true });
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/`);
  (globalThis as unknown as { IntersectionObserver: unknown }).IntersectionObserver = class {
    observe() {}
    disconnect() {}
  };
  server.listen({ onUnhandledRequest: 'error' });
  ({ RecordingPicker } = await import('../../plugins/recordings/client/public'));
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
  localStorage.clear();
});
afterAll(() => server.close());

describe('RecordingPicker', () => {
  it('lists recordings with a player and their length, and SELECT hands the chosen one over', async () => {
    const onSelect = vi.fn();
    render(<RecordingPicker onDismiss={() => undefined} onSelect={onSelect} />);
    expect(await screen.findByText('Haftanın özeti')).toBeTruthy();
    expect(screen.getByText('2:06')).toBeTruthy();
    expect(screen.getByText('0:06')).toBeTruthy();
    const player = document.querySelector('audio[aria-label="Haftanın özeti"]') as HTMLAudioElement;
    expect(player.getAttribute('src')).toBe(library[1]!.audio);
    expect(player.getAttribute('preload')).toBe('none');
    expect(listQueries[0]?.get('limit')).toBe('30');

    const select = screen.getByRole('button', { name: 'SELECT' });
    expect((select as HTMLButtonElement).disabled || select.getAttribute('aria-disabled') === 'true').toBe(true);
    fireEvent.click(screen.getByRole('option', { name: 'Haftanın özeti' }));
    fireEvent.click(screen.getByRole('button', { name: 'SELECT' }));
    expect(onSelect).toHaveBeenCalledWith(library[1]);
  });

  it("'Show only my content' asks for the user's own recordings", async () => {
    render(<RecordingPicker onDismiss={() => undefined} onSelect={() => undefined} />);
    expect(await screen.findByText('Sabah açılışı')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Show only my content' }));
    await waitFor(() => expect(screen.queryByText('Sabah açılışı')).toBeNull());
    // The list empties while the user's own recordings load.
    expect(await screen.findByText('Haftanın özeti')).toBeTruthy();
    expect(listQueries.at(-1)?.get('uploader')).toBe('u1');
  });
});
