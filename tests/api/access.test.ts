/**
 * Deny by default: walks every route the core and the enabled plugins registered, and proves that
 * an anonymous caller and a caller from another publisher are refused.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationsOf, sampleBody, type Operation } from '../security/openapi';
import { multipart } from './multipart';
import { enginesFor, startTestServer, type TestServer } from './server';

const databases = enginesFor('embedded');

/** The kinds of Kuzey Medya's records a route's path parameter names. */
type Kind =
  | 'publisher'
  | 'newsletter'
  | 'user'
  | 'story'
  | 'issue'
  | 'image'
  | 'recording'
  | 'episode'
  | 'podcastFeed'
  | 'feedback'
  | 'notification'
  | 'announcement'
  | 'collection'
  | 'chunk'
  | 'audio'
  | 'import';

/** Which kind of record each route's parameter names, first match wins: a new route with a parameter must be placed here. */
const kindOfRoute: Array<[RegExp, Kind]> = [
  [/^GET \/api\/auth\/notifications\/:id$/, 'announcement'],
  [/^PUT \/api\/auth\/notifications\/:id$/, 'notification'],
  [/^\w+ \/api\/publishers\//, 'publisher'],
  [/^\w+ \/api\/newsletters\//, 'newsletter'],
  [/^\w+ \/api\/payments\/plans\//, 'newsletter'],
  [/^\w+ \/api\/episodes\/feed\//, 'newsletter'],
  [/^\w+ \/api\/users\//, 'user'],
  [/^\w+ \/api\/stories\//, 'story'],
  [/^\w+ \/api\/premium\//, 'story'],
  [/^\w+ \/api\/issues\//, 'issue'],
  [/^\w+ \/api\/images\//, 'image'],
  [/^\w+ \/api\/recordings\//, 'recording'],
  [/^\w+ \/api\/episodes\//, 'episode'],
  [/^\w+ \/api\/podcasts\//, 'podcastFeed'],
  [/^\w+ \/api\/feedback\//, 'feedback'],
  [/^\w+ \/api\/collections\//, 'collection'],
  [/^\w+ \/api\/chunks\//, 'chunk'],
  [/^\w+ \/api\/audios\/defaults\//, 'newsletter'],
  [/^\w+ \/api\/audios\//, 'audio'],
  [/^\w+ \/api\/imports\//, 'import'],
];

/** Routes whose parameter names no publisher's data: the caller's own dashboard layout, by the dashboard's name; the platform's captured mail (admins); a voice of the speech engine. */
const ownData = ['/api/auth/dashboard/:dashboard', '/api/outbox/list/:id', '/api/voices/list/:id'];

describe.each(databases)('every registered route on %s', (kind) => {
  let t: TestServer;
  let kuzey: Record<Kind, string>;
  let operations: Operation[];
  /** Bodies the schema's sample would not pass: Kuzey Medya's own forms, as its director reads them. */
  let forms: Record<string, unknown>;

  beforeAll(async () => {
    t = await startTestServer(kind);
    const { db } = t.server.database;
    const first = async (table: string, where: [string, string]) =>
      ((await (db as any).selectFrom(table).select('id').where(where[0], '=', where[1]).orderBy('id').executeTakeFirstOrThrow()) as { id: string }).id;
    const publisher = await first('publishers', ['key', 'kuzey-medya']);
    const user = await first('users', ['email', 'editor@masthead.local']);
    // No demo publisher follows a podcast: Kuzey Medya follows one here.
    const podcastFeed = randomUUID();
    await (db as any)
      .insertInto('podcast_feeds')
      .values({ id: podcastFeed, publisher_id: publisher, url: 'https://podcasts.example/kuzey.xml', title: 'Kuzey' })
      .execute();
    // No demo import either: Kuzey Medya checked a members CSV here.
    const imported = randomUUID();
    await (db as any)
      .insertInto('imports')
      .values({
        id: imported,
        publisher_id: publisher,
        newsletter_id: await first('newsletters', ['publisher_id', publisher]),
        source: 'ghost',
        dry_run: true,
        files: '[]',
      })
      .execute();
    kuzey = {
      publisher,
      import: imported,
      user,
      podcastFeed,
      newsletter: await first('newsletters', ['publisher_id', publisher]),
      story: await first('stories', ['publisher_id', publisher]),
      issue: await first('issues', ['publisher_id', publisher]),
      image: await first('images', ['publisher_id', publisher]),
      recording: await first('recordings', ['publisher_id', publisher]),
      episode: await first('episodes', ['publisher_id', publisher]),
      announcement: await first('announcements', ['publisher_id', publisher]),
      notification: await first('notifications', ['user_id', user]),
      feedback: await first('feedback', ['user_id', user]),
      collection: await first('collections', ['publisher_id', publisher]),
      chunk: await first('speech_chunks', ['publisher_id', publisher]),
      audio: await first('speech_audios', ['publisher_id', publisher]),
    };
    operations = operationsOf(t.server.app.swagger() as never, t.server.routes);

    const director = await t.login('director@masthead.local');
    const formOf = async (url: string) => {
      const { status, body } = await t.request('GET', url, { token: director });
      expect(status, url).toBe(200);
      return body.data.body;
    };
    const story = (await t.request('GET', `/api/stories/list/${kuzey.story}`, { token: director })).body.data;
    forms = {
      'PUT /api/publishers/update/:id': await formOf(`/api/publishers/update/${kuzey.publisher}`),
      'PUT /api/newsletters/update/:id': await formOf(`/api/newsletters/update/${kuzey.newsletter}`),
      'PUT /api/newsletters/update/:id/design/email/update': await formOf(`/api/newsletters/update/${kuzey.newsletter}/design/email/update`),
      'PUT /api/newsletters/update/:id/design/email/preview': await formOf(`/api/newsletters/update/${kuzey.newsletter}/design/email/update`),
      'PUT /api/newsletters/update/:id/design/web/update': await formOf(`/api/newsletters/update/${kuzey.newsletter}/design/web/update`),
      'PUT /api/users/update/:id': await formOf(`/api/users/update/${kuzey.user}`),
      'PUT /api/collections/update/:id': await formOf(`/api/collections/update/${kuzey.collection}`),
      'PUT /api/stories/update/:id': { version: story.version ?? 1, story: { title: 'Başka bir başlık' } },
      'PUT /api/issues/update/:id/edit': { issue: { subject: 'Başka bir konu' } },
      'PUT /api/issues/update/:id/channels': { channelsNew: [{ _id: 'stuff', title: 'Draft Stories', stories: [] }] },
    };
  });
  afterAll(async () => {
    await t.close();
  });

  const kindOf = (operation: Operation): Kind | undefined => kindOfRoute.find(([pattern]) => pattern.test(`${operation.method} ${operation.route.url}`))?.[1];

  /** Fills a route's parameters with the id of Kuzey Medya's record of the route's kind. */
  const fill = (operation: Operation) => operation.path(() => kuzey[kindOf(operation)!]);

  /** A body the route's schema accepts, so a refusal comes from the scope check and not from validation. */
  const validBody = (operation: Operation) => {
    const key = `${operation.method} ${operation.route.url}`;
    if (key in forms) return forms[key];
    if (!operation.body) return undefined;
    const body = sampleBody(operation.body) as Record<string, unknown>;
    return 'userId' in body ? { ...body, userId: kuzey.user } : body;
  };

  /** The refusable routes that name Kuzey Medya's data in their path. */
  const namingData = () =>
    operations.filter((operation) => operation.route.access !== 'public' && operation.pathParameters.length > 0 && !ownData.includes(operation.route.url));

  it('has routes, each declaring who may call it', () => {
    expect(t.server.routes.length).toBeGreaterThan(5);
    for (const route of t.server.routes) expect(route.access).toMatch(/^(public|signedIn|[a-z]\w*\.[a-z]\w*)$/);
  });

  it('knows the kind of record every route with a parameter names', () => {
    expect(namingData().length).toBeGreaterThan(30);
    expect(
      namingData()
        .filter((operation) => !kindOf(operation))
        .map((operation) => `${operation.method} ${operation.route.url}`),
    ).toEqual([]);
  });

  it('refuses anonymous callers everywhere but on public routes', async () => {
    for (const route of t.server.routes.filter((candidate) => candidate.access !== 'public')) {
      const { status, body } = await t.request(route.method, route.url.replace(/:\w+/g, randomUUID()), {
        body: ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined,
      });
      expect({ route: `${route.method} ${route.url}`, status, err: body.err }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 401,
        err: 'UNAUTHORIZED',
      });
    }
  });

  it("refuses another publisher's director on routes that name Kuzey Medya's data, with bodies that pass validation", async () => {
    const token = await t.login('director@egehaber.example');
    const scopes = (await t.request('GET', '/api/auth/verify', { token })).body.data.scopes as { _id: string }[];
    expect(scopes.map((scope) => scope._id)).not.toContain(kuzey.publisher);
    expect(scopes.map((scope) => scope._id)).not.toContain(kuzey.newsletter);
    const answers: Array<{ route: string; status: number }> = [];
    for (const operation of namingData()) {
      const route = `${operation.method} ${operation.route.url}`;
      if (operation.route.upload) {
        const { payload, headers } = multipart(
          {},
          { field: 'file', filename: 'subscribers.csv', contentType: 'text/csv', content: Buffer.from('email\nokur@example.com\n') },
        );
        const response = await t.server.app.inject({
          method: operation.method as 'POST',
          url: fill(operation),
          headers: { authorization: `Bearer ${token}`, ...headers },
          payload,
        });
        answers.push({ route, status: response.statusCode });
      } else {
        answers.push({ route, status: (await t.request(operation.method, fill(operation), { token, body: validBody(operation) })).status });
      }
    }
    expect(answers.filter((answer) => ![401, 404].includes(answer.status))).toEqual([]);
  });
});
