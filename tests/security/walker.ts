/** What the attack walks share: sending an attempt, judging the answer, an admin's token and the demo's real ids. */
import type { TestServer } from '../api/server';

export interface Attempt {
  name: string;
  method: string;
  url: string;
  token?: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
}

export interface Finding {
  attempt: string;
  status: number;
  body: unknown;
}

export async function send(api: TestServer, attempt: Attempt) {
  const response = await api.server.app.inject({
    method: attempt.method as 'GET',
    url: attempt.url,
    headers: { ...(attempt.token ? { authorization: `Bearer ${attempt.token}` } : {}), ...attempt.headers },
    payload: attempt.payload,
  });
  let body: any = response.body;
  try {
    body = JSON.parse(response.body);
  } catch {
    // not JSON: the finding shows the text
  }
  return { status: response.statusCode, body };
}

/** 4xx with the spec's envelope: a msg always; 401 also err, 422 also details. */
export function isEnvelopedClientError({ status, body }: { status: number; body: any }): boolean {
  if (status < 400 || status > 499 || typeof body !== 'object' || body === null || typeof body.msg !== 'string' || body.msg === '') return false;
  if (status === 401) return typeof body.err === 'string';
  if (status === 422) return Array.isArray(body.details) && body.details.every((detail: { message?: unknown }) => typeof detail.message === 'string');
  return true;
}

export function finding(attempt: Attempt, answer: { status: number; body: unknown }): Finding {
  return {
    attempt: `${attempt.name}: ${attempt.method} ${attempt.url.slice(0, 120)}`,
    status: answer.status,
    body: typeof answer.body === 'string' ? answer.body.slice(0, 200) : answer.body,
  };
}

export async function adminToken(api: TestServer): Promise<string> {
  const token = await api.login('admin@masthead.local');
  const publisher = await api.server.database.db.selectFrom('publishers').select('id').where('key', '=', 'kuzey-medya').executeTakeFirstOrThrow();
  const { status, body } = await api.request('PUT', '/api/auth/scope', { token, body: { publisher: publisher.id } });
  if (status !== 200) throw new Error(`scope: ${status} ${JSON.stringify(body)}`);
  return body.data;
}

/**
 * The admin's token for the next operation of a walk: the last one while `/auth/verify` still
 * accepts it, else a new sign-in, so that an operation that ends sessions (logout) does not blind
 * the rest, and the others do not each pay a password check.
 */
export function adminSession(api: TestServer): () => Promise<string> {
  let token: string | undefined;
  return async () => {
    if (token && (await api.request('GET', '/api/auth/verify', { token })).status === 200) return token;
    return (token = await adminToken(api));
  };
}

/**
 * Real ids of the demo publisher, so that a bad field reaches the code behind an existing record
 * rather than stopping at 'not found'. Keyed by the API's first path segment and the parameter.
 */
export async function demoIds(api: TestServer): Promise<Record<string, string>> {
  const db = api.server.context.db as any;
  const first = async (table: string) =>
    (
      await db
        .selectFrom(table)
        .select('id')
        .limit(1)
        .executeTakeFirst()
        .catch(() => undefined)
    )?.id as string | undefined;
  const publisher = await db.selectFrom('publishers').select('id').where('key', '=', 'kuzey-medya').executeTakeFirstOrThrow();
  const newsletter = await db.selectFrom('newsletters').select('id').where('publisher_id', '=', publisher.id).limit(1).executeTakeFirstOrThrow();
  const entries: Array<[string, string | undefined]> = [
    ['newsletterId', newsletter.id],
    ['newsletters:id', newsletter.id],
    ['publishers:id', publisher.id],
    ['stories:id', await first('stories')],
    ['images:id', await first('images')],
    ['recordings:id', await first('recordings')],
    ['episodes:id', await first('episodes')],
    ['feedback:id', await first('feedback')],
    ['users:id', (await db.selectFrom('users').select('id').where('email', '=', 'author@masthead.local').executeTakeFirst())?.id],
  ];
  return Object.fromEntries(entries.filter((entry): entry is [string, string] => Boolean(entry[1])));
}
