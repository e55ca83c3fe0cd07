/**
 * Imports (issue 56) against the real server: each source's member list, written by the test in
 * its documented format (tests/api/imports/members-fixtures.ts), checked by a dry run that writes
 * only its report, then imported; twice is once; unsubscribed and cleaned addresses are never
 * mailed (a send's recipients leave them out); a bad file is a 422 naming it, a bad row a failed
 * row of the report while the rest is imported; a run restarted after a crash goes on where it
 * stopped; who may import, and where.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PluginApi } from '../../core/server/plugins/contract';
import { readOutbox } from '../../core/server/services/mail';
import { findNewsletterByKey } from '../../core/server/store';
import { constants } from '../../core/shared/config';
import { importFolder, runImport as runJob } from '../../plugins/imports/server/runner';
import { importsDb, insertImport } from '../../plugins/imports/server/store';
import { addRecipients } from '../../plugins/issues/server/deliveries';
import { beehiivSubscribersCsv, ghostMembersCsv, mailchimpCsv, substackEmailList, writeZip } from './imports/members-fixtures';
import { enginesFor, startTestServer, until, type TestServer } from './server';

const databases = enginesFor('embedded');

interface Upload {
  name: string;
  content: string | Buffer;
}

/** A multipart body: the text fields, then each file in the field `file`. */
function importBody(fields: Record<string, string>, files: readonly Upload[]) {
  const boundary = `----masthead${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const file of files) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    );
    chunks.push(Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(databases)('imports on %s', (kind) => {
  let t: TestServer;
  let tokens: Record<'director' | 'editor' | 'admin' | 'other', string>;
  let newsletters: Record<'morning' | 'tech' | 'culture' | 'ege', string>;
  let folder: string;

  const db = () => t.server.database.db;

  const post = async (fields: Record<string, string>, files: readonly Upload[], token = tokens.director) => {
    const { payload, headers } = importBody(fields, files);
    const response = await t.server.app.inject({ method: 'POST', url: '/api/imports', headers: { authorization: `Bearer ${token}`, ...headers }, payload });
    return { status: response.statusCode, body: JSON.parse(response.body) };
  };
  const fetchImport = (id: string, query = '', token = tokens.director) => t.request('GET', `/api/imports/${id}${query}`, { token });

  /** Posts an import and waits for its job to end; answers the import with every report row. */
  const runImport = async (fields: Record<string, string>, files: readonly Upload[]) => {
    const posted = await post(fields, files);
    expect(posted.status, JSON.stringify(posted.body)).toBe(202);
    const id = posted.body.data.id as string;
    expect(await until(async () => ['done', 'failed'].includes((await fetchImport(id)).body.data.state), 60_000)).toBe(true);
    const { body } = await fetchImport(id, '?limit=500');
    return body as { data: any; report: { action: string; kind: string; ref: string; reason: string }[]; count: number };
  };

  const subscriber = async (newsletterId: string, email: string) =>
    (
      await sql<{
        id: string;
        name: string;
        created_at: Date;
      }>`select id, name, created_at from subscribers where newsletter_id = ${newsletterId} and lower(email) = ${email}`.execute(db())
    ).rows[0];
  const labelsOf = async (subscriberId: string) =>
    (await sql<{ label: string }>`select label from subscriber_labels where subscriber_id = ${subscriberId} order by label`.execute(db())).rows.map(
      (row) => row.label,
    );
  const keptCount = async (newsletterId: string) =>
    (await sql<{ count: number }>`select count from subscriber_counts where newsletter_id = ${newsletterId}`.execute(db())).rows[0]?.count ?? 0;
  const unsubscribedListed = async (newsletterId: string, email: string) =>
    (await sql`select 1 from unsubscribed where newsletter_id = ${newsletterId} and email = ${email}`.execute(db())).rows.length === 1;

  beforeAll(async () => {
    t = await startTestServer(kind);
    tokens = {
      director: await t.login('director@masthead.local'),
      editor: await t.login('editor@masthead.local'),
      admin: '',
      other: await t.login('director@egehaber.example'),
    };
    const idOf = async (key: string) => (await findNewsletterByKey(db(), key))!.id;
    // The admin works in the demo publisher once it picks it.
    const publisherId = (await findNewsletterByKey(db(), 'sabah-bulteni'))!.publisher_id;
    tokens.admin = (await t.request('PUT', '/api/auth/scope', { token: await t.login('admin@masthead.local'), body: { publisher: publisherId } })).body.data;
    newsletters = {
      morning: await idOf('sabah-bulteni'),
      tech: await idOf('teknoloji-notlari'),
      culture: await idOf('kultur-sanat-haftalik'),
      ege: await idOf('ege-gundem'),
    };
    folder = mkdtempSync(join(tmpdir(), 'masthead-imports-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const ghostMembers = ghostMembersCsv([
    { email: 'Ayla@Example.com', name: 'Ayla Kaya', createdAt: '2019-02-03T04:05:06.000Z', labels: ['VIP', 'Early reader'] },
    { email: 'burak@example.com', name: 'Burak Demir', stripeCustomerId: 'cus_GhostBurak', tiers: ['Gold'] },
    { email: 'cem@example.com', name: 'Cem Ak', subscribed: false },
    { email: 'deniz@example.com', deletedAt: '2024-01-01T00:00:00.000Z' },
    { email: 'not-an-address', name: 'Nobody' },
    { email: 'ece@example.com', complimentary: true, labels: ['Press'] },
  ]);

  it('checks a Ghost members CSV in a dry run that writes only its report, then imports it', async () => {
    const newsletterId = newsletters.culture;
    const mailedBefore = readOutbox(t.dataDir).map((entry) => entry.id);
    const before = await keptCount(newsletterId);
    const createdBefore = (await findNewsletterByKey(db(), 'kultur-sanat-haftalik'))!.created_at;

    const dry = await runImport({ source: 'ghost', newsletter: newsletterId, dryRun: 'true' }, [{ name: 'members.csv', content: ghostMembers }]);
    expect(dry.data.state).toBe('done');
    expect(dry.data.dryRun).toBe(true);
    expect(dry.data.counts).toEqual({ stories: 0, issues: 0, subscribers: 3, paid: 2, skipped: 1 });
    expect(dry.report.find((row) => row.ref === 'members.csv row 6')).toMatchObject({ action: 'failed', reason: 'The e-mail address is not valid.' });
    expect(await keptCount(newsletterId)).toBe(before);
    expect(await subscriber(newsletterId, 'ayla@example.com')).toBeUndefined();

    const real = await runImport({ source: 'ghost', newsletter: newsletterId, dryRun: 'false' }, [{ name: 'members.csv', content: ghostMembers }]);
    expect(real.data.state).toBe('done');
    expect(real.data.progress).toBe(1);
    expect(real.data.counts).toEqual({ stories: 0, issues: 0, subscribers: 3, paid: 2, skipped: 1 });
    expect(real.data.actions).toEqual({ taken: 4, changed: 0, skipped: 1, failed: 1 });
    expect(await keptCount(newsletterId)).toBe(before + 3);
    // Dated by the source: the subscriber, and the newsletter's history moved back to the earliest.
    const ayla = (await subscriber(newsletterId, 'ayla@example.com'))!;
    expect(ayla.created_at.toISOString()).toBe('2019-02-03T04:05:06.000Z');
    expect(ayla.name).toBe('Ayla Kaya');
    expect(await labelsOf(ayla.id)).toEqual(['Early reader', 'VIP']);
    expect((await findNewsletterByKey(db(), 'kultur-sanat-haftalik'))!.created_at.getTime()).toBe(
      Math.min(createdBefore.getTime(), Date.parse('2019-02-03T04:05:06.000Z')),
    );
    // Unsubscribed from e-mails in Ghost: on the unsubscribed list, not a subscriber; deleted: not imported.
    expect(await subscriber(newsletterId, 'cem@example.com')).toBeUndefined();
    expect(await unsubscribedListed(newsletterId, 'cem@example.com')).toBe(true);
    expect(real.report.find((row) => row.ref === 'members.csv row 5')).toMatchObject({ action: 'skipped', reason: 'Deleted there: not imported.' });
    // The labels are the list's filter.
    const listed = await t.request('GET', `/api/newsletters/list/${newsletterId}/subscriptions?label=VIP`, { token: tokens.director });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((row: { _id: string }) => row._id)).toEqual(['ayla@example.com']);
    expect(listed.body.data[0].labels).toEqual(['Early reader', 'VIP']);
    // Nobody was mailed: no welcome, no confirmation.
    expect(readOutbox(t.dataDir).map((entry) => entry.id)).toEqual(mailedBefore);
    const labels = await t.request('GET', `/api/newsletters/list/${newsletterId}/subscriptions/labels`, { token: tokens.director });
    expect(labels.body.data).toEqual(expect.arrayContaining(['Early reader', 'Press', 'VIP']));
  });

  it('twice is once: a second run adds nothing and says each member was imported already', async () => {
    const newsletterId = newsletters.culture;
    const before = await keptCount(newsletterId);
    const again = await runImport({ source: 'ghost', newsletter: newsletterId }, [{ name: 'members.csv', content: ghostMembers }]);
    expect(again.data.counts.subscribers).toBe(0);
    expect(again.data.counts.paid).toBe(0);
    expect(await keptCount(newsletterId)).toBe(before);
    expect(again.report.filter((row) => row.reason === 'Already imported by an earlier import.')).toHaveLength(4);
  });

  it('changes an existing subscriber only by what the import adds (labels), and never duplicates them', async () => {
    const newsletterId = newsletters.culture;
    const existing = (
      await sql<{
        email: string;
      }>`select lower(email) as email from subscribers where newsletter_id = ${newsletterId} and source <> '' order by created_at limit 1`.execute(db())
    ).rows[0]!.email;
    const before = await keptCount(newsletterId);
    const run = await runImport({ source: 'ghost', newsletter: newsletterId }, [
      { name: 'members.csv', content: ghostMembersCsv([{ email: existing, labels: ['Moved from Ghost'] }]) },
    ]);
    expect(run.report).toEqual([
      { action: 'changed', kind: 'subscriber', ref: 'members.csv row 2', reason: 'Subscribes already: the import adds their labels.' },
    ]);
    expect(await keptCount(newsletterId)).toBe(before);
    expect(await labelsOf((await subscriber(newsletterId, existing))!.id)).toEqual(['Moved from Ghost']);
  });

  it('imports a Mailchimp audience export; its unsubscribed and cleaned addresses are never mailed', async () => {
    const newsletterId = newsletters.morning;
    const files = [
      {
        name: 'subscribed_members_export_1a2b.csv',
        content: mailchimpCsv('subscribed', [{ email: 'fatma@example.com', firstName: 'Fatma', lastName: 'Şen', tags: ['Customer', 'VIP'] }]),
      },
      { name: 'unsubscribed_members_export_1a2b.csv', content: mailchimpCsv('unsubscribed', [{ email: 'gul@example.com' }]) },
      { name: 'cleaned_members_export_1a2b.csv', content: mailchimpCsv('cleaned', [{ email: 'hakan@example.com' }]) },
    ];
    const dry = await runImport({ source: 'mailchimp', newsletter: newsletterId, dryRun: 'true' }, files);
    expect(dry.data.counts.subscribers).toBe(1);
    expect(await unsubscribedListed(newsletterId, 'gul@example.com')).toBe(false);

    const zip = join(folder, 'mailchimp.zip');
    await writeZip(zip, Object.fromEntries(files.map((file) => [file.name, file.content])));
    const real = await runImport({ source: 'mailchimp', newsletter: newsletterId, dryRun: 'false' }, [{ name: 'audience.zip', content: readFileSync(zip) }]);
    expect(real.data.state).toBe('done');
    expect(real.data.counts.subscribers).toBe(1);
    const fatma = (await subscriber(newsletterId, 'fatma@example.com'))!;
    expect(fatma.name).toBe('Fatma Şen');
    // Consent kept: the confirmation's time.
    expect(fatma.created_at.toISOString()).toBe('2020-01-02T03:05:00.000Z');
    expect(await labelsOf(fatma.id)).toEqual(['Customer', 'VIP']);
    // Unsubscribed when Mailchimp says they left.
    const left = await sql<{
      created_at: Date;
    }>`select created_at from unsubscribed where newsletter_id = ${newsletterId} and email = 'gul@example.com'`.execute(db());
    expect(left.rows[0]!.created_at.toISOString()).toBe('2023-02-03T04:05:06.000Z');
    expect(real.report.find((row) => row.ref.startsWith('cleaned_'))).toMatchObject({
      action: 'taken',
      reason: 'Cleaned there (the address bounced): suppressed, never mailed.',
    });

    // A send's recipients: the subscriber gets the issue, the unsubscribed and cleaned addresses do not.
    const issueId = (await sql<{ id: string }>`select id from issues where newsletter_id = ${newsletterId} and not published limit 1`.execute(db())).rows[0]!
      .id;
    await addRecipients(db(), issueId, newsletterId, 'email');
    const copies = (
      await sql<{ email: string }>`select lower(s.email) as email from issue_deliveries d join subscribers s on s.id = d.subscriber_id
        where d.issue_id = ${issueId} and lower(s.email) in ('fatma@example.com', 'gul@example.com', 'hakan@example.com')`.execute(db())
    ).rows.map((row) => row.email);
    expect(copies).toEqual(['fatma@example.com']);
  });

  it("imports Substack's e-mail list from its export zip, with paid plans and their expiry", async () => {
    const newsletterId = newsletters.tech;
    const zip = join(folder, 'substack.zip');
    await writeZip(zip, {
      'email_list.mysubstack.csv': substackEmailList([
        { email: 'ilker@example.com', plan: 'yearly', expiry: '2099-01-01T00:00:00.000Z' },
        { email: 'jale@example.com', plan: 'monthly', expiry: '2001-01-01T00:00:00.000Z' },
        { email: 'kaan@example.com', emailDisabled: true },
        { email: 'lale@example.com' },
      ]),
    });
    const dry = await runImport({ source: 'substack', newsletter: newsletterId, dryRun: 'true' }, [{ name: 'export.zip', content: readFileSync(zip) }]);
    expect(dry.data.counts).toMatchObject({ subscribers: 3, paid: 1 });
    expect(await subscriber(newsletterId, 'lale@example.com')).toBeUndefined();
    const real = await runImport({ source: 'substack', newsletter: newsletterId }, [{ name: 'export.zip', content: readFileSync(zip) }]);
    expect(real.data.state, real.data.error).toBe('done');
    expect(real.data.counts).toMatchObject({ subscribers: 3, paid: 1 });
    expect(await unsubscribedListed(newsletterId, 'kaan@example.com')).toBe(true);
    expect((await subscriber(newsletterId, 'lale@example.com'))!.created_at.toISOString()).toBe('2022-05-06T08:00:00.000Z');
  });

  it('stops an archive that unpacks past the bound (a zip bomb), naming it', async () => {
    const zip = join(folder, 'bomb.zip');
    await writeZip(zip, { 'email_list.bomb.csv': substackEmailList([{ email: 'bomb@example.com' }]) + ' '.repeat(5000) });
    const limit = constants.imports.unzippedMaxBytes;
    (constants.imports as { unzippedMaxBytes: number }).unzippedMaxBytes = 1000;
    try {
      const run = await runImport({ source: 'substack', newsletter: newsletters.tech, dryRun: 'true' }, [{ name: 'bomb.zip', content: readFileSync(zip) }]);
      expect(run.data.state).toBe('failed');
      expect(run.data.error).toBe('"bomb.zip" unpacks to more than 0 MB.');
    } finally {
      (constants.imports as { unzippedMaxBytes: number }).unzippedMaxBytes = limit;
    }
  });

  it("imports beehiiv's subscribers CSV: active, inactive and pending readers as such", async () => {
    const newsletterId = newsletters.tech;
    const csv = beehiivSubscribersCsv([
      { email: 'mert@example.com', tier: 'premium' },
      { email: 'nur@example.com', status: 'inactive' },
      { email: 'oya@example.com', status: 'pending' },
    ]);
    const dry = await runImport({ source: 'beehiiv', newsletter: newsletterId, dryRun: 'true' }, [{ name: 'subscribers.csv', content: csv }]);
    expect(dry.data.counts).toMatchObject({ subscribers: 1, paid: 1, skipped: 1 });
    const real = await runImport({ source: 'beehiiv', newsletter: newsletterId }, [{ name: 'subscribers.csv', content: csv }]);
    expect(real.data.counts).toMatchObject({ subscribers: 1, paid: 1, skipped: 1 });
    expect((await subscriber(newsletterId, 'mert@example.com'))!.created_at.toISOString()).toBe('2023-07-08T09:10:11.000Z');
    expect(await unsubscribedListed(newsletterId, 'nur@example.com')).toBe(true);
  });

  it('refuses a file that is not the format with a 422 naming it, and reports a row that cannot be read while importing the rest', async () => {
    const notMembers = await post({ source: 'ghost', newsletter: newsletters.morning }, [{ name: 'list.csv', content: 'name,city\nAyla,İzmir\n' }]);
    expect(notMembers.status).toBe(422);
    expect(notMembers.body.details[0]).toEqual({ message: '"list.csv" is not a Ghost members CSV: it has no e-mail column.', path: 'file' });
    const wrongSource = await post({ source: 'ghost', newsletter: newsletters.morning }, [{ name: 'export.zip', content: 'PK' }]);
    expect(wrongSource.status).toBe(422);
    expect(wrongSource.body.details[0].message).toBe('"export.zip" is not a file a Ghost import takes.');
    const badZip = await post({ source: 'substack', newsletter: newsletters.morning }, [{ name: 'export.zip', content: 'not a zip' }]);
    expect(badZip.body.details[0].message).toBe('"export.zip" is not a zip archive that can be read.');
    const noSource = await post({ source: 'wordpress', newsletter: newsletters.morning }, [{ name: 'members.csv', content: ghostMembers }]);
    expect(noSource.status).toBe(422);
    expect(noSource.body.details[0].path).toBe('source');
    const noFile = await post({ source: 'ghost', newsletter: newsletters.morning }, []);
    expect(noFile.status).toBe(422);
    // Past the size limit (lowered here from its 200 MB), the file is named and nothing is kept.
    const limit = constants.imports.fileMaxBytes;
    (constants.imports as { fileMaxBytes: number }).fileMaxBytes = 1000;
    try {
      const large = await post({ source: 'ghost', newsletter: newsletters.morning }, [
        { name: 'big-members.csv', content: `email\n${'a@example.com\n'.repeat(200)}` },
      ]);
      expect(large.status).toBe(422);
      expect(large.body.details[0]).toEqual({ message: '"big-members.csv" is larger than 0 MB.', path: 'file' });
    } finally {
      (constants.imports as { fileMaxBytes: number }).fileMaxBytes = limit;
    }

    const broken = `email,name\npelin@example.com,Pelin\n"unclosed@example.com,Bad\nrasim@example.com,Rasim\n`;
    const run = await runImport({ source: 'ghost', newsletter: newsletters.morning, dryRun: 'true' }, [{ name: 'members.csv', content: broken }]);
    expect(run.data.state).toBe('done');
    expect(run.report.some((row) => row.action === 'failed' && row.ref.startsWith('members.csv row'))).toBe(true);
    expect(run.report.filter((row) => row.action === 'taken').map((row) => row.ref)).toContain('members.csv row 2');
  });

  it('goes on after a crash: a run restarted over the same files takes the rest, and reports and counts nothing twice', async () => {
    const newsletterId = newsletters.morning;
    const all = Array.from({ length: 2500 }, (_, index) => ({ email: `resume${index}@example.com`, name: `Resume ${index}` }));
    const api = { ...t.server.context } as unknown as PluginApi;
    const id = randomUUID();
    const folder = importFolder(api, id);
    mkdirSync(folder, { recursive: true });
    const path = join(folder, 'upload-0');
    // The first attempt got through the first 1,200 members (two batches) before the process died:
    // as it left things, with the import still running.
    writeFileSync(path, ghostMembersCsv(all.slice(0, 1200)));
    const director = (await sql<{ id: string }>`select id from users where email = 'director@masthead.local'`.execute(db())).rows[0]!.id;
    const publisherId = (await findNewsletterByKey(db(), 'sabah-bulteni'))!.publisher_id;
    await insertImport(importsDb(db()), {
      id,
      publisherId,
      newsletterId,
      siteUrl: null,
      source: 'ghost',
      dryRun: false,
      files: [{ name: 'members.csv', path, size: 1 }],
      createdBy: director,
    });
    await runJob(api, id, new AbortController().signal);
    await sql`update imports set state = 'running', finished_at = null where id = ${id}`.execute(db());
    // The queue runs it again after the restart, over the whole file.
    mkdirSync(folder, { recursive: true });
    writeFileSync(path, ghostMembersCsv(all));
    await runJob(api, id, new AbortController().signal);
    const { body } = await fetchImport(id, '?limit=1');
    expect(body.data.state).toBe('done');
    expect(body.data.counts.subscribers).toBe(2500);
    expect(body.data.actions).toEqual({ taken: 2500, changed: 0, skipped: 0, failed: 0 });
    expect(body.count).toBe(2500);
    const added = await sql<{
      count: number;
    }>`select count(*)::integer as count from subscribers where newsletter_id = ${newsletterId} and email like 'resume%'`.execute(db());
    expect(added.rows[0]!.count).toBe(2500);
  });

  it('is the director’s and the admin’s, in their publisher only', async () => {
    const csv = [{ name: 'members.csv', content: ghostMembers }];
    expect((await post({ source: 'ghost', newsletter: newsletters.morning, dryRun: 'true' }, csv, tokens.editor)).status).toBe(401);
    const anonymous = await t.server.app.inject({ method: 'POST', url: '/api/imports', ...importBody({}, []) });
    expect(anonymous.statusCode).toBe(401);
    // Another publisher's newsletter is not found.
    expect((await post({ source: 'ghost', newsletter: newsletters.ege, dryRun: 'true' }, csv)).status).toBe(404);
    const mine = await post({ source: 'ghost', newsletter: newsletters.morning, dryRun: 'true' }, csv);
    expect(mine.status).toBe(202);
    expect((await fetchImport(mine.body.data.id, '', tokens.other)).status).toBe(404);
    expect((await fetchImport(mine.body.data.id, '', tokens.editor)).status).toBe(401);
    expect((await fetchImport(mine.body.data.id, '', tokens.admin)).status).toBe(200);
    const listed = await t.request('GET', '/api/imports', { token: tokens.director });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((row: { _id: string }) => row._id)).toContain(mine.body.data.id);
    expect((await t.request('GET', '/api/imports', { token: tokens.other })).body.data).toEqual([]);
    expect((await fetchImport(mine.body.data.id, '?action=maybe')).status).toBe(422);
  });
});
