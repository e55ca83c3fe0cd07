/**
 * A walk over every operation the server registers, as an attacker would try it: an anonymous
 * caller with a broken body, NUL bytes in every path parameter, query parameter and body field,
 * half a surrogate pair in every body field and key (and its bytes in every path parameter),
 * absurd paging and integers, over-long ids, and broken multipart bodies. Every answer must be a
 * 4xx in the spec's envelope (section 8), never a 5xx. The walk reads the route registry and the
 * OpenAPI document built from it, so a route added later is walked without anyone adding it here.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surrogateText } from '../../core/server/edge';
import { enginesFor, startTestServer, type TestServer } from '../api/server';
import { leavesOf, operationsOf, sampleBody, withValueAt, type Operation } from './openapi';
import { adminSession, adminToken, demoIds, finding, isEnvelopedClientError, send, type Attempt, type Finding } from './walker';

const databases = enginesFor('embedded');

const nul = 'a\u0000b';
/** A whole pair, then half of one (the fuzzed title that once answered 500). */
const lone = '\u{103ff}\ud800';
/** What a URL would carry for half a pair: its UTF-8-like bytes, which decode to no character. */
const loneInUrl = '%ED%A0%80';
const absurd = ['99999999999999999999', '-1', '1e400', '2147483648'];
const absurdNumbers = [1e300, -1e300, 2.5, 2147483648, -2147483649];

describe.each(databases)('the attack walk on %s', (kind) => {
  let api: TestServer;
  let operations: Operation[];
  let ids: Record<string, string>;

  beforeAll(async () => {
    api = await startTestServer(kind);
    operations = operationsOf(api.server.app.swagger() as never, api.server.routes);
    ids = await demoIds(api);
  }, 120_000);
  afterAll(() => api?.close());

  it('covers every registered route', () => {
    const walked = new Set(operations.map((operation) => `${operation.method} ${operation.route.url}`));
    const missing = api.server.routes.filter((route) => !walked.has(`${route.method} ${route.url}`));
    expect(missing).toEqual([]);
    expect(operations.length).toBeGreaterThan(80);
  });

  it('refuses an anonymous caller with 401 before reading the body', async () => {
    const findings: Finding[] = [];
    for (const operation of operations.filter((candidate) => candidate.route.access !== 'public')) {
      const url = operation.path(() => randomUUID());
      for (const headers of [{ 'content-type': 'application/json' }, { 'content-type': 'multipart/form-data; boundary=x' }]) {
        const attempt = { name: 'anonymous', method: operation.method, url, headers, payload: operation.method === 'GET' ? undefined : '{"broken' };
        const answer = await send(api, attempt);
        if (answer.status !== 401 || typeof answer.body?.msg !== 'string' || typeof answer.body?.err !== 'string') findings.push(finding(attempt, answer));
      }
    }
    expect(findings).toEqual([]);
  });

  it('answers 4xx in the envelope to bad input on every operation', async () => {
    const findings: Finding[] = [];
    const admin = adminSession(api);
    for (const operation of operations) {
      const token = operation.route.access === 'public' ? undefined : await admin();
      for (const attempt of attemptsOn(operation, ids, token)) {
        const answer = await send(api, attempt);
        if (!isEnvelopedClientError(answer)) findings.push(finding(attempt, answer));
      }
    }
    expect(findings).toEqual([]);
  }, 240_000);

  it("refuses half a surrogate pair in an issue's channel title with 422 and the reason, as the fuzz found it", async () => {
    const issue = await (api.server.context.db as any).selectFrom('issues').select('id').limit(1).executeTakeFirstOrThrow();
    const answer = await send(api, {
      name: 'half a surrogate pair in a channel title',
      method: 'PUT',
      url: `/api/issues/update/${issue.id}/channels`,
      token: await adminToken(api),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        channelsNew: [
          { _id: 'stuff', title: 'Draft Stories', stories: [] },
          { _id: randomUUID(), title: lone, stories: [] },
        ],
      }),
    });
    expect(answer).toEqual({ status: 422, body: { msg: 'Error!', details: [{ message: surrogateText, path: 'channelsNew.1.title' }] } });
  });

  it('answers a body over the size limit with 422 and the reason', async () => {
    const token = await adminToken(api);
    const answer = await send(api, {
      name: 'too large',
      method: 'PUT',
      url: '/api/auth/profile/update',
      token,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ x: 'a'.repeat(2_000_000) }),
    });
    expect(answer).toEqual({ status: 422, body: { msg: 'Error!', details: [{ message: 'The request is too large.', path: '' }] } });
  });

  it('answers in the envelope for addresses no route owns', async () => {
    for (const url of ['/api/%00', '/api/nothing/here', `/api/stories/update/${'x'.repeat(5000)}`, '/api/stories/list?page=%zz', '/n/%E0%A4%A']) {
      const answer = await send(api, { name: 'unknown', method: 'GET', url });
      expect(isEnvelopedClientError(answer), `${url} answered ${answer.status} ${JSON.stringify(answer.body)}`).toBe(true);
    }
  });
});

