// @vitest-environment happy-dom
/**
 * The image picker: GALLERY lists the library's small copies and SELECT hands the chosen image
 * over; UPLOAD checks the type, the size and the alt text before sending anything (spec section 5),
 * and an uploaded image is selected at once.
 */
import { setIconOptions } from '@fluentui/react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Image } from '../../schemas/generated/entities/image';

const origin = 'http://localhost';
const imageOf = (id: string, alt: string): Image => ({
  _id: id,
  path: `/uploads/images/2026-11/${id}.png`,
  alt,
  source: '',
  caption: '',
  width: 1200,
  height: 500,
  sizes: { small: `/uploads/images/2026-11/${id}-small.webp`, medium: `/uploads/images/2026-11/${id}-medium.webp` },
  uploader: { _id: 'u1', name: 'Emre Demir', image: '' },
  publisher: 'p1',
  createdAt: '2026-11-20T10:00:00.000Z',
});
const library = [imageOf('00000000-0000-0000-0000-000000000001', 'Dağlar'), imageOf('00000000-0000-0000-0000-000000000002', 'Deniz')];
const uploads: FormData[] = [];
const listQueries: URLSearchParams[] = [];
const server = setupServer(
  http.get(`${origin}/api/images/list`, ({ request }) => {
    listQueries.push(new URL(request.url).searchParams);
    return HttpResponse.json({ data: library, count: library.length });
  }),
  http.post(`${origin}/api/images/create`, async ({ request }) => {
    const form = await request.formData();
    uploads.push(form);
    return HttpResponse.json({ data: imageOf('00000000-0000-0000-0000-000000000003', String(form.get('alt'))), msg: 'Image is uploaded.' });
  }),
);

type Modules = {
  ImagePicker: typeof import('../../plugins/images/client/ImagePicker').default;
  Toaster: typeof import('../../core/client/toasts').Toaster;
  stores: typeof import('../../core/client/stores');
};
let modules: Modules;

beforeAll(async () => {
  // No icon fonts here: Fluent's warnings about them are noise.
  setIconOptions({ disableWarnings: true });
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/`);
  // happy-dom has no IntersectionObserver; the first page is fetched without it.
  (globalThis as unknown as { IntersectionObserver: unknown }).IntersectionObserver = class {
    observe() {}
    disconnect() {}
  };
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => undefined;
  server.listen({ onUnhandledRequest: 'error' });
  modules = {
    ImagePicker: (await import('../../plugins/images/client/ImagePicker')).default,
    Toaster: (await import('../../core/client/toasts')).Toaster,
    stores: await import('../../core/client/stores'),
  };
  modules.stores.store.set(modules.stores.userAtom, {
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
  uploads.length = 0;
});
afterAll(() => server.close());

function renderPicker(onSelect = vi.fn()) {
  render(
    <>
      <modules.Toaster />
      <modules.ImagePicker onDismiss={() => undefined} onSelect={onSelect} recommendedSize="600 x 600 px" />
    </>,
  );
  return onSelect;
}

const fileInput = () => screen.getByLabelText('Image file') as HTMLInputElement;
const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });
const png = (bytes = 100) => new File([new Uint8Array(bytes)], 'photo.png', { type: 'image/png' });

describe('image picker', () => {
  it('shows the gallery with small copies and selects one', async () => {
    const onSelect = renderPicker();
    const tile = await screen.findByRole('option', { name: 'Deniz' });
    expect(tile.querySelector('img')?.getAttribute('src')).toContain('-small.webp');
    expect(listQueries.at(-1)?.get('limit')).toBe('30');
    expect(listQueries.at(-1)?.get('uploader')).toBeNull();
    fireEvent.click(tile);
    fireEvent.click(screen.getByRole('button', { name: 'SELECT' }));
    expect(onSelect).toHaveBeenCalledWith(library[1]);
  });

  it('refuses a file that is not JPG, PNG or GIF, or bigger than 5 MB, before sending', async () => {
    renderPicker();
    fireEvent.click(screen.getByRole('tab', { name: 'UPLOAD' }));
    expect(screen.getByText('Recommended size: 600 x 600 px')).toBeTruthy();
    choose(new File(['text'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('You can only upload JPG/PNG/GIF file!')).toBeTruthy();
    choose(png(5242881));
    expect(await screen.findByText('Image must smaller than 5MB!')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'UPLOAD' }) as HTMLButtonElement).disabled).toBe(true);
    expect(uploads).toEqual([]);
  });

  it('asks for alt text in Turkish, then uploads and selects the new image', async () => {
    const onSelect = renderPicker();
    fireEvent.click(screen.getByRole('tab', { name: 'UPLOAD' }));
    choose(png());
    fireEvent.click(screen.getByRole('button', { name: 'UPLOAD' }));
    expect((await screen.findAllByText('Lütfen alt metin girin.')).length).toBeGreaterThan(0);
    expect(uploads).toEqual([]);

    fireEvent.change(screen.getByRole('textbox', { name: 'ALT TEXT' }), { target: { value: 'Yeni görsel' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'SOURCE' }), { target: { value: 'Kaynak' } });
    fireEvent.click(screen.getByRole('button', { name: 'UPLOAD' }));
    await waitFor(() => expect(onSelect).toHaveBeenCalledTimes(1));
    expect(onSelect.mock.calls[0]![0]).toMatchObject({ alt: 'Yeni görsel' });
    const sent = uploads[0]!;
    expect(sent.get('alt')).toBe('Yeni görsel');
    expect(sent.get('source')).toBe('Kaynak');
    expect(sent.get('uploader')).toBe('u1');
    expect(sent.get('publisher')).toBe('p1');
    expect((sent.get('image') as File).name).toBe('photo.png');
  });
});
