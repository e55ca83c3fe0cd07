/**
 * Recordings: uploads checked by their content (MP3, MPEG, M4A only; the size limit), the length
 * read from the file, the list with its uploader filter, edits that derive the slug, deletes that
 * remove the file, and the publisher and permission walls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPcm, demoSampleRate, demoTone } from '../../core/server/services/demo-audio';
import { constants } from '../../core/shared/config';
import { createRecording } from '../../plugins/recordings/server/public';
import { enginesFor, startTestServer, type TestServer } from './server';

const databases = enginesFor('embedded');

const typeMessage = 'You can only upload MP3/MPEG/M4A file!';
const sizeMessage = 'Too big to upload!';

/** An MP4 box: size, type, body. */
function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

/**
 * The smallest M4A music-metadata reads a length from: an 'M4A ' ftyp and one AAC sound track
 * whose media header says how long it is (no samples: enough to check the type and the length).
 */
function m4aFile(seconds: number, { brand = 'M4A ', handlerType = 'soun' } = {}): Buffer {
  const rate = 44100;
  const trackHeader = Buffer.alloc(84);
  trackHeader.writeUInt32BE(1, 12); // track id
  const mediaHeader = Buffer.alloc(24);
  mediaHeader.writeUInt32BE(rate, 12);
  mediaHeader.writeUInt32BE(Math.round(seconds * rate), 16);
  const handler = Buffer.concat([Buffer.alloc(8), Buffer.from(handlerType, 'latin1'), Buffer.alloc(12), Buffer.from('SoundHandler\0', 'latin1')]);
  const entry = Buffer.alloc(36);
  entry.writeUInt32BE(36);
  entry.write('mp4a', 4, 'latin1');
  entry.writeUInt16BE(1, 14); // data reference index
  entry.writeUInt16BE(1, 24); // channels
  entry.writeUInt16BE(16, 26); // bits per sample
  entry.writeUInt32BE(rate * 65536, 32);
  const sampleTable = box('stbl', box('stsd', Buffer.alloc(4), Buffer.from([0, 0, 0, 1]), entry), box('stsz', Buffer.alloc(12)));
  const track = box('trak', box('tkhd', trackHeader), box('mdia', box('mdhd', mediaHeader), box('hdlr', handler), box('minf', sampleTable)));
  return Buffer.concat([box('ftyp', Buffer.from(`${brand}\0\0\0\0M4A mp42isom`, 'latin1')), box('moov', track)]);
}

/** MPEG-1 Layer II (an .mp2 or .mpeg audio file): silent mono frames at 128 kbps, 44.1 kHz. */
function mpegLayer2File(seconds: number): Buffer {
  const frame = Buffer.alloc(Math.floor((144 * 128000) / 44100));
  frame.set([0xff, 0xfd, 0x80, 0xc0]);
  return Buffer.concat(Array.from({ length: Math.round((seconds * 44100) / 1152) }, () => frame));
}

/** A 16-bit mono WAV of the demo melody. */
function wavFile(seconds: number): Buffer {
  const samples = demoPcm({ seconds, notes: [440] });
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + samples.byteLength, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(demoSampleRate, 24);
  header.writeUInt32LE(demoSampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(samples.byteLength, 40);
  return Buffer.concat([header, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)]);
}

