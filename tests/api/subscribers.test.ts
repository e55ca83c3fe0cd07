/**
 * Subscribers (spec 000: Subscribers page, Subscription row, GET /newsletters/list/{id}/subscriptions;
 * issue 4 point 7): the paged list with its count and search, the CSV export, the CSV import that
 * refuses a whole file for one bad row (each row's problem reported) and skips e-mails that
 * already subscribe, the subscriber count kept for each newsletter, the weekly timeline, and who may
 * reach all of it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock, clockControl } from '../../core/server/clock';
import { demoSubscriberCounts } from '../../plugins/subscribers/server/seed';
import { enginesFor, runFromMidday, startTestServer, type TestServer } from './server';

const databases = enginesFor('every engine');

/** A multipart body with one file in the field `file`. */
function csvUpload(content: string | Buffer, field = 'file') {
  const boundary = `----masthead${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="subscribers.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(databases)('subscribers on %s', (kind) => {
  let t: TestServer;
  let tokens: Record<'director' | 'editor' | 'author' | 'other', string>;
  let ids: Record<'morning' | 'tech' | 'culture' | 'ege', string>;

  const list = (id: string, query = '', token = tokens.editor) => t.request('GET', `/api/newsletters/list/${id}/subscriptions${query}`, { token });
  const importCsv = async (id: string, content: string | Buffer, token = tokens.editor, field = 'file') => {
    const { payload, headers } = csvUpload(content, field);
    const response = await t.server.app.inject({
      method: 'POST',
      url: `/api/newsletters/list/${id}/subscriptions/import`,
      headers: { authorization: `Bearer ${token}`, ...headers },
      payload,
    });
    return { status: response.statusCode, body: JSON.parse(response.body) };
  };
  const storedCount = async (id: string) => {
    const db = t.server.database.db;
    const kept = await db
      .withTables<{ subscriber_counts: { newsletter_id: string; count: number } }>()
      .selectFrom('subscriber_counts')
      .select('count')
      .where('newsletter_id', '=', id)
      .executeTakeFirst();
    const rows = await db
      .withTables<{ subscribers: { newsletter_id: string } }>()
      .selectFrom('subscribers')
      .where('newsletter_id', '=', id)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return { kept: kept?.count ?? 0, rows: Number(rows.n) };
  };

  beforeAll(async () => {
    // This week's figures are asked for: a run that starts near Monday's midnight must not see the week change.
    runFromMidday();
    t = await startTestServer(kind);
    tokens = {
      director: await t.login('director@masthead.local'),
      editor: await t.login('editor@masthead.local'),
      author: await t.login('author@masthead.local'),
      other: await t.login('director@egehaber.example'),
    };
    const newsletters = await t.server.database.db.selectFrom('newsletters').select(['id', 'key']).execute();
    const idOf = (key: string) => newsletters.find((row) => row.key === key)!.id;
    ids = { morning: idOf('sabah-bulteni'), tech: idOf('teknoloji-notlari'), culture: idOf('kultur-sanat-haftalik'), ege: idOf('ege-gundem') };
  });
  afterAll(async () => {
    clockControl.reset();
    await t.close();
  });

  it('has thousands of demo subscribers, counted on each newsletter', async () => {
    for (const [key, id] of [
      ['sabah-bulteni', ids.morning],
      ['teknoloji-notlari', ids.tech],
      ['kultur-sanat-haftalik', ids.culture],
      ['ege-gundem', ids.ege],
    ] as const) {
      expect(await storedCount(id)).toEqual({ kept: demoSubscriberCounts[key], rows: demoSubscriberCounts[key] });
    }
  });

  it('pages through the subscribers, newest first, 10 a page by default', async () => {
    const first = await list(ids.tech);
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(demoSubscriberCounts['teknoloji-notlari']);
    expect(first.body.data).toHaveLength(10);
    const row = first.body.data[0];
    expect(row).toEqual({
      _id: expect.stringMatching(/^[a-z.0-9]+@[a-z.]+$/),
      type: 'FREE',
      name: expect.stringMatching(/\S+ \S+/),
      city: expect.any(String),
      medium: expect.stringMatching(/^(email|notification)$/),
      createdAt: expect.any(String),
    });
    const dates = first.body.data.map((item: { createdAt: string }) => Date.parse(item.createdAt));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    // Sign-ups spread over the last year.
    expect(clock.ms() - dates[0]).toBeLessThan(7 * 24 * 3600 * 1000);

    const second = await list(ids.tech, '?page=1');
    expect(second.body.data).toHaveLength(10);
    expect(second.body.data.map((item: { _id: string }) => item._id)).not.toContain(row._id);
    expect(Date.parse(second.body.data[0].createdAt)).toBeLessThanOrEqual(dates.at(-1));

    const last = await list(ids.tech, `?page=${Math.ceil(demoSubscriberCounts['teknoloji-notlari']! / 25) - 1}&limit=25`);
    expect(last.body.data.length).toBe(demoSubscriberCounts['teknoloji-notlari']! % 25 || 25);
    const oldest = Date.parse(last.body.data.at(-1).createdAt);
    expect(clock.ms() - oldest).toBeGreaterThan(200 * 24 * 3600 * 1000);
    expect(clock.ms() - oldest).toBeLessThan(366 * 24 * 3600 * 1000);
  });

  it('searches by the start of the e-mail or the name, Turkish capitals included', async () => {
    const { body: page } = await list(ids.morning);
    const sample = page.data[0] as { _id: string; name: string };
    const byEmail = await list(ids.morning, `?search=${encodeURIComponent(sample._id.slice(0, sample._id.indexOf('@')))}`);
    expect(byEmail.body.data.map((item: { _id: string }) => item._id)).toContain(sample._id);

    const byName = await list(ids.morning, `?search=${encodeURIComponent(sample.name.toLocaleUpperCase('tr'))}&limit=100`);
    expect(byName.body.count).toBeGreaterThan(0);
    expect(byName.body.count).toBeLessThan(demoSubscriberCounts['sabah-bulteni']!);
    expect(byName.body.data.map((item: { _id: string }) => item._id)).toContain(sample._id);
    for (const item of byName.body.data as { name: string }[]) expect(item.name).toBe(sample.name);

    // 'İSTANBUL' is not a name: city is not searched; 'şule' finds Şule by the first name.
    const sule = await list(ids.morning, '?search=%C5%9Fule&limit=100');
    expect(sule.body.count).toBeGreaterThan(0);
    for (const item of sule.body.data as { name: string }[]) expect(item.name.startsWith('Şule ')).toBe(true);

    const none = await list(ids.morning, '?search=zzqx');
    expect(none.body).toEqual({ data: [], count: 0 });
    // LIKE's wildcards are plain characters.
    expect((await list(ids.morning, '?search=%25')).body.count).toBe(0);
  });

  it('counts a search’s matches only ten pages past the page asked for', async () => {
    const all = (await list(ids.morning, '?search=%C5%9Fule&limit=100')).body.count as number;
    expect(all).toBeGreaterThan(30);
    expect(all).toBeLessThan(1100);
    expect((await list(ids.morning, '?search=%C5%9Fule&limit=2')).body.count).toBe(22);
    const fourth = await list(ids.morning, '?search=%C5%9Fule&limit=2&page=4');
    expect(fourth.body.count).toBe(30);
    expect(fourth.body.data).toHaveLength(2);
  });

  it('refuses a bad page or limit', async () => {
    expect((await list(ids.tech, '?page=-1')).status).toBe(422);
    expect((await list(ids.tech, '?limit=1000')).status).toBe(422);
  });

  it('exports every subscriber as CSV', async () => {
    const response = await t.server.app.inject({
      method: 'GET',
      url: `/api/newsletters/list/${ids.culture}/subscriptions/export`,
      headers: { authorization: `Bearer ${tokens.editor}` },
    });
    // The editor is no member of Kültür Sanat Haftalık.
    expect(response.statusCode).toBe(404);

    const exported = await t.server.app.inject({
      method: 'GET',
      url: `/api/newsletters/list/${ids.culture}/subscriptions/export`,
      headers: { authorization: `Bearer ${tokens.director}` },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="kultur-sanat-haftalik-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = exported.body.trimEnd().split('\n');
    expect(lines[0]).toBe('email,name,city,created_at');
    expect(lines).toHaveLength(demoSubscriberCounts['kultur-sanat-haftalik']! + 1);
    const { body: page } = await list(ids.culture, '', tokens.director);
    const newest = page.data[0];
    expect(lines[1]).toBe(`${newest._id},${newest.name},${newest.city},${newest.createdAt}`);
    expect(new Set(lines.slice(1).map((line) => line.split(',')[0])).size).toBe(demoSubscriberCounts['kultur-sanat-haftalik']);
  });

  it('imports a CSV: columns in any order and case, counts kept, e-mails that already subscribe skipped', async () => {
    const before = (await list(ids.tech)).body.count as number;
    const existing = (await list(ids.tech)).body.data[3]._id as string;
    const csv = [
      'City,NAME,Email',
      'İzmir,Deniz Ateş,deniz.ates@example.com',
      ',Kaan Er,KAAN.ER@example.com',
      `Ankara,Zaten Var,${existing.toUpperCase()}`,
      '',
      'Bursa,,yalniz.eposta@example.com',
    ].join('\r\n');
    const { status, body } = await importCsv(ids.tech, csv);
    expect(status).toBe(200);
    expect(body.data).toEqual({ imported: 3, skipped: 1 });
    expect(body.msg).toBe('3 subscribers imported, 1 skipped (already subscribed).');
    expect(await storedCount(ids.tech)).toEqual({ kept: before + 3, rows: before + 3 });
    const { body: after } = await list(ids.tech);
    expect(after.count).toBe(before + 3);
    const found = (await list(ids.tech, '?search=kaan.er')).body.data;
    expect(found).toEqual([expect.objectContaining({ _id: 'kaan.er@example.com', name: 'Kaan Er', city: '', type: 'FREE' })]);
    expect((await list(ids.tech, '?search=deniz.ates')).body.data[0]).toMatchObject({ name: 'Deniz Ateş', city: 'İzmir' });

    // The same file again: everything skipped, nothing counted twice.
    const again = await importCsv(ids.tech, csv);
    expect(again.body.data).toEqual({ imported: 0, skipped: 4 });
    expect((await storedCount(ids.tech)).kept).toBe(before + 3);
  });

  it('reads a semicolon-separated file with a byte-order mark (a Turkish spreadsheet)', async () => {
    const { status, body } = await importCsv(ids.tech, '\uFEFFemail;name;city\nnoktali.virgul@example.com;Ayten Su;Muğla\n');
    expect(status).toBe(200);
    expect(body.data).toEqual({ imported: 1, skipped: 0 });
    expect((await list(ids.tech, '?search=noktali')).body.data[0]).toMatchObject({ name: 'Ayten Su', city: 'Muğla' });
  });

  it('refuses the whole file for one bad row, reporting the row, and imports nothing', async () => {
    const before = await storedCount(ids.morning);
    const csv = ['email,name', 'iyi.satir@example.com,İyi Satır', 'bozuk-adres,Bozuk Adres', 'baska.iyi@example.com,Başka İyi', 'ucuncu@,Eksik Alan'].join(
      '\n',
    );
    const { status, body } = await importCsv(ids.morning, csv);
    expect(status).toBe(422);
    expect(body).toEqual({
      msg: 'Error!',
      details: [
        { message: 'Row 3: Email is not valid.', path: 'row/3' },
        { message: 'Row 5: Email is not valid.', path: 'row/5' },
      ],
    });
    expect(await storedCount(ids.morning)).toEqual(before);
    expect((await list(ids.morning, '?search=iyi.satir')).body.count).toBe(0);
    expect((await list(ids.morning, '?search=baska.iyi')).body.count).toBe(0);
  });

  it('refuses an e-mail repeated in the file', async () => {
    const before = await storedCount(ids.morning);
    const csv = ['email', 'tekrar@example.com', 'diger@example.com', 'TEKRAR@example.com'].join('\n');
    const { status, body } = await importCsv(ids.morning, csv);
    expect(status).toBe(422);
    expect(body.details).toEqual([{ message: 'Row 4: Email is repeated (first on row 2).', path: 'row/4' }]);
    expect(await storedCount(ids.morning)).toEqual(before);
  });

  it('refuses a file without an email column, without rows, not a CSV, missing or too large', async () => {
    const fileError = (message: string) => ({ msg: 'Error!', details: [{ message, path: 'file' }] });
    expect(await importCsv(ids.tech, 'name,city\nAli Veli,Ankara\n')).toEqual({ status: 422, body: fileError('The CSV file needs an email column.') });
    expect(await importCsv(ids.tech, 'email,name\n')).toEqual({ status: 422, body: fileError('The CSV file has no subscribers.') });
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    expect(await importCsv(ids.tech, png)).toEqual({ status: 422, body: fileError('You can only import a CSV file!') });
    expect(await importCsv(ids.tech, 'email\na@example.com\n', tokens.editor, 'other')).toEqual({
      status: 422,
      body: fileError('Choose a CSV file to import.'),
    });
    const large = `email\n${'a'.repeat(60)}@example.com\n`.repeat(Math.ceil(5242880 / 70) + 10);
    expect(await importCsv(ids.tech, large)).toEqual({ status: 422, body: fileError('The CSV file must be smaller than 5MB.') });
    const json = await t.request('POST', `/api/newsletters/list/${ids.tech}/subscriptions/import`, { token: tokens.editor, body: { email: 'a@example.com' } });
    expect(json.status).toBe(422);
  });

  it('answers the weekly timeline by medium', async () => {
    const { status, body } = await t.request('GET', `/api/newsletters/list/${ids.culture}/stats`, { token: tokens.director });
    expect(status).toBe(200);
    // Most of a year of weeks (the first sign-ups are rare: a growing newsletter), far more than the spotlight's 8 entries.
    expect(body.count).toBeGreaterThan(40);
    expect(body.count).toBeLessThanOrEqual(54);
    const points = body.data as { date: string; value: number; type: string; medium: string; parent: string; span: number }[];
    expect(points[0]).toEqual({
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      value: expect.any(Number),
      type: 'subscribers',
      medium: expect.any(String),
      parent: ids.culture,
      span: 1,
    });
    const series = (type: string, medium: string) => points.filter((point) => point.type === type && point.medium === medium);
    for (const medium of ['email', 'notification']) {
      const totals = series('subscribers', medium).map((point) => point.value);
      expect(totals).toHaveLength(body.count);
      expect([...totals].sort((a, b) => a - b)).toEqual(totals); // only sign-ups: never falling
      expect(new Date(`${series('subscribers', medium)[0]!.date}T00:00:00Z`).getUTCDay()).toBe(1); // Mondays
    }
    const latest = (medium: string) => series('subscribers', medium).at(-1)!.value;
    expect(latest('email') + latest('notification')).toBe(demoSubscriberCounts['kultur-sanat-haftalik']);
    // About a third subscribed to notifications.
    expect(latest('notification') / demoSubscriberCounts['kultur-sanat-haftalik']!).toBeGreaterThan(0.2);
    expect(latest('notification') / demoSubscriberCounts['kultur-sanat-haftalik']!).toBeLessThan(0.4);
    const signUps = series('subscriptions', 'email').reduce((sum, point) => sum + point.value, 0);
    expect(signUps).toBe(latest('email'));
  });

  it("counts an import in this week's e-mail sign-ups", async () => {
    const stats = async () =>
      (await t.request('GET', `/api/newsletters/list/${ids.ege}/stats`, { token: tokens.other })).body.data as {
        type: string;
        medium: string;
        value: number;
      }[];
    const thisWeek = (points: { type: string; medium: string; value: number }[], type: string) =>
      points.filter((point) => point.type === type && point.medium === 'email').at(-1)!.value;
    const before = await stats();
    const { body } = await importCsv(ids.ege, 'email\nyeni.okur@example.com\nikinci.okur@example.com\n', tokens.other);
    expect(body.data).toEqual({ imported: 2, skipped: 0 });
    const after = await stats();
    expect(thisWeek(after, 'subscriptions')).toBe(thisWeek(before, 'subscriptions') + 2);
    expect(thisWeek(after, 'subscribers')).toBe(thisWeek(before, 'subscribers') + 2);
  });

  it("is refused to authors (401) and outside the caller's scopes (404)", async () => {
    const calls = (id: string) =>
      [
        ['GET', `/api/newsletters/list/${id}/subscriptions`],
        ['GET', `/api/newsletters/list/${id}/stats`],
        ['GET', `/api/newsletters/list/${id}/subscriptions/export`],
      ] as const;
    for (const [method, url] of calls(ids.tech)) {
      const author = await t.request(method, url, { token: tokens.author });
      expect(author.status, url).toBe(401);
      expect(author.body.msg).toContain('AUTHOR');
      expect((await t.request(method, url)).status, url).toBe(401);
      expect((await t.request(method, url, { token: tokens.other })).status, url).toBe(404);
      expect((await t.request(method, url, { token: tokens.director })).status, url).toBe(200);
    }
    expect((await importCsv(ids.tech, 'email\nx@example.com\n', tokens.author)).status).toBe(401);
    const other = await importCsv(ids.tech, 'email\nx@example.com\n', tokens.other);
    expect(other).toEqual({ status: 404, body: { msg: 'Newsletter not found.' } });
    expect((await list(ids.tech, '?search=x%40example')).body.count).toBe(0);
    // The editor works on Sabah Bülteni and Teknoloji Notları only.
    expect((await list(ids.culture)).status).toBe(404);
    expect((await list(ids.ege, '', tokens.director)).status).toBe(404);
  });
});
