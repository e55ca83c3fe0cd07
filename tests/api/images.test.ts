/**
 * Images (spec 000: Images page, section 5 upload rules, section 7 calls; spec 002 section 7 editor
 * upload): the real type and the 5 MB limit are checked by the server with the spec's messages,
 * alt text is required, variants are made and served, and a library belongs to one publisher.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enginesFor, startTestServer, type TestServer } from './server';
import { multipart, type FilePart } from './multipart';

const databases = enginesFor('embedded');

const typeMessage = 'You can only upload JPG/PNG/GIF file!';
const sizeMessage = 'Image must smaller than 5MB!';
const tooLargeMessage = 'Image is too large: at most 8000 x 6000 pixels.';
const altMessage = 'Lütfen alt metin girin.';
const maxBytes = 5242880;

/** A real PNG drawn with sharp. */
async function pngOf(width: number, height: number, color = '#2b88d8'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

describe.each(databases)('images on %s', (kind) => {
  let t: TestServer;
  let tokens: Record<'director' | 'editor' | 'author' | 'other' | 'admin', string>;
  let userIds: Record<'director' | 'editor' | 'author', string>;
  let publisherId: string;
  let png: Buffer;

  const upload = async (token: string, fields: Record<string, string>, file?: Partial<FilePart> | null, url = '/api/images/create') => {
    const part = file === null ? undefined : { field: 'image', filename: 'photo.png', contentType: 'image/png', content: png, ...file };
    const { payload, headers } = multipart(fields, part);
    const response = await t.server.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}`, ...headers }, payload });
    return { status: response.statusCode, body: JSON.parse(response.body) };
  };
  const listOf = async (token: string, query = '') => t.request('GET', `/api/images/list${query}`, { token });
  const count = async () =>
    Number(
      (
        await t.server.database.db
          .withTables<{ images: { id: string } }>()
          .selectFrom('images')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await startTestServer(kind);
    png = await pngOf(1600, 900);
    tokens = {
      admin: await t.login('admin@masthead.local'),
      director: await t.login('director@masthead.local'),
      editor: await t.login('editor@masthead.local'),
      author: await t.login('author@masthead.local'),
      other: await t.login('director@egehaber.example'),
    };
    const idOf = async (token: string) => (await t.request('GET', '/api/auth/verify', { token })).body.data.user;
    const director = await idOf(tokens.director);
    publisherId = director.publisher;
    userIds = { director: director._id, editor: (await idOf(tokens.editor))._id, author: (await idOf(tokens.author))._id };
  });
  afterAll(async () => {
    await t.close();
  });

  it('has the demo images, newest first, with their variants', async () => {
    const { status, body } = await listOf(tokens.editor);
    expect(status).toBe(200);
    expect(body.count).toBeGreaterThanOrEqual(6);
    expect(body.data.length).toBe(body.count);
    const dates = body.data.map((image: { createdAt: string }) => image.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const uploaders = new Set(body.data.map((image: { uploader: { _id: string } }) => image.uploader._id));
    expect(uploaders.size).toBeGreaterThanOrEqual(3);
    for (const image of body.data) {
      expect(image.alt).not.toBe('');
      expect(image.publisher).toBe(publisherId);
      const small = await t.server.app.inject({ method: 'GET', url: image.sizes.small });
      expect(small.statusCode).toBe(200);
      expect(small.headers['content-type']).toBe('image/webp');
    }
  });

  it('uploads a real PNG: stored with small and medium WebP copies, served with a year of caching', async () => {
    const { status, body } = await upload(tokens.editor, {
      alt: 'Mavi bir dikdörtgen',
      source: 'Test',
      caption: 'Bir açıklama',
      uploader: userIds.director,
      publisher: publisherId,
    });
    expect(status).toBe(200);
    const image = body.data;
    expect(image).toMatchObject({ alt: 'Mavi bir dikdörtgen', source: 'Test', caption: 'Bir açıklama', width: 1600, height: 900, publisher: publisherId });
    // The uploader is always the caller, whatever the form says.
    expect(image.uploader).toMatchObject({ _id: userIds.editor, name: expect.any(String) });
    expect(image.path).toMatch(/^\/uploads\/images\/\d{4}-\d{2}\/[0-9a-f-]{36}\.png$/);
    expect(image.sizes.small).toBe(image.path.replace('.png', '-small.webp'));
    expect(image.sizes.medium).toBe(image.path.replace('.png', '-medium.webp'));

    const original = await t.server.app.inject({ method: 'GET', url: image.path });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.rawPayload.equals(png)).toBe(true);
    for (const [url, width] of [
      [image.sizes.small, 480],
      [image.sizes.medium, 1200],
    ] as const) {
      const response = await t.server.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toContain('max-age=31536000');
      const meta = await sharp(response.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(width);
    }

    // It is in the list, first.
    const { body: list } = await listOf(tokens.director);
    expect(list.data[0]._id).toBe(image._id);
  });

  it('never enlarges a small image and keeps a GIF animated', async () => {
    const tiny = await pngOf(200, 100, '#ffce14');
    const { status, body } = await upload(tokens.editor, { alt: 'Küçük' }, { content: tiny });
    expect(status).toBe(200);
    const small = await t.server.app.inject({ method: 'GET', url: body.data.sizes.small });
    expect((await sharp(small.rawPayload).metadata()).width).toBe(200);

    const frames = await Promise.all(
      ['#ff0000', '#00ff00', '#0000ff'].map((color) =>
        sharp({ create: { width: 600, height: 300, channels: 3, background: color } })
          .raw()
          .toBuffer(),
      ),
    );
    const gif = await sharp(Buffer.concat(frames), { raw: { width: 600, height: 900, channels: 3, pageHeight: 300 } })
      .gif({ delay: [100, 100, 100] })
      .toBuffer();
    const animated = await upload(tokens.editor, { alt: 'Hareketli' }, { content: gif, filename: 'anim.gif', contentType: 'image/gif' });
    expect(animated.status).toBe(200);
    expect(animated.body.data).toMatchObject({ width: 600, height: 300 });
    const copy = await t.server.app.inject({ method: 'GET', url: animated.body.data.sizes.small });
    const meta = await sharp(copy.rawPayload, { animated: true }).metadata();
    expect(meta.pages).toBe(3);
    expect(meta.width).toBe(480);
  });

  it('refuses a text file named photo.png sent as image/png, and a corrupt PNG, with the type message', async () => {
    const before = await count();
    const text = await upload(tokens.editor, { alt: 'Metin' }, { content: Buffer.from('this is not an image at all, only text\n'.repeat(20)) });
    expect(text.status).toBe(422);
    expect(text.body).toEqual({ msg: 'Error!', details: [{ message: typeMessage, path: 'image' }] });
    // PNG's first bytes, then garbage: file-type says PNG, sharp cannot read it.
    const corrupt = await upload(tokens.editor, { alt: 'Bozuk' }, { content: Buffer.concat([png.subarray(0, 64), Buffer.alloc(2000, 7)]) });
    expect(corrupt.status).toBe(422);
    expect(corrupt.body.details[0].message).toBe(typeMessage);
    const missing = await upload(tokens.editor, { alt: 'Dosyasız' }, null);
    expect(missing.status).toBe(422);
    expect(missing.body.details[0].message).toBe(typeMessage);
    expect(await count()).toBe(before);
  });

  it('refuses 5 MB + 1 byte with the size message, and takes exactly 5 MB', async () => {
    const padded = (bytes: number) => Buffer.concat([png, Buffer.alloc(bytes - png.length)]);
    const tooBig = await upload(tokens.editor, { alt: 'Büyük' }, { content: padded(maxBytes + 1) });
    expect(tooBig.status).toBe(422);
    expect(tooBig.body).toEqual({ msg: 'Error!', details: [{ message: sizeMessage, path: 'image' }] });
    const atLimit = await upload(tokens.editor, { alt: 'Sınırda' }, { content: padded(maxBytes) });
    expect(atLimit.status).toBe(200);
  });

  it("refuses an image beyond 8000 x 6000 pixels in either orientation, on the file's field, and takes one at the limit", async () => {
    const before = await count();
    const tooLarge = { msg: 'Error!', details: [{ message: tooLargeMessage, path: 'image' }] };
    for (const [width, height] of [
      [8001, 10],
      [10, 8001],
      [6001, 6001],
    ]) {
      const { status, body } = await upload(tokens.editor, { alt: 'Çok büyük' }, { content: await pngOf(width, height) });
      expect(status).toBe(422);
      expect(body).toEqual(tooLarge);
    }
    // All the frames of an animated GIF count: 3 frames of 4000 x 6000 are 72 megapixels.
    const frames = await Promise.all(
      ['#ff0000', '#00ff00', '#0000ff'].map((color) =>
        sharp({ create: { width: 4000, height: 6000, channels: 3, background: color } })
          .raw()
          .toBuffer(),
      ),
    );
    const gif = await sharp(Buffer.concat(frames), { raw: { width: 4000, height: 18000, channels: 3, pageHeight: 6000 } })
      .gif()
      .toBuffer();
    const animated = await upload(tokens.editor, { alt: 'Uzun animasyon' }, { filename: 'loop.gif', contentType: 'image/gif', content: gif });
    expect(animated.body).toEqual(tooLarge);
    const editor = await upload(tokens.editor, {}, { field: 'upload', content: await pngOf(8001, 10) }, '/api/editor/image/upload');
    expect(editor.status).toBe(422);
    expect(editor.body.details).toEqual([{ message: tooLargeMessage, path: 'upload' }]);
    expect(editor.body.error).toEqual({ message: tooLargeMessage });
    expect(await count()).toBe(before);

    const portrait = await upload(tokens.editor, { alt: 'Sınırda, dikey' }, { content: await pngOf(10, 8000) });
    expect(portrait.status).toBe(200);
    expect(portrait.body.data).toMatchObject({ width: 10, height: 8000 });
  });

  it('requires alt text (in Turkish) and stores nothing without it', async () => {
    const before = await count();
    for (const fields of [{}, { alt: '' }, { alt: '   ' }] as Record<string, string>[]) {
      const { status, body } = await upload(tokens.editor, { source: 'Kaynak', ...fields });
      expect(status).toBe(422);
      expect(body).toEqual({ msg: 'Error!', details: [{ message: altMessage, path: 'alt' }] });
    }
    expect(await count()).toBe(before);
  });

  it('is refused without images.create, without a session, and for another publisher', async () => {
    const anonymous = await t.server.app.inject({ method: 'POST', url: '/api/images/create', ...multipart({ alt: 'x' }) });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.request('GET', '/api/images/list')).status).toBe(401);
    const other = await upload(tokens.editor, { alt: 'Başka yayıncı', publisher: randomUUID() });
    expect(other.status).toBe(404);
  });

  it('filters by uploader and pages with a count', async () => {
    const all = (await listOf(tokens.director, '?limit=100')).body;
    const own = (await listOf(tokens.director, `?uploader=${userIds.author}&limit=100`)).body;
    expect(own.count).toBeGreaterThan(0);
    expect(own.count).toBeLessThan(all.count);
    expect(own.data.every((image: { uploader: { _id: string } }) => image.uploader._id === userIds.author)).toBe(true);
    expect(own.count).toBe(all.data.filter((image: { uploader: { _id: string } }) => image.uploader._id === userIds.author).length);

    const first = (await listOf(tokens.director, '?limit=2&page=0')).body;
    const second = (await listOf(tokens.director, '?limit=2&page=1')).body;
    expect(first.count).toBe(all.count);
    expect(first.data.map((image: { _id: string }) => image._id)).toEqual(all.data.slice(0, 2).map((image: { _id: string }) => image._id));
    expect(second.data.map((image: { _id: string }) => image._id)).toEqual(all.data.slice(2, 4).map((image: { _id: string }) => image._id));
    const oldest = (await listOf(tokens.director, '?limit=1&desc=false')).body;
    expect(oldest.data[0]._id).toBe(all.data.at(-1)._id);

    expect((await listOf(tokens.director, '?limit=0')).status).toBe(422);
    expect((await listOf(tokens.director, '?page=-1')).status).toBe(422);
    expect((await listOf(tokens.director, '?sort=title')).status).toBe(422);
  });

  it("keeps another publisher's director out of Kuzey Medya's images", async () => {
    const { body } = await upload(tokens.director, { alt: 'Kuzey' });
    const id = body.data._id;
    const list = (await listOf(tokens.other, '?limit=100')).body;
    expect(list.data.some((image: { publisher: string }) => image.publisher === publisherId)).toBe(false);
    expect(list.data.some((image: { _id: string }) => image._id === id)).toBe(false);
    expect((await t.request('GET', `/api/images/update/${id}`, { token: tokens.other })).status).toBe(404);
    expect((await t.request('PUT', `/api/images/update/${id}`, { token: tokens.other, body: { alt: 'Ele geçirildi' } })).status).toBe(404);
    expect((await t.request('DELETE', `/api/images/delete/${id}`, { token: tokens.other })).status).toBe(404);
    expect((await listOf(tokens.other, `?uploader=${userIds.director}`)).body).toEqual({ data: [], count: 0 });
    // Still there, unchanged.
    expect((await t.request('GET', `/api/images/update/${id}`, { token: tokens.director })).body.data.body.alt).toBe('Kuzey');
  });

  it('edits credentials: alt required, the uploader or images.manage', async () => {
    const { body } = await upload(tokens.author, { alt: 'Yazarın görseli' });
    const id = body.data._id;
    const form = await t.request('GET', `/api/images/update/${id}`, { token: tokens.author });
    expect(form.status).toBe(200);
    expect(form.body.data.body).toMatchObject({ _id: id, alt: 'Yazarın görseli' });

    const saved = await t.request('PUT', `/api/images/update/${id}`, {
      token: tokens.author,
      body: { alt: 'Yeni alt metin', source: 'Yeni kaynak', caption: 'Yeni açıklama' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ alt: 'Yeni alt metin', source: 'Yeni kaynak', caption: 'Yeni açıklama' });

    const noAlt = await t.request('PUT', `/api/images/update/${id}`, { token: tokens.author, body: { alt: '', source: 'x' } });
    expect(noAlt.status).toBe(422);
    expect(noAlt.body.details[0]).toEqual({ message: altMessage, path: 'alt' });
    const withoutAlt = await t.request('PUT', `/api/images/update/${id}`, { token: tokens.author, body: { source: 'x' } });
    expect(withoutAlt.body.details[0]).toEqual({ message: altMessage, path: 'alt' });

    // An editor holds images.manage: may edit the author's image.
    expect((await t.request('PUT', `/api/images/update/${id}`, { token: tokens.editor, body: { alt: 'Editör düzeltti' } })).status).toBe(200);

    // The author may not edit someone else's image.
    const others = (await listOf(tokens.author, `?uploader=${userIds.director}`)).body.data[0]._id;
    const refused = await t.request('PUT', `/api/images/update/${others}`, { token: tokens.author, body: { alt: 'Değiştirdim' } });
    expect(refused.status).toBe(401);
    expect(refused.body.err).toBe('UNAUTHORIZED');
    expect((await t.request('GET', `/api/images/update/${others}`, { token: tokens.author })).status).toBe(401);
    expect((await t.request('GET', `/api/images/update/${randomUUID()}`, { token: tokens.editor })).status).toBe(404);
    expect((await t.request('PUT', `/api/images/update/${id}`, { body: { alt: 'x' } })).status).toBe(401);
  });

  it('deletes: the author their own image (with its files), not another one', async () => {
    const { body } = await upload(tokens.author, { alt: 'Silinecek' });
    const image = body.data;
    const others = (await listOf(tokens.author, `?uploader=${userIds.editor}`)).body.data[0]._id;
    const refused = await t.request('DELETE', `/api/images/delete/${others}`, { token: tokens.author });
    expect(refused.status).toBe(401);

    const deleted = await t.request('DELETE', `/api/images/delete/${image._id}`, { token: tokens.author });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ _id: image._id });
    for (const url of [image.path, image.sizes.small, image.sizes.medium]) expect((await t.server.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await t.request('DELETE', `/api/images/delete/${image._id}`, { token: tokens.author })).status).toBe(404);
    expect((await t.request('DELETE', `/api/images/delete/${others}`)).status).toBe(401);
    // The other image is still there.
    expect((await t.request('GET', `/api/images/update/${others}`, { token: tokens.editor })).status).toBe(200);
  });

  it("takes editor uploads (field upload) in CKEditor's shape, into the library, with the same rules", async () => {
    const { status, body } = await upload(tokens.editor, {}, { field: 'upload', filename: 'paste.png' }, '/api/editor/image/upload');
    expect(status).toBe(200);
    expect(body.url).toMatch(/^\/uploads\/images\/.+\.png$/);
    expect(body.urls).toEqual({ default: body.url, 480: body.data.sizes.small, 1200: body.data.sizes.medium });
    expect(body.data).toMatchObject({ alt: '', caption: '', path: body.url });
    expect((await t.server.app.inject({ method: 'GET', url: body.urls['480'] })).statusCode).toBe(200);
    expect((await listOf(tokens.editor, '?limit=1')).body.data[0]._id).toBe(body.data._id);

    const text = await upload(tokens.editor, {}, { field: 'upload', content: Buffer.from('GIF89a? no, just text') }, '/api/editor/image/upload');
    expect(text.status).toBe(422);
    expect(text.body.details[0].message).toBe(typeMessage);
    expect(text.body.error).toEqual({ message: typeMessage });
    const big = await upload(
      tokens.editor,
      {},
      { field: 'upload', content: Buffer.concat([png, Buffer.alloc(maxBytes + 1 - png.length)]) },
      '/api/editor/image/upload',
    );
    expect(big.status).toBe(422);
    expect(big.body.error).toEqual({ message: sizeMessage });
    const anonymous = await t.server.app.inject({ method: 'POST', url: '/api/editor/image/upload', ...multipart({}) });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets an admin work in the chosen publisher only', async () => {
    const { body: scope } = await t.request('PUT', '/api/auth/scope', { token: tokens.admin, body: { publisher: publisherId } });
    const list = await listOf(scope.data);
    expect(list.status).toBe(200);
    expect(list.body.data.every((image: { publisher: string }) => image.publisher === publisherId)).toBe(true);
    // Without a chosen publisher there is no library to upload into.
    expect((await upload(tokens.admin, { alt: 'Admin' })).status).toBe(404);
  });
});