/** What the walk tries on one operation, signed in as an admin of the demo publisher. */
function* attemptsOn(operation: Operation, ids: Record<string, string>, token: string | undefined): Generator<Attempt> {
  const { method } = operation;
  const realId = (name: string) => ids[`${operation.route.url.split('/')[2]}:${name}`] ?? ids[name] ?? randomUUID();
  const url = operation.path(realId);
  const json = { 'content-type': 'application/json' };
  const body = operation.body ? sampleBody(operation.body) : undefined;
  const payload = body === undefined ? undefined : JSON.stringify(body);

  for (const name of operation.pathParameters) {
    for (const [what, value] of [
      ['NUL', encodeURIComponent(nul)],
      ['half a surrogate pair', loneInUrl],
    ])
      yield {
        name: `${what} in path ${name}`,
        method,
        token,
        url: operation.path((param) => (param === name ? value : realId(param))),
        headers: payload ? json : undefined,
        payload,
      };
    yield {
      name: `long path ${name}`,
      method,
      token,
      url: operation.path((param) => (param === name ? 'x'.repeat(500) : realId(param))),
      headers: payload ? json : undefined,
      payload,
    };
  }
  for (const { name, type } of operation.queryParameters) {
    const values = type === 'integer' || type === 'number' ? absurd : [nul];
    for (const value of values)
      yield { name: `${value === nul ? 'NUL' : value} in query ${name}`, method, token, url: `${url}?${name}=${encodeURIComponent(value)}` };
  }
  if (body !== undefined) {
    for (const leaf of leavesOf(body, 'string')) {
      yield { name: `NUL in body ${leaf.join('.')}`, method, token, url, headers: json, payload: JSON.stringify(withValueAt(body, leaf, nul)) };
      yield {
        name: `half a surrogate pair in body ${leaf.join('.')}`,
        method,
        token,
        url,
        headers: json,
        payload: JSON.stringify(withValueAt(body, leaf, lone)),
      };
    }
    for (const leaf of leavesOf(body, 'number')) {
      for (const value of absurdNumbers)
        yield { name: `${value} in body ${leaf.join('.')}`, method, token, url, headers: json, payload: JSON.stringify(withValueAt(body, leaf, value)) };
    }
    yield { name: 'NUL in a body key', method, token, url, headers: json, payload: JSON.stringify({ ...(body as object), [nul]: 'x' }) };
    yield { name: 'half a surrogate pair in a body key', method, token, url, headers: json, payload: JSON.stringify({ ...(body as object), [lone]: 'x' }) };
    yield { name: 'truncated JSON', method, token, url, headers: json, payload: payload!.slice(0, Math.max(1, payload!.length - 2)) };
  }
  if (operation.route.upload) {
    yield { name: 'multipart without a boundary', method, token, url, headers: { 'content-type': 'multipart/form-data' }, payload: 'x' };
    yield {
      name: 'truncated multipart',
      method,
      token,
      url,
      headers: { 'content-type': 'multipart/form-data; boundary=walk' },
      payload: '--walk\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    };
    yield {
      name: 'NUL in a multipart field',
      method,
      token,
      url,
      headers: { 'content-type': 'multipart/form-data; boundary=walk' },
      payload: `--walk\r\nContent-Disposition: form-data; name="title"\r\n\r\n${nul}\r\n--walk--\r\n`,
    };
  }
}
