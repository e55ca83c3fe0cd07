// @vitest-environment happy-dom
/**
 * Ending a session in the console: Logout asks the server to end it and forgets it here even when
 * the call fails; a 401 'Please sign in again.' on any call (the session ended elsewhere) forgets
 * the token, so the sign-in screen shows; a 401 refusing a permission changes nothing.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { data, endpoint, inline } from '../../core/shared/endpoints';

const origin = 'http://localhost';
const logouts: (string | null)[] = [];
let logoutStatus = 200;
const server = setupServer(
  http.post(`${origin}/api/auth/logout`, ({ request }) => {
    logouts.push(request.headers.get('authorization'));
    return logoutStatus === 200 ? HttpResponse.json({ data: true, msg: 'OK' }) : HttpResponse.error();
  }),
  http.get(`${origin}/api/ended`, () => HttpResponse.json({ msg: 'Please sign in again.', err: 'UNAUTHORIZED' }, { status: 401 })),
  http.get(`${origin}/api/forbidden`, () =>
    HttpResponse.json({ msg: 'Your role (AUTHOR) does not allow this: stories.accept is required.', err: 'UNAUTHORIZED' }, { status: 401 }),
  ),
);

type Modules = {
  api: typeof import('../../core/client/api');
  session: typeof import('../../core/client/session');
  stores: typeof import('../../core/client/stores');
};
let modules: Modules;
const token = () => modules.stores.store.get(modules.stores.tokenAtom);
const signedInAs = (value: string) => modules.stores.store.set(modules.stores.tokenAtom, value);

beforeAll(async () => {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/`);
  server.listen({ onUnhandledRequest: 'error' });
  modules = {
    api: await import('../../core/client/api'),
    session: await import('../../core/client/session'),
    stores: await import('../../core/client/stores'),
  };
});
afterEach(() => {
  logouts.length = 0;
  logoutStatus = 200;
});
afterAll(() => {
  server.close();
  localStorage.clear();
});

describe('Logout', () => {
  it('ends the session on the server with its token, and forgets it here', async () => {
    signedInAs('token-1');
    await modules.session.signOut();
    expect(logouts).toEqual(['Bearer token-1']);
    expect(token()).toBeNull();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('forgets the session even when the server cannot be reached', async () => {
    signedInAs('token-2');
    logoutStatus = 0;
    await modules.session.signOut();
    expect(logouts).toEqual(['Bearer token-2']);
    expect(token()).toBeNull();
  });
});

describe('a session ended elsewhere', () => {
  it("signs the console out at the next call's 401", async () => {
    signedInAs('token-3');
    await expect(modules.api.call(endpoint('GET', '/ended', { answer: data(inline<boolean>({ type: 'boolean' })) }))).rejects.toThrow();
    expect(token()).toBeNull();
  });

  it('a 401 refusing a permission keeps the user signed in', async () => {
    signedInAs('token-4');
    await expect(modules.api.call(endpoint('GET', '/forbidden', { answer: data(inline<boolean>({ type: 'boolean' })) }))).rejects.toThrow();
    expect(token()).toBe('token-4');
  });
});