/** A multipart body by hand: text fields, then the file. */
function multipart(fields: Record<string, string>, file?: { field?: string; name: string; type: string; content: Buffer }) {
  const boundary = `----masthead${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${file.field ?? 'audio'}"; filename="${file.name}"\r\ncontent-type: ${file.type}\r\n\r\n`,
      ),
    );
    parts.push(file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(databases)('recordings (%s)', (kind) => {
  let t: TestServer;
  let director: string;
  let editor: string;
  let author: string;
  let otherDirector: string;
  let editorId: string;
  let directorId: string;

  const upload = async (token: string | undefined, fields: Record<string, string>, file?: Parameters<typeof multipart>[1]) => {
    const { payload, contentType } = multipart(fields, file);
    const response = await t.server.app.inject({
      method: 'POST',
      url: '/api/recordings/create',
      headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload,
    });
    return { status: response.statusCode, body: JSON.parse(response.body) };
  };
  const mp3 = async (seconds: number, name = 'chime.mp3') => ({
    name,
    type: 'audio/mpeg',
    content: await demoTone({ seconds, notes: [523.25, 659.25, 783.99] }),
  });
  const idOf = async (token: string) => (await t.request('GET', '/api/auth/verify', { token })).body.data.user._id as string;

  beforeAll(async () => {
    t = await startTestServer(kind, {}, { enabledPlugins: ['resources', 'recordings'] });
    [director, editor, author, otherDirector] = await Promise.all(
      ['director@masthead.local', 'editor@masthead.local', 'author@masthead.local', 'director@egehaber.example'].map((email) => t.login(email)),
    );
    [directorId, editorId] = await Promise.all([idOf(director), idOf(editor)]);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('gives the blank upload form', async () => {
    const { status, body } = await t.request('GET', '/api/recordings/create', { token: editor });
    expect(status).toBe(200);
    expect(body.data.body).toEqual({ title: '', subtitle: '', description: '', slug: '', lang: 'tr', image: '' });
  });

  it('stores an uploaded MP3 with the length read from the file, not the one sent', async () => {
    const { status, body } = await upload(
      editor,
      { title: 'Sabah Bülteni — Çarşamba', description: 'Açılış', duration: '999', uploader: directorId, publisher: 'elsewhere', lang: 'tr' },
      await mp3(6),
    );
    expect(status, JSON.stringify(body)).toBe(200);
    const recording = body.data;
    expect(recording.duration).toBeGreaterThan(6 - 0.2);
    expect(recording.duration).toBeLessThan(6 + 0.2);
    expect(recording).toMatchObject({
      title: 'Sabah Bülteni — Çarşamba',
      description: 'Açılış',
      slug: 'sabah-bulteni-carsamba',
      lang: 'tr',
      podcastId: null,
      content_id: null,
    });
    // The caller is the uploader and their publisher the owner, whatever the form says.
    expect(recording.uploader).toMatchObject({ _id: editorId, name: 'Emre Demir' });
    const verify = await t.request('GET', '/api/auth/verify', { token: editor });
    expect(recording.publisher).toBe(verify.body.data.user.publisher);
    expect(recording.audio).toMatch(/^\/uploads\/recordings\/\d{4}-\d{2}\/[0-9a-f-]{36}\.mp3$/);
    const file = await t.server.app.inject({ method: 'GET', url: recording.audio });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('audio/mpeg');
  });

  it('accepts an MP3 with an ID3 tag, MPEG audio and M4A, by their content', async () => {
    const tagged = Buffer.concat([Buffer.from('ID3\x03\x00\x00\x00\x00\x00\x0a', 'latin1'), Buffer.alloc(10), (await mp3(3)).content]);
    const withTag = await upload(editor, { title: 'Etiketli' }, { name: 'tagged.mp3', type: 'audio/mpeg', content: tagged });
    expect(withTag.status, JSON.stringify(withTag.body)).toBe(200);
    expect(withTag.body.data.duration).toBeCloseTo(3, 0);

    const mpeg = await upload(editor, { title: 'MPEG' }, { name: 'jingle.mpeg', type: 'audio/mpeg', content: mpegLayer2File(3) });
    expect(mpeg.status, JSON.stringify(mpeg.body)).toBe(200);
    expect(Math.abs(mpeg.body.data.duration - 3)).toBeLessThan(0.2);

    const m4a = await upload(editor, { title: 'M4A' }, { name: 'voice.m4a', type: 'audio/x-m4a', content: m4aFile(3.5) });
    expect(m4a.status, JSON.stringify(m4a.body)).toBe(200);
    expect(m4a.body.data.duration).toBeCloseTo(3.5, 3);
    expect(m4a.body.data.audio).toMatch(/\.m4a$/);

    // Phones write M4A with a generic MP4 brand: audio only, so it is kept.
    const phone = await upload(editor, { title: 'Telefon kaydı' }, { name: 'memo.m4a', type: 'audio/mp4', content: m4aFile(2, { brand: 'mp42' }) });
    expect(phone.status, JSON.stringify(phone.body)).toBe(200);
    expect(phone.body.data.audio).toMatch(/\.m4a$/);
    // The same container with a video track is a video.
    const video = await upload(
      editor,
      { title: 'Video' },
      { name: 'clip.m4a', type: 'audio/mp4', content: m4aFile(2, { brand: 'isom', handlerType: 'vide' }) },
    );
    expect(video.body).toEqual({ msg: 'Error!', details: [{ message: typeMessage, path: 'audio' }] });
  });

  it('refuses other files, whatever their name says', async () => {
    for (const content of [wavFile(1), Buffer.from('not audio at all, only words\n'.repeat(20))]) {
      const { status, body } = await upload(editor, { title: 'Şarkı' }, { name: 'song.mp3', type: 'audio/mpeg', content });
      expect(status).toBe(422);
      expect(body).toEqual({ msg: 'Error!', details: [{ message: typeMessage, path: 'audio' }] });
    }
    const missing = await upload(editor, { title: 'Dosyasız' });
    expect(missing.body.details[0].message).toBe(typeMessage);
  });

  it('refuses a file one byte over the limit', async () => {
    // A real MP3 padded to recordingMaxBytes + 1: the limit is what refuses it, not the type.
    const start = (await mp3(1)).content;
    const content = Buffer.alloc(constants.limits.recordingMaxBytes + 1);
    start.copy(content);
    const { status, body } = await upload(editor, { title: 'Çok büyük' }, { name: 'big.mp3', type: 'audio/mpeg', content });
    expect(status).toBe(422);
    expect(body.details).toEqual([{ message: sizeMessage, path: 'audio' }]);
  }, 60_000);

  it('needs a title', async () => {
    const { status, body } = await upload(editor, { title: '   ' }, await mp3(1));
    expect(status).toBe(422);
    expect(body.details).toEqual([{ message: 'Title cannot be empty.', path: 'title' }]);
  });

  it("lists the publisher's recordings newest first, and one uploader's with the filter", async () => {
    await upload(director, { title: 'Yönetmenin kaydı' }, await mp3(2));
    const all = await t.request('GET', '/api/recordings/list', { token: editor });
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(all.body.data.length);
    expect(all.body.data[0].title).toBe('Yönetmenin kaydı');
    const dates = all.body.data.map((recording: { createdAt: string }) => recording.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const uploaders = new Set(all.body.data.map((recording: { uploader: { _id: string } }) => recording.uploader._id));
    expect(uploaders).toEqual(new Set([directorId, editorId]));

    const mine = await t.request('GET', `/api/recordings/list?uploader=${editorId}`, { token: editor });
    expect(mine.body.count).toBeGreaterThan(0);
    expect(mine.body.count).toBeLessThan(all.body.count);
    expect(mine.body.data.every((recording: { uploader: { _id: string } }) => recording.uploader._id === editorId)).toBe(true);

    const page = await t.request('GET', '/api/recordings/list?limit=2&page=1', { token: editor });
    expect(page.body.data.map((recording: { _id: string }) => recording._id)).toEqual(
      all.body.data.slice(2, 4).map((recording: { _id: string }) => recording._id),
    );
    expect(page.body.count).toBe(all.body.count);

    // The demo data: four chimes of Kuzey Medya, 4 to 12 seconds long.
    const demo = all.body.data.filter((recording: { title: string }) => recording.title === 'Sabah Bülteni açılış müziği');
    expect(demo).toHaveLength(1);
    expect(demo[0].duration).toBeGreaterThan(4);
  });

  it('edits a recording and derives the slug from the title', async () => {
    const created = (await upload(editor, { title: 'İlk ad' }, await mp3(1))).body.data;
    const form = await t.request('GET', `/api/recordings/update/${created._id}`, { token: editor });
    expect(form.status).toBe(200);
    expect(form.body.data.body).toMatchObject({ title: 'İlk ad', subtitle: '', description: '', slug: 'ilk-ad' });

    const { status, body } = await t.request('PUT', `/api/recordings/update/${created._id}`, {
      token: editor,
      body: { title: 'Güneşli Öğle Haberleri', subtitle: 'Öğle', description: 'Yeni açıklama', image: '', slug: 'ignored' },
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      title: 'Güneşli Öğle Haberleri',
      subtitle: 'Öğle',
      description: 'Yeni açıklama',
      slug: 'gunesli-ogle-haberleri',
      duration: created.duration,
      audio: created.audio,
    });

    const empty = await t.request('PUT', `/api/recordings/update/${created._id}`, { token: editor, body: { title: '' } });
    expect(empty.status).toBe(422);
    expect(empty.body.details[0].message).toBe('Title cannot be empty.');
  });

  it('deletes a recording and its file', async () => {
    const created = (await upload(editor, { title: 'Silinecek' }, await mp3(1))).body.data;
    expect((await t.server.app.inject({ method: 'GET', url: created.audio })).statusCode).toBe(200);
    const { status } = await t.request('DELETE', `/api/recordings/delete/${created._id}`, { token: editor });
    expect(status).toBe(200);
    expect((await t.server.app.inject({ method: 'GET', url: created.audio })).statusCode).toBe(404);
    expect((await t.request('GET', `/api/recordings/update/${created._id}`, { token: editor })).status).toBe(404);
    expect((await t.request('DELETE', `/api/recordings/delete/${created._id}`, { token: editor })).status).toBe(404);
  });

  it("keeps another publisher's recordings out of reach", async () => {
    const created = (await upload(editor, { title: 'Kuzey kaydı' }, await mp3(1))).body.data;
    expect((await t.request('GET', `/api/recordings/update/${created._id}`, { token: otherDirector })).status).toBe(404);
    expect((await t.request('PUT', `/api/recordings/update/${created._id}`, { token: otherDirector, body: { title: 'Ele geçirildi' } })).status).toBe(404);
    expect((await t.request('DELETE', `/api/recordings/delete/${created._id}`, { token: otherDirector })).status).toBe(404);
    const theirs = await t.request('GET', '/api/recordings/list', { token: otherDirector });
    expect(theirs.status).toBe(200);
    expect(theirs.body).toEqual({ data: [], count: 0 });
    // Still there, unchanged.
    expect((await t.request('GET', `/api/recordings/update/${created._id}`, { token: editor })).body.data.body.title).toBe('Kuzey kaydı');
  });

  it('refuses authors (no recordings permission) and anonymous callers', async () => {
    for (const token of [author, undefined]) {
      expect((await t.request('GET', '/api/recordings/list', { token })).status).toBe(401);
      expect((await t.request('GET', '/api/recordings/create', { token })).status).toBe(401);
      expect((await upload(token, { title: 'Yazar' }, await mp3(1))).status).toBe(401);
    }
  });

  it('imports a provider episode once (the public createRecording)', async () => {
    const { db, storage } = t.server.context;
    const publisherId = (await t.request('GET', '/api/auth/verify', { token: editor })).body.data.user.publisher as string;
    const input = {
      publisherId,
      uploaderId: editorId,
      title: 'Podcast bölümü',
      image: 'https://podcasts.example/cover.jpg',
      audio: { buffer: await demoTone({ seconds: 2, notes: [440, 660] }), mime: 'audio/mpeg', ext: 'mp3' },
      podcastId: 'feed-1',
      contentId: 'episode-7',
    };
    const first = await createRecording({ db, storage }, input);
    expect(first).toMatchObject({ podcastId: 'feed-1', content_id: 'episode-7', image: 'https://podcasts.example/cover.jpg', slug: 'podcast-bolumu' });
    const again = await createRecording({ db, storage }, { ...input, title: 'Yine' });
    expect(again._id).toBe(first._id);
    await expect(
      createRecording({ db, storage }, { ...input, contentId: 'episode-8', audio: { buffer: wavFile(1), mime: 'audio/mpeg', ext: 'mp3' } }),
    ).rejects.toMatchObject({
      statusCode: 422,
      body: { details: [{ message: typeMessage, path: 'audio' }] },
    });
  });
});
