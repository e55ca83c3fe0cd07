// @vitest-environment happy-dom
/**
 * The shared error handler (spec section 8) against real ky responses: msw answers the calls of
 * the console's own ky instance, and describeError() says what the user would be shown.
 */
import { HTTPError } from 'ky';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

type Api = typeof import('../../core/client/api').api;
type Describe = typeof import('../../core/client/errors').describeError;

const token = 'test-token.abc';
const origin = 'http://localhost';
const seen: { path: string; headers: Headers }[] = [];

/** Each /api/answer/{key} answers with the status and JSON body the test put under that key. */
const bodies = new Map<string, unknown>();
const server = setupServer(
  http.all(`${origin}/api/answer/:key`, ({ request, params }) => {
    seen.push({ path: new URL(request.url).pathname, headers: request.headers });
    const { status, body } = bodies.get(String(params.key)) as { status: number; body: unknown };
    return body === undefined ? new HttpResponse(null, { status }) : HttpResponse.json(body as never, { status });
  }),
  http.get(`${origin}/api/network-failure`, () => HttpResponse.error()),
);

let api: Api;
let describeError: Describe;
let nextKey = 0;

beforeAll(async () => {
  // The api's prefix is relative ('/api'): the page's address gives it its origin.
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/`);
  // The token atom reads local storage when its module loads: set it first, then load the client.
  localStorage.setItem('accessToken', token);
  server.listen({ onUnhandledRequest: 'error' });
  ({ api } = await import('../../core/client/api'));
  ({ describeError } = await import('../../core/client/errors'));
});
afterEach(() => {
  seen.length = 0;
});
afterAll(() => {
  server.close();
  localStorage.clear();
});

/** What the handler makes of a call answered with this status and body. */
async function shownFor(status: number, body?: unknown) {
  const key = String(nextKey++);
  bodies.set(key, { status, body });
  const error = await api.get(`answer/${key}`).then(
    () => new Error(`status ${status} did not fail`),
    (failure: unknown) => failure,
  );
  return describeError(error);
}

describe('describeError (spec section 8)', () => {
  it('401 with msg: Error! and the msg', async () => {
    expect(await shownFor(401, { msg: 'E-mail or password is wrong.', err: 'UNAUTHORIZED' })).toEqual({
      title: 'Error!',
      text: 'E-mail or password is wrong.',
    });
  });

  it('401 without msg: Error! and UNAUTHORIZED', async () => {
    expect(await shownFor(401, {})).toEqual({ title: 'Error!', text: 'UNAUTHORIZED' });
    expect(await shownFor(401)).toEqual({ title: 'Error!', text: 'UNAUTHORIZED' });
  });

  it('422: the msg as title and the first detail message as text', async () => {
    const body = {
      msg: 'Error!',
      details: [
        { message: 'This reset link is not valid. Please ask for a new one.', path: 'token' },
        { message: 'Second.', path: 'email' },
      ],
    };
    expect(await shownFor(422, body)).toEqual({ title: 'Error!', text: 'This reset link is not valid. Please ask for a new one.' });
    expect(await shownFor(422, { msg: 'Check the form.', details: [{ message: 'Name cannot be empty.', path: 'profile.name' }] })).toEqual({
      title: 'Check the form.',
      text: 'Name cannot be empty.',
    });
  });

  it("422 with the server's uri text: the social URL sentence", async () => {
    const body = { msg: 'Error!', details: [{ message: '"url" must be a valid uri', path: 'profile.url' }] };
    expect(await shownFor(422, body)).toEqual({ title: 'Error!', text: 'Your social URL must start with either "https://" or "http://"' });
  });

  it('500 with USER_VERIFY_FAIL: nothing is shown', async () => {
    expect(await shownFor(500, { err: 'USER_VERIFY_FAIL', msg: 'Verification failed.' })).toBeNull();
  });

  it('500 with code and input: the broken hyperlink sentence', async () => {
    const body = { err: 'LINK_CHECK', msg: 'Bad link.', code: 'ENOTFOUND', input: 'https://broken.example/x' };
    expect(await shownFor(500, body)).toEqual({
      title: 'Error!',
      text: 'You have a broken hyperlink in your issue. Please fix the link to not land in spam folders.',
    });
  });

  it('500 otherwise: the err text, or the msg', async () => {
    expect(await shownFor(500, { err: 'The issue could not be sent.', msg: 'Something went wrong.' })).toEqual({
      title: 'Error!',
      text: 'The issue could not be sent.',
    });
    expect(await shownFor(500, { err: 'INTERNAL_ERROR', msg: 'Something went wrong on our side. Please try again.' })).toEqual({
      title: 'Error!',
      text: 'Something went wrong on our side. Please try again.',
    });
    expect(await shownFor(500, { msg: 'Only a msg.' })).toEqual({ title: 'Error!', text: 'Only a msg.' });
  });

  it('404 and 429: the msg', async () => {
    expect(await shownFor(404, { msg: 'Publisher not found.' })).toEqual({ title: 'Error!', text: 'Publisher not found.' });
    expect(await shownFor(429, { msg: 'Too many attempts. Please wait a few minutes.' })).toEqual({
      title: 'Error!',
      text: 'Too many attempts. Please wait a few minutes.',
    });
  });

  it('another status (418): Error! with the err', async () => {
    expect(await shownFor(418, { err: 'I_AM_A_TEAPOT', msg: 'Short and stout.' })).toEqual({ title: 'Error!', text: 'I_AM_A_TEAPOT' });
    expect(await shownFor(418, {})).toEqual({ title: 'Error!' });
  });

  it('a network failure: Error! alone', async () => {
    const error = await api.get('network-failure').then(
      () => new Error('did not fail'),
      (failure: unknown) => failure,
    );
    expect(error).not.toBeInstanceOf(HTTPError);
    expect(await describeError(error)).toEqual({ title: 'Error!' });
  });

  it('an aborted call: nothing is shown', async () => {
    const abort = new DOMException('The user aborted a request.', 'AbortError');
    expect(await describeError(abort)).toBeNull();
  });
});

describe('the api instance', () => {
  it('sends the bearer token, the interface language and the request source', async () => {
    expect(await shownFor(404, { msg: 'Not found.' })).not.toBeNull();
    expect(seen).toHaveLength(1);
    expect(seen[0]!.path).toMatch(/^\/api\/answer\//);
    expect(seen[0]!.headers.get('authorization')).toBe(`Bearer ${token}`);
    expect(seen[0]!.headers.get('accept-language')).toBe('tr');
    expect(seen[0]!.headers.get('x-request-source')).toBe('editor');
  });
});
