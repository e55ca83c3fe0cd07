/**
 * The posts side of imports (issue 56), run as the import's runner runs it: importPosts with a
 * real server's plugin services, a report and a memory kept across runs. Per source (Ghost's site
 * export, Substack's export, beehiiv's posts CSV, written by posts-fixtures.ts in each documented
 * format): a dry run counts and writes nothing; the real run makes the stories (slugs, premium,
 * status, dates, bylines, tags), fetches each image once from a local site (EMBED_ALLOW_PRIVATE
 * on, as the embeds' tests) into the library and points the HTML at our copies, reports a missing
 * image, redirects the old addresses to the new pages, and files the e-mailed posts as imported
 * issues of the archive that no results or analytics count; a second run adds nothing.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PluginApi } from '../../core/server/plugins/contract';
import type { CountName, ImportContext, ImportFile, ImportSource, ItemKind, ReportRow } from '../../plugins/imports/server/contract';
import { importPosts, isPostsFile, type PostsOptions } from '../../plugins/imports/server/posts/index';
import { writeZip } from './imports/members-fixtures';
import { beehiivExport, ghostExport, substackExport } from './imports/posts-fixtures';
import { multipart } from './multipart';
import { enginesFor, startTestServer, until, type TestServer } from './server';

const databases = enginesFor('embedded');

/** A site serving the posts' images, counting the requests per path. */
async function imageSite(): Promise<{ url: string; hits: Map<string, number>; close(): Promise<void> }> {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  const jpeg = await sharp({ create: { width: 30, height: 40, channels: 3, background: '#cc6633' } })
    .jpeg()
    .toBuffer();
  const hits = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const body = path.endsWith('.png') && !path.includes('missing') ? png : path.endsWith('.jpg') ? jpeg : null;
    if (!body) return response.writeHead(404).end('not here');
    response.writeHead(200, { 'content-type': path.endsWith('.png') ? 'image/png' : 'image/jpeg' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return { url: `http://127.0.0.1:${address.port}`, hits, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

interface Run {
  rows: ReportRow[];
  counts: Partial<Record<CountName, number>>;
  history: Date[];
}

describe.each(databases)('posts imported on %s', (kind) => {
  let t: TestServer;
  let site: Awaited<ReturnType<typeof imageSite>>;
  let dir: string;
  let director: string;
  let newsletter: { id: string; publisher_id: string; key: string };
  /** Another newsletter of the publisher, which the API's imports fill. */
  let other: { id: string; publisher_id: string; key: string };
  /** The memory of earlier runs, as the runner keeps it per newsletter. */
  const memory = new Map<string, string>();

  beforeAll(async () => {
    site = await imageSite();
    t = await startTestServer(kind, { EMBED_ALLOW_PRIVATE: 'on' });
    dir = mkdtempSync(join(tmpdir(), 'masthead-posts-'));
    director = await t.login('director@masthead.local');
    [newsletter, other] = (
      await sql<{ id: string; publisher_id: string; key: string }>`
        select newsletters.id, newsletters.publisher_id, newsletters.key from newsletters
        join users on users.publisher_id = newsletters.publisher_id and users.email = 'director@masthead.local'
        where newsletters.published order by newsletters.created_at, newsletters.id limit 2`.execute(t.server.database.db)
    ).rows as [typeof newsletter, typeof newsletter];
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** `stopAfter`: the run is stopped (the server closing) once it has taken that many stories. */
  async function run(source: ImportSource, files: ImportFile[], dryRun: boolean, options: PostsOptions & { stopAfter?: number } = {}): Promise<Run> {
    const result: Run = { rows: [], counts: {}, history: [] };
    const stop = new AbortController();
    const ctx: ImportContext = {
      api: t.server.context as unknown as PluginApi,
      importId: `test-${source}`,
      source,
      publisherId: newsletter.publisher_id,
      newsletterId: newsletter.id,
      dryRun,
      report: {
        async add(row) {
          result.rows.push(row);
        },
        count(name, by = 1) {
          result.counts[name] = (result.counts[name] ?? 0) + by;
          if (name === 'stories' && result.counts.stories === options.stopAfter) stop.abort();
        },
      },
      signal: stop.signal,
      async taken(kind: ItemKind, key: string) {
        return memory.get(`${kind}:${key}`);
      },
      async remember(kind: ItemKind, key: string, targetId: string) {
        if (!dryRun) memory.set(`${kind}:${key}`, targetId);
      },
      history(date) {
        result.history.push(date);
      },
    };
    await importPosts(
      ctx,
      files.filter((file) => isPostsFile(source, file.name, null) || source === 'beehiiv'),
      options,
    );
    return result;
  }

  const db = () => t.server.database.db;
  const storyBySlug = async (slug: string) =>
    (
      await sql<{
        id: string;
        slug: string;
        title: string;
        body_html: string;
        image: string;
        is_premium: boolean;
        published: boolean;
        draft: boolean;
        scheduled: boolean;
        published_at: Date | null;
        issue_id: string | null;
        tags: string[];
        writer: string | null;
      }>`select stories.*, pen_names.name as writer from stories left join pen_names on pen_names.id = stories.writer_id
        where stories.newsletter_id = ${newsletter.id} and stories.slug = ${slug}`.execute(db())
    ).rows[0];
  const storyCount = async () =>
    Number((await sql<{ count: number }>`select count(*)::int as count from stories where newsletter_id = ${newsletter.id}`.execute(db())).rows[0]!.count);
  const storyOf = async (newsletterId: string, slug: string) =>
    (await sql<{ is_premium: boolean }>`select is_premium from stories where newsletter_id = ${newsletterId} and slug = ${slug}`.execute(db())).rows[0];
  const get = (path: string) => t.request('GET', path);

  it('takes a Ghost site export: a dry run, the run, and a second run that adds nothing', async () => {
    // A slug the newsletter's publisher already has: the Ghost post gets the next one.
    const taken = (await sql<{ slug: string }>`select slug from stories where slug is not null limit 1`.execute(db())).rows[0]!.slug;
    const file = ghostExport(dir, [
      {
        id: 'g1',
        slug: 'welcome-to-the-weekly',
        title: 'Welcome to The Weekly',
        html: `<p>Hello readers, <a href="__GHOST_URL__/about/">about us</a>.</p><figure class="kg-card kg-image-card"><img src="${site.url}/inline.jpg" class="kg-image" alt="Inline"></figure><p><img src="${site.url}/missing.png" alt="Gone"></p>`,
        status: 'published',
        visibility: 'paid',
        publishedAt: '2024-03-05T09:00:00.000Z',
        featureImage: `${site.url}/cover.png`,
        newsletterId: 'nl1',
        emailSubject: 'Welcome, reader',
        tags: ['City', '#internal'],
      },
      { id: 'g2', slug: 'a-draft', title: 'A draft', html: '<p>Not yet.</p>', status: 'draft', authorId: 'u2', coAuthorId: 'u1' },
      {
        id: 'g3',
        slug: taken,
        title: 'Same slug',
        html: `<p>Again the cover: <img src="${site.url}/cover.png"></p>`,
        status: 'published',
        publishedAt: '2024-02-01T10:00:00.000Z',
      },
      {
        id: 'g4',
        slug: 'about',
        title: 'About',
        html: '<p>Who we are.</p><img src="__GHOST_URL__/content/images/team.png" alt="Team">',
        status: 'published',
        type: 'page',
        publishedAt: '2023-12-01T00:00:00.000Z',
      },
    ]);
    const before = await storyCount();

    const dry = await run('ghost', [file], true);
    expect(dry.counts).toMatchObject({ stories: 4, issues: 1 });
    expect(await storyCount()).toBe(before);
    expect(site.hits.size).toBe(0);
    expect(dry.rows.some((row) => row.ref === `post "${taken}"` && row.action === 'changed')).toBe(true);
    expect(dry.rows).toContainEqual({
      action: 'taken',
      kind: 'story',
      ref: 'post "welcome-to-the-weekly"',
      reason: 'A premium story published on 2024-03-05, /s/welcome-to-the-weekly.',
    });
    expect(dry.rows).toContainEqual({
      action: 'taken',
      kind: 'redirect',
      ref: 'post "welcome-to-the-weekly"',
      reason: `The old address /welcome-to-the-weekly answers at /n/${newsletter.key}/welcome-to-the-weekly.`,
    });

    // Ghost writes its own address as a placeholder: its images are fetched from the old site's address when the import has it.
    const real = await run('ghost', [file], false, { siteUrl: site.url });
    expect(real.counts).toMatchObject({ stories: 4, issues: 1 });
    expect(await storyCount()).toBe(before + 4);
    expect(real.history.map((date) => date.toISOString())).toContain('2023-12-01T00:00:00.000Z');

    const welcome = (await storyBySlug('welcome-to-the-weekly'))!;
    expect(welcome).toMatchObject({ title: 'Welcome to The Weekly', is_premium: true, published: true, writer: 'Ada Writer', tags: ['City'] });
    expect(welcome.published_at!.toISOString()).toBe('2024-03-05T09:00:00.000Z');
    // Images fetched once each into the library, and pointed at.
    expect(welcome.image).not.toContain(site.url);
    expect(welcome.body_html).not.toContain(`${site.url}/inline.jpg`);
    expect(welcome.body_html).toContain(`${site.url}/missing.png`);
    expect(site.hits.get('/cover.png')).toBe(1);
    expect(site.hits.get('/inline.jpg')).toBe(1);
    expect(real.rows).toContainEqual(expect.objectContaining({ action: 'failed', kind: 'image', ref: expect.stringContaining('missing.png') }));
    const library = (await sql<{ alt: string; source: string }>`select alt, source from images where source like ${`${site.url}/%`}`.execute(db())).rows;
    expect(library).toContainEqual({ alt: 'Welcome to The Weekly', source: `${site.url}/cover.png` });
    expect(library).toContainEqual({ alt: 'Inline', source: `${site.url}/inline.jpg` });
    const cover = await get(welcome.image);
    expect(cover.status).toBe(200);

    expect(welcome.body_html).toContain(`<a href="/n/${newsletter.key}/about/">about us</a>`);
    expect(site.hits.get('/content/images/team.png')).toBe(1);
    expect((await storyBySlug('about'))!.body_html).not.toContain('__GHOST_URL__');
    // Paid on Ghost, premium here: a reader who does not pay reads its teaser.
    const premiumPage = await get('/s/welcome-to-the-weekly');
    expect(premiumPage.body).toContain('<p class="teaser">Hello readers, about us.</p>');
    expect(premiumPage.body).not.toContain(/<img src="([^"]+)"/.exec(welcome.body_html)![1]);
    const draft = (await storyBySlug('a-draft'))!;
    expect(draft).toMatchObject({ draft: true, published: false, writer: 'Ben Columnist' });
    expect(real.rows).toContainEqual({
      action: 'changed',
      kind: 'story',
      ref: 'post "a-draft"',
      reason: 'Written by Ben Columnist, Ada Writer on Ghost: signed by the first, as a story has one byline.',
    });
    const renamed = (await storyBySlug(`${taken}-2`))!;
    expect(renamed.body_html).toContain(welcome.image);

    // The old addresses lead to the new pages; the new ones answer.
    for (const [old, slug] of [
      ['welcome-to-the-weekly/', 'welcome-to-the-weekly'],
      ['welcome-to-the-weekly', 'welcome-to-the-weekly'],
      [`${taken}/`, `${taken}-2`],
      ['about/', 'about'],
    ]) {
      const answer = await t.server.app.inject({ method: 'GET', url: `/n/${newsletter.key}/${old}` });
      expect(answer.statusCode, old).toBe(301);
      expect(answer.headers.location).toBe(`/s/${slug}`);
      expect((await get(`/s/${slug}`)).status).toBe(200);
    }
    expect((await t.server.app.inject({ method: 'GET', url: `/n/${newsletter.key}/a-draft/` })).statusCode).toBe(404);
    expect((await t.server.app.inject({ method: 'GET', url: `/n/${newsletter.key}/archive` })).statusCode).not.toBe(301);

    // The e-mailed post is an imported issue of the archive, dated, with no results.
    const issue = (
      await sql<{ id: string; subject: string; emailed_at: Date; published: boolean; imported: boolean; slug: string }>`
        select id, subject, emailed_at, published, imported, slug from issues where id = ${welcome.issue_id}`.execute(db())
    ).rows[0]!;
    expect(issue).toMatchObject({ subject: 'Welcome, reader', published: true, imported: true });
    expect(issue.emailed_at.toISOString()).toBe('2024-03-05T09:00:00.000Z');
    expect((await sql`select 1 from issue_deliveries where issue_id = ${issue.id}`.execute(db())).rows).toHaveLength(0);
    const listed = await t.request('GET', `/api/issues/list?newsletter=${newsletter.id}&status.published=true&limit=100`, { token: director });
    const row = (listed.body.data as { _id: string; results?: unknown; emailedAt: string }[]).find((each) => each._id === issue.id)!;
    expect(row.emailedAt).toBe('2024-03-05T09:00:00.000Z');
    expect(row.results).toBeUndefined();
    const fetched = await t.request('GET', `/api/issues/list/${issue.id}?updateStats=true`, { token: director });
    expect(fetched.body.data.results).toBeUndefined();
    const archive = await t.server.app.inject({ method: 'GET', url: `/n/${newsletter.key}/archive`, headers: { accept: 'text/html' } });
    expect(archive.statusCode).toBe(200);
    expect(archive.body).toContain('Welcome, reader');
    const issuePage = await t.server.app.inject({ method: 'GET', url: `/i/${issue.slug}` });
    expect(issuePage.statusCode).toBe(200);
    expect(issuePage.body).toContain('href="/s/welcome-to-the-weekly"');
    const compared = await t.request(
      'GET',
      `/api/publishers/analytics/${newsletter.publisher_id}?startAt=2024-03-01T00:00:00.000Z&endAt=2024-03-31T00:00:00.000Z`,
      {
        token: director,
      },
    );
    expect(compared.status).toBe(200);
    expect((compared.body.data as { _id: string; issues: number }[]).find((each) => each._id === newsletter.id)!.issues).toBe(0);

    // Twice is once: nothing new, nothing fetched again.
    const again = await run('ghost', [file], false);
    expect(again.counts).toEqual({ skipped: 4 });
    expect(await storyCount()).toBe(before + 4);
    expect(site.hits.get('/cover.png')).toBe(1);
  });

  it('reports the images on a Ghost site whose address the import does not have', async () => {
    const file = ghostExport(dir, [
      {
        id: 'g9',
        slug: 'placeholder-images',
        title: 'Placeholder images',
        html: '<p><img src="__GHOST_URL__/content/images/unknown.png"></p>',
        status: 'published',
        publishedAt: '2024-01-02T00:00:00.000Z',
      },
    ]);
    const real = await run('ghost', [file], false);
    expect(real.counts).toMatchObject({ stories: 1 });
    expect(real.rows).toContainEqual(
      expect.objectContaining({ action: 'failed', kind: 'image', ref: 'post "placeholder-images": __GHOST_URL__/content/images/unknown.png' }),
    );
    expect(site.hits.has('/content/images/unknown.png')).toBe(false);
  });

  it('stops at the next post when the run is stopped, and the next run goes on from there', async () => {
    const file = ghostExport(
      dir,
      ['one', 'two', 'three'].map((name, index) => ({
        id: `stop-${name}`,
        slug: `stopped-${name}`,
        title: `Stopped ${name}`,
        html: `<p>${name}</p>`,
        status: 'published' as const,
        publishedAt: `2024-09-0${index + 1}T00:00:00.000Z`,
        newsletterId: 'nl1',
      })),
    );
    const stopped = await run('ghost', [file], false, { stopAfter: 1 });
    expect(stopped.counts).toMatchObject({ stories: 1 });
    expect(await storyBySlug('stopped-two')).toBeUndefined();
    const resumed = await run('ghost', [file], false);
    expect(resumed.counts).toEqual({ skipped: 1, stories: 2, issues: 2 });
    expect((await sql`select 1 from issues where newsletter_id = ${newsletter.id} and slug like 'stopped-%'`.execute(db())).rows).toHaveLength(3);
  });

  it("takes Substack's posts.csv with its HTML files", async () => {
    const files = substackExport(dir, [
      {
        id: '1001',
        slug: 'first-letter',
        title: 'First letter',
        subtitle: 'Where it starts',
        html: `<div class="body markup"><p>From Substack.</p><img src="${site.url}/cover.png"></div>`,
        published: true,
        postDate: '2024-04-10T08:00:00.000Z',
        emailSentAt: '2024-04-10T08:05:00.000Z',
        audience: 'only_paid',
      },
      { id: '1002', slug: 'unsent-draft', title: 'Unsent', subtitle: 'Later', html: '<p>Draft.</p>', published: false, postDate: '2024-05-01T00:00:00.000Z' },
      { id: '1003', slug: 'no-body', title: 'No body', subtitle: 'Lost', html: null, published: true, postDate: '2024-05-02T00:00:00.000Z' },
    ]);
    const dry = await run('substack', files, true);
    expect(dry.counts).toMatchObject({ stories: 3, issues: 1 });
    const real = await run('substack', files, false);
    expect(real.counts).toMatchObject({ stories: 3, issues: 1 });
    expect(real.rows).toContainEqual(expect.objectContaining({ ref: 'posts.csv row 4', reason: expect.stringContaining('1003.no-body.html') }));
    const first = (await storyBySlug('first-letter'))!;
    expect(first).toMatchObject({ is_premium: true, published: true, writer: null });
    expect(first.body_html).not.toContain(site.url);
    // The cover was fetched by the Ghost import already: not again.
    expect(site.hits.get('/cover.png')).toBe(1);
    expect((await storyBySlug('unsent-draft'))!.draft).toBe(true);
    const answer = await t.server.app.inject({ method: 'GET', url: `/n/${newsletter.key}/p/first-letter` });
    expect(answer.statusCode).toBe(301);
    expect(answer.headers.location).toBe('/s/first-letter');
    expect((await run('substack', files, false)).counts).toEqual({ skipped: 3 });
  });

  it("takes beehiiv's posts CSV", async () => {
    const file = beehiivExport(dir, [
      {
        id: 'post_abc',
        slug: 'bee-one',
        title: 'Bee one',
        html: '<p>From beehiiv.</p>',
        status: 'confirmed',
        platform: 'both',
        audience: 'premium',
        publishDate: '2024-06-01 07:00:00 UTC',
        thumbnail: `${site.url}/thumb.jpg`,
      },
      {
        id: 'post_def',
        slug: 'bee-two',
        title: 'Bee two',
        html: '<p>Web only.</p>',
        status: 'confirmed',
        platform: 'web',
        audience: 'free',
        publishDate: '1717225200',
      },
    ]);
    expect(isPostsFile('beehiiv', file.name, ['id', 'title', 'slug', 'content_html'])).toBe(true);
    expect(isPostsFile('beehiiv', 'subscribers.csv', ['email', 'status', 'created'])).toBe(false);
    const real = await run('beehiiv', [file], false);
    expect(real.counts).toMatchObject({ stories: 2, issues: 1 });
    const one = (await storyBySlug('bee-one'))!;
    expect(one).toMatchObject({ is_premium: true, writer: 'Cem Editor', tags: ['news', 'city'] });
    expect(one.published_at!.toISOString()).toBe('2024-06-01T07:00:00.000Z');
    expect(one.image).not.toContain(site.url);
    expect((await storyBySlug('bee-two'))!.is_premium).toBe(false);
    expect((await t.server.app.inject({ method: 'GET', url: `/n/${newsletter.key}/p/bee-two/` })).headers.location).toBe('/s/bee-two');
  });

  it('reports a bad row by its place and takes the others', async () => {
    const path = join(dir, 'posts-with-bad-rows.csv');
    writeFileSync(
      path,
      [
        'id,title,slug,status,platform,audience,publish_date,content_html',
        'p1,Good row,good-row,confirmed,web,free,2024-10-01,<p>Fine.</p>',
        'p2,,,confirmed,web,free,,',
        'p3,"Broken"quote,x,confirmed,web,free,,',
      ].join('\n'),
    );
    const result = await run('beehiiv', [{ name: 'posts-with-bad-rows.csv', path, size: 0 }], true);
    expect(result.counts).toEqual({ stories: 1, skipped: 2 });
    expect(result.rows).toContainEqual({
      action: 'failed',
      kind: 'story',
      ref: 'posts-with-bad-rows.csv row 3',
      reason: 'The row has neither a title nor a body.',
    });
    expect(result.rows).toContainEqual(
      expect.objectContaining({ action: 'failed', ref: 'posts-with-bad-rows.csv line 4', reason: expect.stringContaining('The row cannot be read') }),
    );
  });

  it('fails a file that is not the format, naming it', async () => {
    const file = { ...ghostExport(dir, []), name: 'broken.json' };
    writeFileSync(file.path, '{"db": [ {"data": {"posts": [ {"id": ');
    await expect(run('ghost', [file], true)).rejects.toThrow(/broken\.json/);
  });

  /** Posts an import of one file through the API and waits for its job; answers the import with its report. */
  async function throughApi(fields: Record<string, string>, file: { name: string; content: Buffer }) {
    const { payload, headers } = multipart(fields, { field: 'file', filename: file.name, contentType: 'application/octet-stream', content: file.content });
    const posted = await t.server.app.inject({ method: 'POST', url: '/api/imports', headers: { authorization: `Bearer ${director}`, ...headers }, payload });
    expect(posted.statusCode, posted.body).toBe(202);
    const id = JSON.parse(posted.body).data.id as string;
    const state = async () => (await t.request('GET', `/api/imports/${id}`, { token: director })).body.data.state as string;
    expect(await until(async () => ['done', 'failed'].includes(await state()), 60_000)).toBe(true);
    return (await t.request('GET', `/api/imports/${id}?limit=500`, { token: director })).body as {
      data: { state: string; counts: Record<CountName, number>; error?: string | null };
      report: ReportRow[];
    };
  }

  it('runs through POST /api/imports: a Ghost site export with its old address and a Substack zip, dry run, run, and again', async () => {
    const ghost = ghostExport(dir, [
      {
        id: 'api1',
        slug: 'api-ghost-post',
        title: 'Through the API',
        // Ghost writes its own address as __GHOST_URL__: the import's siteUrl stands for it.
        html: '<p>Posted.</p><img src="__GHOST_URL__/api.jpg">',
        status: 'published',
        publishedAt: '2024-07-01T06:00:00.000Z',
        newsletterId: 'nl1',
      },
    ]);
    const ghostFile = { name: ghost.name, content: readFileSync(ghost.path) };
    const badAddress = multipart(
      { source: 'ghost', newsletter: other.id, siteUrl: 'ftp://old.example' },
      { field: 'file', filename: ghostFile.name, contentType: 'application/json', content: ghostFile.content },
    );
    const refused = await t.server.app.inject({
      method: 'POST',
      url: '/api/imports',
      headers: { authorization: `Bearer ${director}`, ...badAddress.headers },
      payload: badAddress.payload,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().details).toEqual([{ message: "Enter the old site's address as it starts its pages, such as https://example.com.", path: 'siteUrl' }]);
    const fields = { source: 'ghost', newsletter: other.id, siteUrl: `${site.url}/` };
    const dry = await throughApi({ ...fields, dryRun: 'true' }, ghostFile);
    expect(dry.data).toMatchObject({ state: 'done', counts: { stories: 1, issues: 1, subscribers: 0, paid: 0, skipped: 0 } });
    expect((await t.server.app.inject({ method: 'GET', url: `/n/${other.key}/api-ghost-post/` })).statusCode).toBe(404);
    const real = await throughApi({ ...fields, dryRun: 'false' }, ghostFile);
    expect(real.data).toMatchObject({ state: 'done', counts: { stories: 1, issues: 1 } });
    expect(real.report).toContainEqual(expect.objectContaining({ action: 'taken', kind: 'issue', ref: 'post "api-ghost-post"' }));
    expect(site.hits.get('/api.jpg')).toBe(1);
    const moved = await t.server.app.inject({ method: 'GET', url: `/n/${other.key}/api-ghost-post/` });
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/s/api-ghost-post');
    const again = await throughApi({ ...fields, dryRun: 'false' }, ghostFile);
    expect(again.data.counts).toMatchObject({ stories: 0, issues: 0, skipped: 1 });
    expect(site.hits.get('/api.jpg')).toBe(1);

    const zip = join(dir, 'substack-export.zip');
    const substack = substackExport(join(dir, 'substack-api'), [
      {
        id: '2001',
        slug: 'api-substack-post',
        title: 'Zipped',
        subtitle: 'From the archive',
        html: '<p>Unzipped by the runner.</p>',
        published: true,
        postDate: '2024-08-01T09:00:00.000Z',
        emailSentAt: '2024-08-01T09:01:00.000Z',
        audience: 'founding',
      },
    ]);
    await writeZip(zip, Object.fromEntries(substack.map((file) => [file.name, readFileSync(file.path, 'utf8')])));
    const zipped = await throughApi({ source: 'substack', newsletter: other.id, dryRun: 'false' }, { name: 'substack-export.zip', content: readFileSync(zip) });
    expect(zipped.data).toMatchObject({ state: 'done', counts: { stories: 1, issues: 1 } });
    expect((await storyOf(other.id, 'api-substack-post'))?.is_premium).toBe(true);
    expect((await t.server.app.inject({ method: 'GET', url: `/n/${other.key}/p/api-substack-post` })).headers.location).toBe('/s/api-substack-post');
  });
});
