/**
 * Collections (spec 001 sections 3, 5 and 7; spec 000 latest collections): the wizard's form,
 * create with every validation message, the key check, update and publish, the lists and one
 * collection with its items, delete; each inside the caller's publisher, and refused (with nothing
 * saved) to authors, to another publisher's director and to anonymous callers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedMeanwhileText } from '../../core/server/errors';
import { collectionMessages } from '../../plugins/collections/rules';
import { databases, startTestServer, type TestServer } from './server';

describe.each(databases)('collections on %s', (kind) => {
  let t: TestServer;
  let director: string;
  let editor: string;
  let author: string;
  let egeDirector: string;
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
    }>();
    const kuzey = (await db.selectFrom('publishers').select('id').where('key', '=', 'kuzey-medya').executeTakeFirstOrThrow()).id;
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

  it('has demo collections: two published and one draft of Kuzey Medya, made of its published articles', async () => {
    expect(articles.length).toBeGreaterThanOrEqual(2);
    const { status, body } = await t.request('GET', '/api/collections/list', { token: director });
    expect(status).toBe(200);
    expect(body.count).toBe(3);
    expect(body.data.filter((c: { status: { published: boolean } }) => c.status.published)).toHaveLength(2);
    for (const collection of body.data) for (const child of collection.children) expect(articles).toContain(child);
    expect((await t.request('GET', '/api/collections/list', { token: egeDirector })).body).toEqual({ data: [], count: 0 });
  });

  it('GET /collections/create answers a blank collection and the models a collection holds', async () => {
    const { status, body } = await t.request('GET', '/api/collections/create', { token: editor });
    expect(status).toBe(200);
    expect(body.data.data.childrenRefs).toEqual(['Story']);
    expect(body.data.body).toMatchObject({ title: '', description: '', image: '', key: '', children: [], childrenRef: 'Story' });
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
    expect(Object.keys(one.body.data.children[0]).sort()).toEqual(['_id', 'image', 'slug', 'title', 'type']);
    expect(one.body.data.children[0].type).toBe('article');
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
});
