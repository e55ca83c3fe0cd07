/**
 * How a newsletter looks to its readers is the design plugin's (docs/decisions/0051, fourth step):
 * its e-mail and web design live in the design plugin's newsletter_designs, and the plugins that
 * mail readers or draw their pages read them through the newsletters plugin's `newsletterLook`.
 * A design saved on the design pages reaches the issue e-mail (issues), the confirmation
 * (subscribers), the sign-in link (readers), the landing page's cover (dashboards) and every
 * reader page's subscribe form (subscribers' readerLook, drawn by the stories' and issues' pages
 * too). The migrations move what the settings kept: a database from before the move keeps every
 * newsletter's design, on both engines.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedDatabase, openDatabase, type Database } from '../../core/server/db/database';
import { migrate, type MigrationSource } from '../../core/server/db/migrate';
import { openPGlite } from '../../core/server/db/pglite';
import { readEnv } from '../../core/server/env';
import { loadPlugins } from '../../core/server/plugins/registry';
import { readOutbox, type OutboxEntry } from '../../core/server/services/mail';
import { defaultEmailDesign } from '../../core/shared/email-design';
import { dropTestSchema, enginesFor, startTestServer, type DatabaseKind, type TestServer } from './server';

const databases = enginesFor('every engine');

describe.each(databases)("a newsletter's look on %s", (kind) => {
  let t: TestServer;
  let sabah: string;
  let director: string;
  let editor: string;
  const db = () => t.server.database.db as any;

  const page = async (url: string) => {
    const response = await t.server.app.inject({ method: 'GET', url });
    return { status: response.statusCode, html: response.body };
  };
  const form = async (url: string, fields: Record<string, string>) => {
    const response = await t.server.app.inject({
      method: 'POST',
      url,
      remoteAddress: '198.51.100.77',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    return { status: response.statusCode, html: response.body };
  };
  const mailTo = (email: string): OutboxEntry[] => readOutbox(t.dataDir).filter((message) => message.to === email);
  const issueEmail = async () => {
    const issue = await db()
      .selectFrom('issues')
      .select('id')
      .where('newsletter_id', '=', sabah)
      .where('key', 'like', '%-sabah-bulteni-hazir')
      .executeTakeFirstOrThrow();
    const built = await t.request('POST', `/api/issues/build/${issue.id}`, { token: editor });
    expect(built.status).toBe(200);
    return built.body.data.html as string;
  };

  beforeAll(async () => {
    t = await startTestServer(kind);
    sabah = (await db().selectFrom('newsletters').select('id').where('key', '=', 'sabah-bulteni').executeTakeFirstOrThrow()).id;
    [director, editor] = await Promise.all([t.login('director@masthead.local'), t.login('editor@masthead.local')]);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('mails the saved e-mail design: the issue e-mail, the confirmation and the sign-in link', async () => {
    const url = `/api/newsletters/update/${sabah}/design/email/update`;
    const design = (await t.request('GET', url, { token: director })).body.data.body;
    const changed = { ...design, cardBackgroundColor: '#fdf6e3', linkColor: '#8b1e3f' };
    expect(await issueEmail()).not.toContain('#8b1e3f');
    expect((await t.request('PUT', url, { token: director, body: changed })).status).toBe(200);
    // What was picked is stored; the link colours still the brand's are not, so that they follow it.
    const { linkColorDark: _dark, footerLinkColor: _footer, footerLinkColorDark: _footerDark, ...picked } = changed;
    expect(await db().selectFrom('newsletter_designs').select('email_design').where('newsletter_id', '=', sabah).executeTakeFirstOrThrow()).toEqual({
      email_design: picked,
    });

    const built = await issueEmail();
    expect(built).toContain('background-color:#fdf6e3');
    expect(built).toContain('color:#8b1e3f');

    const email = 'gorunum.okur@example.com';
    expect((await form('/n/sabah-bulteni/subscribe', { email, name: 'Görünüm Okur' })).status).toBe(200);
    const [confirmation] = mailTo(email);
    expect(confirmation!.html).toContain('background-color:#fdf6e3');
    // Its button is in the newsletter's own colour (its pages' buttons), not the links' colour.
    const { color } = await db().selectFrom('newsletters').select('color').where('id', '=', sabah).executeTakeFirstOrThrow();
    expect(color).not.toBe('#8b1e3f');
    expect(confirmation!.html).toContain(`background:${color}`);
    expect(confirmation!.html).not.toContain('background:#8b1e3f');
    const link = /http:\/\/console\.test(\/n\/[^/\s"]+\/confirm\/[\w.-]+)/.exec(confirmation!.text)![1]!;
    expect((await page(link)).status).toBe(200);

    expect((await form('/n/sabah-bulteni/signin', { email })).status).toBe(200);
    const signIn = mailTo(email).find((message) => /\/signin\//.test(message.text));
    expect(signIn?.html).toContain('background-color:#fdf6e3');
    expect(signIn?.html).toContain(`background:${color}`);
  });

  it("shows the saved web design: the landing page's cover, and the subscribe form on every reader page", async () => {
    const url = `/api/newsletters/update/${sabah}/design/web/update`;
    const cover = 'https://images.example/kapak.jpg';
    const saved = await t.request('PUT', url, { token: director, body: { cover, nameField: 'required', cityField: 'optional' } });
    expect(saved.status).toBe(200);
    expect(saved.body.data.body).toEqual({ cover, nameField: 'required', cityField: 'optional' });

    const landing = await page('/n/sabah-bulteni');
    expect(landing.html).toContain(`<img class="cover" src="${cover}" alt="">`);
    const story = await db().selectFrom('stories').select('id').where('newsletter_id', '=', sabah).where('published', '=', true).executeTakeFirstOrThrow();
    for (const shown of [landing, await page('/n/sabah-bulteni/archive'), await page(`/s/${story.id}`)]) {
      expect(shown.status).toBe(200);
      expect(shown.html).toMatch(/<input type="text" name="name" required maxlength/);
      expect(shown.html).toMatch(/<input type="text" name="city" maxlength/);
    }
    // The apps' call asks what the pages' form asks.
    const refused = await t.server.app.inject({
      method: 'POST',
      url: '/api/subscribers/subscribe',
      payload: { newsletter: 'sabah-bulteni', email: 'adsiz@example.com', source: 'ios' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('Lütfen adınızı yazın.');
  });
});

/** The migrations of the enabled plugins, as they were before the move: the settings' up to 005, none of design's. */
async function sourcesBeforeTheMove(): Promise<{ before: MigrationSource[]; now: MigrationSource[]; cleanUp(): void }> {
  const now = (await loadPlugins(readEnv({}).pluginsDir)).migrations;
  const settings = now.find((source) => source.owner === 'settings')!;
  const dir = mkdtempSync(join(tmpdir(), 'masthead-settings-migrations-'));
  for (const file of ['001_settings.sql', '002_email_design.sql', '003_web_cover.sql', '004_sender.sql', '005_subscribe_fields.sql'])
    cpSync(join(settings.dir, file), join(dir, file));
  const before = now.map((source) =>
    source.owner === 'settings' ? { ...source, dir } : source.owner === 'design' ? { ...source, dir: join(dir, 'none') } : source,
  );
  return { before, now, cleanUp: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Runs `work` on an empty database of `kind` (on PostgreSQL a schema of its own), with the migrations from before the move and now. */
async function onEmptyDatabase(
  kind: DatabaseKind,
  work: (database: Database, db: Kysely<any>, sources: { before: MigrationSource[]; now: MigrationSource[] }) => Promise<void>,
): Promise<void> {
  const sources = await sourcesBeforeTheMove();
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const database = kind === 'pglite' ? embeddedDatabase(await openPGlite()) : await openDatabase({ url, schema });
  try {
    await work(database, database.db as Kysely<any>, sources);
  } finally {
    await database.close();
    if (kind === 'postgres') await dropTestSchema(url, schema);
    sources.cleanUp();
  }
}

const columnsOf = async (db: Kysely<any>, table: string) =>
  (
    await sql<{ name: string }>`select column_name as name from information_schema.columns
      where table_schema = current_schema() and table_name = ${table} order by column_name`.execute(db)
  ).rows.map((row) => row.name);

const designColumns = ['email_design', 'web_city_field', 'web_cover', 'web_name_field'];

describe.each(databases)('the e-mail and web design moving to the design plugin on %s', (kind) => {
  it('keeps every newsletter’s design of a database from before the move, and leaves the settings theirs', async () => {
    await onEmptyDatabase(kind, async (database, db, sources) => {
      await migrate(database, sources.before);
      expect(await columnsOf(db, 'newsletter_settings')).toEqual(expect.arrayContaining(designColumns));
      await db.insertInto('publishers').values({ id: 'p1', title: 'Yayıncı', key: 'yayinci' }).execute();
      await db
        .insertInto('newsletters')
        .values([
          { id: 'n1', publisher_id: 'p1', title: 'Tasarımlı', key: 'tasarimli' },
          { id: 'n2', publisher_id: 'p1', title: 'Varsayılan', key: 'varsayilan' },
          { id: 'n3', publisher_id: 'p1', title: 'Ayarsız', key: 'ayarsiz' },
        ])
        .execute();
      const design = { ...defaultEmailDesign, banner: '/uploads/afis.png', cardBackgroundColor: '#fdf6e3', borderWidth: 3 };
      await db
        .insertInto('newsletter_settings')
        .values([
          {
            newsletter_id: 'n1',
            welcome: JSON.stringify({ subject: 'Hoş geldiniz', preview: '', slug: '', intro: { html: '', text: '' } }),
            email_design: JSON.stringify(design),
            web_cover: '/uploads/kapak.jpg',
            web_name_field: 'required',
            web_city_field: 'optional',
            sender_name: 'Masa',
          },
          { newsletter_id: 'n2', sender_name: '' },
        ])
        .execute();

      expect(await migrate(database, sources.now)).toEqual(['settings/006_designs_moved.sql', 'design/001_newsletter_designs.sql']);
      const moved = await db
        .selectFrom('newsletter_designs')
        .select(['newsletter_id', 'email_design', 'web_cover', 'web_name_field', 'web_city_field'])
        .orderBy('newsletter_id')
        .execute();
      expect(moved).toEqual([
        { newsletter_id: 'n1', email_design: design, web_cover: '/uploads/kapak.jpg', web_name_field: 'required', web_city_field: 'optional' },
        { newsletter_id: 'n2', email_design: null, web_cover: '', web_name_field: 'optional', web_city_field: 'hidden' },
      ]);
      // The settings keep theirs, and no longer the design's columns nor the functions that moved them.
      for (const column of designColumns) expect(await columnsOf(db, 'newsletter_settings')).not.toContain(column);
      expect(await db.selectFrom('newsletter_settings').select(['newsletter_id', 'sender_name']).orderBy('newsletter_id').execute()).toEqual([
        { newsletter_id: 'n1', sender_name: 'Masa' },
        { newsletter_id: 'n2', sender_name: '' },
      ]);
      const functions = await sql<{ name: string }>`select proname as name from pg_proc join pg_namespace on pg_namespace.oid = pronamespace
        where nspname = current_schema() and proname like 'newsletter_settings_%' order by proname`.execute(db);
      expect(functions.rows).toEqual([{ name: 'newsletter_settings_drop_designs' }]);
      // A check of the settings' columns came along.
      await expect(db.updateTable('newsletter_designs').set({ web_city_field: 'always' }).where('newsletter_id', '=', 'n1').execute()).rejects.toThrow();
      // Run again: nothing is left to do.
      expect(await migrate(database, sources.now)).toEqual([]);
    });
  }, 60_000);

  it('makes a new database with the design in its own table only', async () => {
    await onEmptyDatabase(kind, async (database, db, sources) => {
      await migrate(database, sources.now);
      expect(await columnsOf(db, 'newsletter_designs')).toEqual([
        'email_design',
        'newsletter_id',
        'updated_at',
        'web_city_field',
        'web_cover',
        'web_name_field',
      ]);
      for (const column of designColumns) expect(await columnsOf(db, 'newsletter_settings')).not.toContain(column);
    });
  }, 60_000);
});
