/**
 * Collections (spec 001 sections 3, 5 and 7; spec 000 latest collections): the wizard's form,
 * create with every validation message, the key check, update and publish, the lists and one
 * collection with its items, delete; each inside the caller's publisher, and refused (with nothing
 * saved) to authors, to another publisher's director and to anonymous callers. Curating is the
 * admins' (docs/decisions/0015): collections of issues, the featured and indexed flags. The public
 * page /c/{slug or id} and the featured collections on their owner's public page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedMeanwhileText } from '../../core/server/errors';
import { escapeHtml } from '../../core/shared/text';
import { collectionMessages } from '../../plugins/collections/rules';
import { enginesFor, startTestServer, type TestServer } from './server';

const databases = enginesFor('every engine');

describe.each(databases)('collections on %s', (kind) => {
  let t: TestServer;
  let director: string;
  let editor: string;
  let author: string;
  let admin: string;
  let egeDirector: string;
  let kuzeyKey: string;
  let issues: { id: string; subject: string; slug: string }[];
  let draftIssue: string;
  let egeIssue: string | undefined;
  let articles: string[];
  let bullet: string;
  let draftArticle: string;
  let egeArticle: string | undefined;
  let morning: string;
  let egeNewsletter: string;

  const count = async () =>
    Number(
      (
        await t.server.database.db
          .withTables<{ collections: { id: string } }>()
          .selectFrom('collections')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await startTestServer(kind);
    director = await t.login('director@masthead.local');
    editor = await t.login('editor@masthead.local');
    author = await t.login('author@masthead.local');
    egeDirector = await t.login('director@egehaber.example');
    const db = t.server.database.db.withTables<{
      stories: { id: string; publisher_id: string; type: string; published: boolean; published_at: Date | null };
      issues: { id: string; publisher_id: string; subject: string; slug: string; published: boolean; published_at: Date | null };
    }>();
    const kuzey = (await db.selectFrom('publishers').select('id').where('key', '=', 'kuzey-medya').executeTakeFirstOrThrow()).id;
    kuzeyKey = 'kuzey-medya';
    admin = (await t.request('PUT', '/api/auth/scope', { token: await t.login('admin@masthead.local'), body: { publisher: kuzey } })).body.data;
    const allIssues = await db.selectFrom('issues').select(['id', 'publisher_id', 'subject', 'slug', 'published']).orderBy('published_at', 'desc').execute();
    issues = allIssues.filter((issue) => issue.publisher_id === kuzey && issue.published);
    draftIssue = allIssues.find((issue) => issue.publisher_id === kuzey && !issue.published)!.id;
    egeIssue = allIssues.find((issue) => issue.publisher_id !== kuzey && issue.published)?.id;
    const stories = await db
      .selectFrom('stories')
      .select(['id', 'publisher_id', 'type', 'published', 'published_at'])
      .orderBy('published_at', 'desc')
      .execute();
    articles = stories.filter((s) => s.publisher_id === kuzey && s.type === 'article' && s.published).map((s) => s.id);
    bullet = stories.find((s) => s.publisher_id === kuzey && s.type === 'bullet' && s.published)!.id;
    draftArticle = stories.find((s) => s.publisher_id === kuzey && s.type === 'article' && !s.published)!.id;
    egeArticle = stories.find((s) => s.publisher_id !== kuzey)?.id;
    morning = (await db.selectFrom('newsletters').select('id').where('key', '=', 'sabah-bulteni').executeTakeFirstOrThrow()).id;
    egeNewsletter = (await db.selectFrom('newsletters').select('id').where('key', '=', 'ege-gundem').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await t.close();
  });

  const valid = (extra: Record<string, unknown> = {}) => ({
    title: 'Haftanın En İyileri',
    description: 'Bu haftanın en çok okunan yazıları.',
    image: '/demo/sabah-bulteni.svg',
    key: `en-iyiler-${Math.random().toString(36).slice(2, 8)}`,
    childrenRef: 'Story',
    children: articles.slice(0, 2),
    ...extra,
  });
  const create = (body: unknown, token = director) => t.request('POST', '/api/collections/create', { token, body });
  const messages = (body: { details?: { message: string }[] }) => (body.details ?? []).map((detail) => detail.message);

  it('has demo collections of Kuzey Medya: two published and one draft of its articles (one featured and indexed), one published of its issues', async () => {
    expect(articles.length).toBeGreaterThanOrEqual(2);
    expect(issues.length).toBeGreaterThanOrEqual(2);
    const { status, body } = await t.request('GET', '/api/collections/list', { token: director });
    expect(status).toBe(200);
    expect(body.count).toBe(4);
    type Listed = { title: string; childrenRef: string; children: string[]; ownerModel: string; status: Record<string, boolean> };
    const byType = (ref: string) => body.data.filter((c: Listed) => c.childrenRef === ref) as Listed[];
    expect(byType('Story')).toHaveLength(3);
    expect(byType('Story').filter((c) => c.status.published)).toHaveLength(2);
    for (const collection of byType('Story')) for (const child of collection.children) expect(articles).toContain(child);
    const [issueCollection] = byType('Issue');
    expect(issueCollection).toMatchObject({ ownerModel: 'Publisher', status: { published: true } });
    for (const child of issueCollection!.children) expect(issues.map((issue) => issue.id)).toContain(child);
    const featured = body.data.filter((c: Listed) => c.status.featured) as Listed[];
    expect(featured.map((c) => c.title)).toEqual(['Haftanın Seçkisi']);
    expect(featured[0]!.status).toEqual({ published: true, featured: true, indexed: true });
    expect((await t.request('GET', '/api/collections/list', { token: egeDirector })).body).toEqual({ data: [], count: 0 });
  });

  it('GET /collections/create answers a blank collection and the models a collection holds', async () => {
    const { status, body } = await t.request('GET', '/api/collections/create', { token: editor });
    expect(status).toBe(200);
    expect(body.data.data.childrenRefs).toEqual(['Story', 'Issue']);
    expect(body.data.body).toMatchObject({
      title: '',
      description: '',
      image: '',
      key: '',
      children: [],
      childrenRef: 'Story',
      status: { published: false, featured: false, indexed: false },
    });
  });

  it('creates a collection with its items in order, a slug of its title, and the spec message', async () => {
    const children = [articles[1]!, articles[0]!];
    const { status, body } = await create(valid({ key: 'Secki-Bir', children, model: 'Newsletter', parent: morning }));
    expect(status).toBe(200);
    expect(body.msg).toBe('You created a new collection.');
    expect(body.data._id).toEqual(expect.any(String));
    expect(body.data).toMatchObject({
      key: 'secki-bir',
      slug: 'haftanin-en-iyileri',
      children,
      owner: morning,
      ownerModel: 'Newsletter',
      status: { published: false },
    });
    const again = await create(valid({ children: [articles[0]!] }));
    expect(again.body.data.slug).toBe('haftanin-en-iyileri-2');

    const one = await t.request('GET', `/api/collections/list/${body.data._id}`, { token: editor });
    expect(one.status).toBe(200);
    expect(one.body.data.children.map((item: { _id: string }) => item._id)).toEqual(children);
    expect(Object.keys(one.body.data.children[0]).sort()).toEqual(['_id', 'image', 'model', 'publishedAt', 'slug', 'title', 'type', 'url']);
    const [first] = one.body.data.children;
    expect(first).toMatchObject({ model: 'Story', type: 'article' });
    expect(first.url).toBe(`/s/${first.slug ?? first._id}`);
    expect((await t.server.app.inject({ method: 'GET', url: first.url })).statusCode).toBe(200);
  });

  it.each([
    ['no image', { image: '' }, collectionMessages.image],
    ['a missing image', { image: undefined }, 'You need to select an image.'],
    ['a short title', { title: ' ab ' }, 'Collection title must be three characters or more.'],
    ['a short description', { description: 'xy' }, 'Collection description must be three characters or more.'],
    ['no items', { children: [] }, 'Collection must have at least one item.'],
    ['a bad key', { key: 'a b' }, collectionMessages.key],
  ])('refuses %s with its message and saves nothing', async (_name, change, message) => {
    const before = await count();
    const { status, body } = await create(valid(change));
    expect(status).toBe(422);
    expect(messages(body)).toContain(message);
    expect(await count()).toBe(before);
  });

  it('refuses a duplicate item, a draft, a bullet and another publisher’s story', async () => {
    const before = await count();
    const duplicate = await create(valid({ children: [articles[0], articles[0]] }));
    expect(duplicate.status).toBe(422);
    expect(messages(duplicate.body)).toEqual([collectionMessages.duplicate]);
    for (const id of [draftArticle, bullet, egeArticle ?? 'missing', 'no-such-story']) {
      const answer = await create(valid({ children: [articles[0], id] }));
      expect(answer.status).toBe(422);
      expect(messages(answer.body)).toEqual([collectionMessages.item]);
    }
    expect(await count()).toBe(before);
  });

  it('keeps keys unique on the platform, and the key check knows Collection', async () => {
    await create(valid({ key: 'tek-anahtar' }));
    const before = await count();
    const taken = await create(valid({ key: 'Tek-Anahtar' }));
    expect(taken.status).toBe(422);
    expect(messages(taken.body)).toEqual(['This collection name already exists.']);
    const ege = await create(valid({ key: 'tek-anahtar', children: egeArticle ? [egeArticle] : [] }), egeDirector);
    expect(ege.status).toBe(422);
    expect(await count()).toBe(before);
    expect((await t.request('GET', '/api/keys/check?model=Collection&key=tek-anahtar', { token: editor })).body.msg).toBe('EXISTS');
    expect((await t.request('GET', '/api/keys/check?model=Collection&key=bos-anahtar', { token: editor })).body.msg).toBe('AVAILABLE');
  });

  it('answers two creates racing for one key with one collection and a conflict, never a 500', async () => {
    const before = await count();
    const answers = await Promise.all([1, 2, 3].map(() => create(valid({ key: 'ayni-anda' }))));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    for (const answer of answers.filter((one) => one.status !== 200)) {
      expect([409, 422]).toContain(answer.status);
      expect(answer.body.msg).toEqual(answer.status === 409 ? savedMeanwhileText : 'Error!');
    }
    expect(await count()).toBe(before + 1);
  });

  it('publishes only with collections.publish: directors may, editors may not', async () => {
    const before = await count();
    const refused = await create(valid({ status: { published: true } }), editor);
    expect(refused.status).toBe(401);
    expect(await count()).toBe(before);
    const { status, body } = await create(valid({ status: { published: true } }), director);
    expect(status).toBe(200);
    expect(body.data.status.published).toBe(true);
    expect(body.data.publishedAt).toEqual(expect.any(String));
  });

  it('GET and PUT /collections/update/{id}: edits, reorders, publishes and unpublishes', async () => {
    const id = (await create(valid({ key: 'duzenlenecek', children: [articles[0]] }), editor)).body.data._id;
    const form = await t.request('GET', `/api/collections/update/${id}`, { token: editor });
    expect(form.status).toBe(200);
    expect(form.body.data.body).toMatchObject({ _id: id, key: 'duzenlenecek', children: [articles[0]] });

    const reordered = [articles[1], articles[0]];
    const saved = await t.request('PUT', `/api/collections/update/${id}`, {
      token: editor,
      body: { ...form.body.data.body, title: 'Yeni Başlık', children: reordered },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ title: 'Yeni Başlık', slug: 'yeni-baslik', children: reordered, status: { published: false } });

    const notAllowed = await t.request('PUT', `/api/collections/update/${id}`, { token: editor, body: { ...saved.body.data, status: { published: true } } });
    expect(notAllowed.status).toBe(401);
    const published = await t.request('PUT', `/api/collections/update/${id}`, { token: director, body: { ...saved.body.data, status: { published: true } } });
    expect(published.body.data.status.published).toBe(true);
    // A published collection keeps its slug (its public page's address).
    const renamed = await t.request('PUT', `/api/collections/update/${id}`, { token: editor, body: { ...published.body.data, title: 'Başka Başlık' } });
    expect(renamed.body.data).toMatchObject({ title: 'Başka Başlık', slug: 'yeni-baslik', status: { published: true } });
    const unpublished = await t.request('PUT', `/api/collections/update/${id}`, {
      token: director,
      body: { ...renamed.body.data, status: { published: false } },
    });
    expect(unpublished.body.data.status.published).toBe(false);

    const bad = await t.request('PUT', `/api/collections/update/${id}`, { token: editor, body: { ...unpublished.body.data, description: 'x', children: [] } });
    expect(bad.status).toBe(422);
    expect(messages(bad.body)).toEqual([collectionMessages.description, collectionMessages.children]);
    expect((await t.request('GET', `/api/collections/update/${id}`, { token: editor })).body.data.body.description).toBe(unpublished.body.data.description);
  });

  it('lists by owner, status, search and sort, paged, and leaves out a collection titled Draft Stories', async () => {
    await create(valid({ title: 'Draft Stories', key: 'draft-stories' }));
    const all = await t.request('GET', '/api/collections/list?page=0&limit=100&sort=title&desc=false', { token: director });
    expect(all.status).toBe(200);
    const titles = all.body.data.map((c: { title: string }) => c.title);
    expect(titles).not.toContain('Draft Stories');
    expect(titles).toEqual([...titles].sort((a: string, b: string) => a.localeCompare(b)));
    expect(all.body.count).toBe(all.body.data.length);

    const panel = await t.request('GET', `/api/collections/list?owner=${morning}&page=0&limit=2&sort=updatedAt&desc=true`, { token: editor });
    expect(panel.body.data).toHaveLength(2);
    for (const collection of panel.body.data) expect(collection.owner).toBe(morning);

    const published = await t.request('GET', '/api/collections/list?status.published=true&limit=100', { token: director });
    expect(published.body.data.every((c: { status: { published: boolean } }) => c.status.published)).toBe(true);
    const searched = await t.request('GET', '/api/collections/list?search=teknoloji', { token: director });
    expect(searched.body.data.map((c: { title: string }) => c.title)).toEqual(['Teknoloji Dosyası']);
  });

  it('deletes a collection', async () => {
    const id = (await create(valid())).body.data._id;
    const { status, body } = await t.request('DELETE', `/api/collections/delete/${id}`, { token: editor });
    expect(status).toBe(200);
    expect(body.data._id).toBe(id);
    expect((await t.request('GET', `/api/collections/list/${id}`, { token: editor })).status).toBe(404);
  });

  it('refuses authors, anonymous callers and another publisher’s director, saving nothing', async () => {
    const id = (await create(valid())).body.data._id;
    const before = await count();
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/collections/create'],
      ['POST', '/api/collections/create', valid()],
      ['GET', `/api/collections/update/${id}`],
      ['PUT', `/api/collections/update/${id}`, valid()],
      ['GET', '/api/collections/list'],
      ['GET', `/api/collections/list/${id}`],
      ['DELETE', `/api/collections/delete/${id}`],
    ];
    for (const [method, url, body] of calls) {
      expect((await t.request(method, url, { token: author, body })).status, `author ${method} ${url}`).toBe(401);
      const anonymous = await t.request(method, url, { body });
      expect(anonymous.status, `anonymous ${method} ${url}`).toBe(401);
      expect(anonymous.body.err).toBe('UNAUTHORIZED');
    }
    for (const [method, url, body] of calls.filter(([, url]) => url.includes(id))) {
      const answer = await t.request(method, url, { token: egeDirector, body });
      expect(answer.status, `ege ${method} ${url}`).toBe(404);
      expect(answer.body).toEqual({ msg: 'Collection not found.' });
    }
    // Kuzey Medya's newsletter as the owner of Ege Haber's collection: not found either.
    const foreignOwner = await create(valid({ model: 'Newsletter', parent: morning, children: egeArticle ? [egeArticle] : ['x'] }), egeDirector);
    expect(foreignOwner.status).toBe(404);
    const ownOwner = await create(valid({ model: 'Newsletter', parent: egeNewsletter, children: [articles[0]] }), egeDirector);
    expect(ownOwner.status).toBe(422);
    expect(await count()).toBe(before);
    expect((await t.request('GET', `/api/collections/list/${id}`, { token: director })).body.data.title).toBe('Haftanın En İyileri');
  });

  describe('collections of issues', () => {
    const issueBody = (extra: Record<string, unknown> = {}) => valid({ childrenRef: 'Issue', children: issues.slice(0, 2).map((issue) => issue.id), ...extra });

    it('are made by admins only (collections.curate): editors and directors are refused and nothing is saved', async () => {
      const before = await count();
      for (const [token, role] of [
        [editor, 'EDITOR'],
        [director, 'DIRECTOR'],
      ] as const) {
        const refused = await create(issueBody(), token);
        expect(refused.status).toBe(401);
        expect(refused.body).toEqual({ msg: `Required role Admin, current role: ${role}`, err: 'UNAUTHORIZED' });
      }
      expect(await count()).toBe(before);

      const children = [issues[1]!.id, issues[0]!.id];
      const { status, body } = await create(issueBody({ children }), admin);
      expect(status).toBe(200);
      expect(body.data).toMatchObject({ childrenRef: 'Issue', children });
      const one = (await t.request('GET', `/api/collections/list/${body.data._id}`, { token: editor })).body.data;
      expect(one.children).toEqual(
        children.map((id) => {
          const issue = issues.find((candidate) => candidate.id === id)!;
          return {
            _id: id,
            model: 'Issue',
            title: issue.subject,
            image: expect.any(String),
            slug: issue.slug,
            type: 'issue',
            url: `/i/${issue.slug}`,
            publishedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
          };
        }),
      );
      expect((await t.server.app.inject({ method: 'GET', url: one.children[0].url })).statusCode).toBe(200);
    });

    it("hold only the publisher's published issues, and a collection of stories no issue", async () => {
      const before = await count();
      for (const id of [draftIssue, egeIssue ?? 'missing', articles[0]!, 'no-such-issue']) {
        const answer = await create(issueBody({ children: [issues[0]!.id, id] }), admin);
        expect(answer.status, id).toBe(422);
        expect(messages(answer.body)).toEqual([collectionMessages.issueItem]);
      }
      const storiesOnly = await create(valid({ children: [articles[0], issues[0]!.id] }), admin);
      expect(storiesOnly.status).toBe(422);
      expect(messages(storiesOnly.body)).toEqual([collectionMessages.item]);
      const unknownType = await create(valid({ childrenRef: 'Episode' }), admin);
      expect(unknownType.status).toBe(422);
      expect(await count()).toBe(before);
    });

    it('keep their type: an update naming another type is refused, whoever sends it', async () => {
      const issueCollection = (await create(issueBody({ children: [issues[0]!.id] }), admin)).body.data;
      const form = (await t.request('GET', `/api/collections/update/${issueCollection._id}`, { token: director })).body.data.body;
      expect(form.childrenRef).toBe('Issue');
      // A director arranges an admin's collection of issues (collections.update) but adds no draft issue to it.
      const reordered = await t.request('PUT', `/api/collections/update/${issueCollection._id}`, {
        token: director,
        body: { ...form, children: [issues[1]!.id, issues[0]!.id] },
      });
      expect(reordered.status).toBe(200);
      expect(reordered.body.data.children).toEqual([issues[1]!.id, issues[0]!.id]);
      const draft = await t.request('PUT', `/api/collections/update/${issueCollection._id}`, { token: director, body: { ...form, children: [draftIssue] } });
      expect(draft.status).toBe(422);
      expect(messages(draft.body)).toEqual([collectionMessages.issueItem]);

      for (const [id, body] of [
        [issueCollection._id, { ...form, childrenRef: 'Story', children: [articles[0]] }],
        [(await create(valid(), admin)).body.data._id, { ...valid(), childrenRef: 'Issue', children: [issues[0]!.id] }],
      ] as const) {
        const changed = await t.request('PUT', `/api/collections/update/${id}`, { token: admin, body });
        expect(changed.status).toBe(422);
        expect(messages(changed.body)).toEqual(["A collection's type cannot change."]);
      }
      const kept = (await t.request('GET', `/api/collections/list/${issueCollection._id}`, { token: admin })).body.data;
      expect(kept.childrenRef).toBe('Issue');
      expect(kept.children.map((item: { _id: string }) => item._id)).toEqual([issues[1]!.id, issues[0]!.id]);
    });
  });

  describe('featured and indexed', () => {
    it('are changed by admins only; the form sent back as it is saves for anyone who may edit', async () => {
      const refusedCreate = await create(valid({ status: { published: true, featured: true } }), director);
      expect(refusedCreate.status).toBe(401);
      expect(refusedCreate.body.msg).toBe('Required role Admin, current role: DIRECTOR');

      const id = (await create(valid({ status: { published: true } }), director)).body.data._id;
      const form = (await t.request('GET', `/api/collections/update/${id}`, { token: editor })).body.data.body;
      expect(form.status).toEqual({ published: true, featured: false, indexed: false });
      for (const status of [{ featured: true }, { indexed: true }]) {
        for (const token of [editor, director]) {
          const refused = await t.request('PUT', `/api/collections/update/${id}`, { token, body: { ...form, status: { ...form.status, ...status } } });
          expect(refused.status, JSON.stringify(status)).toBe(401);
        }
      }
      const curated = await t.request('PUT', `/api/collections/update/${id}`, { token: admin, body: { ...form, status: { featured: true, indexed: true } } });
      expect(curated.status).toBe(200);
      expect(curated.body.data.status).toEqual({ published: true, featured: true, indexed: true });

      const edited = await t.request('PUT', `/api/collections/update/${id}`, { token: editor, body: { ...curated.body.data, title: 'Düzenlenmiş Seçki' } });
      expect(edited.status).toBe(200);
      expect(edited.body.data).toMatchObject({ title: 'Düzenlenmiş Seçki', status: { published: true, featured: true, indexed: true } });
      const withoutStatus = await t.request('PUT', `/api/collections/update/${id}`, { token: editor, body: { ...edited.body.data, status: undefined } });
      expect(withoutStatus.body.data.status).toEqual({ published: true, featured: true, indexed: true });
      const unfeatured = await t.request('PUT', `/api/collections/update/${id}`, {
        token: director,
        body: { ...edited.body.data, status: { featured: false } },
      });
      expect(unfeatured.status).toBe(401);
    });
  });

  describe('the public page /c/{slug or id}', () => {
    const page = (url: string, headers: Record<string, string> = {}) => t.server.app.inject({ method: 'GET', url, headers });

    it('shows a published collection: image, title, description and its published items in order, each linking to its page', async () => {
      const children = [articles[2]!, articles[0]!, articles[1]!];
      const created = await create(
        valid({
          title: 'Seçki <script>alert(1)</script>',
          description: 'Okuyun & "paylaşın" <b>hemen</b>',
          image: '/demo/kuzey-medya.svg?a=1&b=2',
          children,
          status: { published: true },
        }),
        director,
      );
      expect(created.status).toBe(200);
      const { _id: id, slug } = created.body.data;
      const items = (await t.request('GET', `/api/collections/list/${id}`, { token: editor })).body.data.children as { url: string; title: string }[];

      const answer = await page(`/c/${slug}`);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      const html = answer.body;
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html).not.toContain('<script>alert(1)');
      expect(html).toContain('Okuyun &amp; &quot;paylaşın&quot; &lt;b&gt;hemen&lt;/b&gt;');
      expect(html).toContain('src="/demo/kuzey-medya.svg?a=1&amp;b=2"');
      const positions = items.map((item) => html.indexOf(`href="${item.url}"`));
      expect(positions.every((position) => position > 0)).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      // By its id as well; an unpublished item is left out.
      expect((await page(`/c/${id}`)).statusCode).toBe(200);
      const db = t.server.database.db.withTables<{ stories: { id: string; published: boolean } }>();
      await db.updateTable('stories').set({ published: false }).where('id', '=', articles[2]!).execute();
      try {
        const without = (await page(`/c/${slug}`)).body;
        expect(without).not.toContain(`href="${items[0]!.url}"`);
        expect(without).toContain(`href="${items[1]!.url}"`);
      } finally {
        await db.updateTable('stories').set({ published: true }).where('id', '=', articles[2]!).execute();
      }
    });

    it('asks search engines to leave it out unless it is indexed, and is revalidated on every view', async () => {
      const created = (await create(valid({ status: { published: true } }), director)).body.data;
      const first = await page(`/c/${created.slug}`);
      expect(first.body).toContain('<meta name="robots" content="noindex">');
      expect(first.headers['cache-control']).toBe('public, no-cache');
      expect(first.headers.etag).toEqual(expect.any(String));
      expect((await page(`/c/${created.slug}`, { 'if-none-match': first.headers.etag as string })).statusCode).toBe(304);

      await t.request('PUT', `/api/collections/update/${created._id}`, { token: admin, body: { ...created, status: { indexed: true } } });
      const indexed = await page(`/c/${created.slug}`, { 'if-none-match': first.headers.etag as string });
      expect(indexed.statusCode).toBe(200);
      expect(indexed.body).not.toContain('noindex');
    });

    it('links the items of a collection of issues to their issue pages', async () => {
      const created = (await create(valid({ childrenRef: 'Issue', children: [issues[0]!.id], status: { published: true } }), admin)).body.data;
      const html = (await page(`/c/${created.slug}`)).body;
      expect(html).toContain(`href="/i/${issues[0]!.slug}"`);
      expect(html).toContain(escapeHtml(issues[0]!.subject));
    });

    it('answers 404 in the envelope for a draft, an unpublished or an unknown collection', async () => {
      const draft = (await create(valid(), director)).body.data;
      for (const key of [draft.slug, draft._id, 'no-such-collection']) {
        const answer = await page(`/c/${key}`);
        expect(answer.statusCode, key).toBe(404);
        expect(JSON.parse(answer.body)).toEqual({ msg: 'Collection not found.' });
      }
      const published = (await create(valid({ status: { published: true } }), director)).body.data;
      expect((await page(`/c/${published.slug}`)).statusCode).toBe(200);
      await t.request('PUT', `/api/collections/update/${published._id}`, { token: director, body: { ...published, status: { published: false } } });
      expect((await page(`/c/${published.slug}`)).statusCode).toBe(404);
    });
  });

  describe("featured collections on their owner's public page", () => {
    const html = async (url: string) => {
      const answer = await t.server.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(200);
      return answer.body;
    };

    it("shows a publisher's published featured collections on /p/{key}, escaped, and a newsletter's on /n/{key}", async () => {
      const featured = (await create(valid({ title: 'Öne <Çıkan> Seçki', status: { published: true, featured: true } }), admin)).body.data;
      const plain = (await create(valid({ title: 'Sıradan Seçki', status: { published: true } }), admin)).body.data;
      const draft = (await create(valid({ title: 'Taslak Öne Çıkan', status: { featured: true } }), admin)).body.data;
      const publisherPage = await html(`/p/${kuzeyKey}`);
      expect(publisherPage).toContain('Öne &lt;Çıkan&gt; Seçki');
      expect(publisherPage).toContain(`href="/c/${featured.slug}"`);
      expect(publisherPage).not.toContain(plain.title);
      expect(publisherPage).not.toContain(draft.title);
      // The demo's featured collection belongs to the morning newsletter: its landing page, not the publisher's.
      expect(publisherPage).not.toContain('Haftanın Seçkisi');
      expect(await html('/n/sabah-bulteni')).toContain('href="/c/haftanin-seckisi"');

      await t.request('PUT', `/api/collections/update/${featured._id}`, { token: admin, body: { ...featured, status: { featured: false } } });
      expect(await html(`/p/${kuzeyKey}`)).not.toContain(`href="/c/${featured.slug}"`);
      expect(await html('/p/ege-haber')).not.toContain('/c/');
    });
  });
});
