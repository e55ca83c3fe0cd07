/**
 * Sessions end when they should (issue 11, point 2): after Logout, a password reset or change, a
 * role change and removal from a team, the old token is refused by the API (401) and by the
 * socket's `authenticate` ('unauthorized'). A token without an expiry, or from before sessions,
 * is refused even when signed with the real secret.
 */
import { decodeJwt, SignJWT } from 'jose';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockControl } from '../../core/server/clock';
import { constants } from '../../core/shared/config';
import { readOutbox } from '../../core/server/services/mail';
import { enginesFor, demoPassword, startTestServer, type TestServer } from '../api/server';

const databases = enginesFor('embedded');

const secret = 'sessions-test-secret-0123456789abcdef';
const passwordRule = 'Password must be minimum 8 characters and it should contain at least one uppercase, lowercase, number, and a symbol.';

describe.each(databases)('sessions on %s', (kind) => {
  let t: TestServer;
  let url: string;
  let director: string;
  let sabah: string;

  beforeAll(async () => {
    t = await startTestServer(kind, { JWT_SECRET: secret });
    url = await t.server.app.listen({ port: 0, host: '127.0.0.1' });
    director = await t.login('director@masthead.local');
    sabah = (await t.server.database.db.selectFrom('newsletters').select('id').where('key', '=', 'sabah-bulteni').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const idOf = async (email: string) => (await t.server.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

  /** What the socket answers to `authenticate` with the token. */
  const socketAnswer = async (token: string) => {
    const socket = io(url, { path: '/socket.io', transports: ['websocket'], reconnection: false });
    try {
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      const answer = new Promise<string>((resolve) => {
        socket.once('authenticated', () => resolve('authenticated'));
        socket.once('unauthorized', () => resolve('unauthorized'));
      });
      socket.emit('authenticate', { token });
      return await answer;
    } finally {
      socket.disconnect();
    }
  };
  /** How the API and the socket take the token. */
  const standing = async (token: string) => ({ api: (await t.request('GET', '/api/auth/verify', { token })).status, socket: await socketAnswer(token) });
  const accepted = { api: 200, socket: 'authenticated' };
  const refused = { api: 401, socket: 'unauthorized' };

  describe('Logout', () => {
    it('ends this session only', async () => {
      const first = await t.login('editor@masthead.local');
      const second = await t.login('editor@masthead.local');
      expect(await t.request('POST', '/api/auth/logout', { token: first })).toEqual({ status: 200, body: { data: true, msg: 'OK' } });
      expect(await standing(first)).toEqual(refused);
      expect(await standing(second)).toEqual(accepted);
      // Twice is refused like any call without a session.
      expect((await t.request('POST', '/api/auth/logout', { token: first })).status).toBe(401);
    });

    it("ends an admin's sign-in whichever publisher token it is used with", async () => {
      const signedIn = await t.login('admin@masthead.local');
      const kuzey = await t.server.database.db.selectFrom('publishers').select('id').where('key', '=', 'kuzey-medya').executeTakeFirstOrThrow();
      const scoped = (await t.request('PUT', '/api/auth/scope', { token: signedIn, body: { publisher: kuzey.id } })).body.data as string;
      expect(await standing(scoped)).toEqual(accepted);
      expect((await t.request('POST', '/api/auth/logout', { token: scoped })).status).toBe(200);
      expect(await standing(scoped)).toEqual(refused);
      expect(await standing(signedIn)).toEqual(refused);
    });

    it('needs a session', async () => {
      expect(await t.request('POST', '/api/auth/logout')).toEqual({ status: 401, body: { msg: 'Please sign in again.', err: 'UNAUTHORIZED' } });
    });
  });

  it('disconnects a socket already signed in once its session ends, at its next event', async () => {
    const token = await t.login('editor@masthead.local');
    const socket = io(url, { path: '/socket.io', transports: ['websocket'], reconnection: false });
    try {
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      const authenticated = new Promise<void>((resolve) => socket.once('authenticated', () => resolve()));
      socket.emit('authenticate', { token });
      await authenticated;
      await t.request('POST', '/api/auth/logout', { token });
      const gone = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
      // Past the re-check interval (the clock moves on instead of the test waiting), the socket's next event finds the session ended.
      clockControl.advance((constants.auth.socketSessionCheckSeconds + 0.5) * 1000);
      socket.emit('story-join', { storyId: 'any' });
      expect(await gone).toBe('io server disconnect');
    } finally {
      socket.disconnect();
      clockControl.reset();
    }
  });

  describe('password reset', () => {
    it("ends every session of the user; the reset's own token works", async () => {
      const before = await t.login('author@masthead.local');
      await t.request('PUT', '/api/auth/password/forgot', { body: { email: 'author@masthead.local' } });
      const mail = readOutbox(t.dataDir).find((entry) => entry.to === 'author@masthead.local')!;
      const code = new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams.get('code')!;
      const reset = await t.request('PUT', '/api/auth/password/reset', {
        body: { email: 'author@masthead.local', token: code, password: 'Reset-secret-9', passwordConfirm: 'Reset-secret-9' },
      });
      expect(reset.status).toBe(200);
      expect(await standing(before)).toEqual(refused);
      expect(await standing(reset.body.data)).toEqual(accepted);
    });
  });

  describe('PUT /api/auth/password/change', () => {
    const email = 'burak.sahin@kuzeymedya.example';
    const change = (token: string, body: Record<string, string>) => t.request('PUT', '/api/auth/password/change', { token, body });

    it("checks the current password and the new one with the spec's messages, and changes nothing then", async () => {
      const token = await t.login(email);
      expect(await change(token, { currentPassword: 'Wrong-pass-1', password: 'Changed-secret-9', passwordConfirm: 'Changed-secret-9' })).toEqual({
        status: 422,
        body: { msg: 'Error!', details: [{ message: 'Your current password is wrong.', path: 'currentPassword' }] },
      });
      const weak = await change(token, { currentPassword: demoPassword, password: 'password', passwordConfirm: 'password' });
      expect(weak.status).toBe(422);
      expect(weak.body.details[0]).toEqual({ message: passwordRule, path: 'password' });
      const mismatch = await change(token, { currentPassword: demoPassword, password: 'Changed-secret-9', passwordConfirm: 'Changed-secret-8' });
      expect(mismatch.body.details[0]).toEqual({ message: "Passwords don't match.", path: 'passwordConfirm' });
      const empty = await change(token, { currentPassword: '', password: 'Changed-secret-9', passwordConfirm: 'Changed-secret-9' });
      expect(empty.body.details[0]).toEqual({ message: 'Please type your password.', path: 'currentPassword' });
      expect(await standing(token)).toEqual(accepted);
      expect(
        (
          await t.request('PUT', '/api/auth/password/change', {
            body: { currentPassword: demoPassword, password: 'Changed-secret-9', passwordConfirm: 'Changed-secret-9' },
          })
        ).status,
      ).toBe(401);
    });

    it('sets the new password, ends every other session and answers a fresh token', async () => {
      const other = await t.login(email);
      const token = await t.login(email);
      const { status, body } = await change(token, { currentPassword: demoPassword, password: 'Changed-secret-9', passwordConfirm: 'Changed-secret-9' });
      expect(status).toBe(200);
      expect(body.msg).toBe('Your password is changed.');
      expect(await standing(other)).toEqual(refused);
      expect(await standing(token)).toEqual(refused);
      expect(await standing(body.data)).toEqual(accepted);
      expect((await t.request('POST', '/api/auth/login', { body: { email, password: demoPassword } })).status).toBe(401);
      expect((await t.request('POST', '/api/auth/login', { body: { email, password: 'Changed-secret-9' } })).status).toBe(200);
    });

    it('keeps an admin in the publisher they chose', async () => {
      const kuzey = await t.server.database.db.selectFrom('publishers').select('id').where('key', '=', 'kuzey-medya').executeTakeFirstOrThrow();
      const signedIn = await t.login('admin@masthead.local');
      const scoped = (await t.request('PUT', '/api/auth/scope', { token: signedIn, body: { publisher: kuzey.id } })).body.data as string;
      const { body } = await change(scoped, { currentPassword: demoPassword, password: 'Changed-secret-9', passwordConfirm: 'Changed-secret-9' });
      const verify = await t.request('GET', '/api/auth/verify', { token: body.data });
      expect(verify.body.msg).toBe('OK');
      expect(verify.body.data.scopes[0]).toMatchObject({ _id: kuzey.id, type: 'publisher' });
    });
  });

  describe('a role change', () => {
    it("ends the member's sessions; a profile save that keeps the role does not", async () => {
      const zeynep = await idOf('zeynep.arslan@kuzeymedya.example');
      const profile = { name: 'Zeynep Arslan', biography: 'Bir biyografi.', url: 'https://masthead.local/ekip', image: '/demo/avatar-default.svg' };
      const token = await t.login('zeynep.arslan@kuzeymedya.example');
      expect((await t.request('PUT', `/api/users/update/${zeynep}`, { token: director, body: { profile, role: 'author' } })).status).toBe(200);
      expect(await standing(token)).toEqual(accepted);
      expect((await t.request('PUT', `/api/users/update/${zeynep}`, { token: director, body: { profile, role: 'editor' } })).status).toBe(200);
      expect(await standing(token)).toEqual(refused);
    });

    it('to director ends them too', async () => {
      const kuzey = await t.server.database.db.selectFrom('publishers').select('id').where('key', '=', 'kuzey-medya').executeTakeFirstOrThrow();
      const token = await t.login('zeynep.arslan@kuzeymedya.example');
      const promoted = await t.request('PUT', `/api/publishers/update/${kuzey.id}/team`, {
        token: director,
        body: { userId: await idOf('zeynep.arslan@kuzeymedya.example') },
      });
      expect(promoted.status).toBe(200);
      expect(await standing(token)).toEqual(refused);
    });
  });

  describe('removal from a team', () => {
    it("ends the member's sessions", async () => {
      const token = await t.login('editor@masthead.local');
      const removed = await t.request('DELETE', `/api/newsletters/update/${sabah}/team`, {
        token: director,
        body: { userId: await idOf('editor@masthead.local') },
      });
      expect(removed.status).toBe(200);
      expect(await standing(token)).toEqual(refused);
      // Signed in again, they work in what is left to them.
      const again = await t.login('editor@masthead.local');
      const scopes = (await t.request('GET', '/api/auth/verify', { token: again })).body.data.scopes as { title: string }[];
      expect(scopes.map((scope) => scope.title)).toEqual(['Teknoloji Notları']);
    });
  });

  describe('tokens', () => {
    const key = new TextEncoder().encode(secret);

    it('refuses a token without an expiry, signed with the real secret', async () => {
      const { sub, sid } = decodeJwt(await t.login('director@masthead.local'));
      const sign = (withExpiry: boolean) => {
        const jwt = new SignJWT({ sid }).setProtectedHeader({ alg: 'HS256' }).setSubject(sub!).setIssuedAt();
        return (withExpiry ? jwt.setExpirationTime('1h') : jwt).sign(key);
      };
      expect(await standing(await sign(true))).toEqual(accepted);
      expect(await standing(await sign(false))).toEqual(refused);
    });

    it('refuses a token from before sessions (no sid), and one whose session has expired', async () => {
      const token = await t.login('director@masthead.local');
      const { sub, sid } = decodeJwt(token);
      const old = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(sub!).setIssuedAt().setExpirationTime('30d').sign(key);
      expect(await standing(old)).toEqual(refused);
      await t.server.database.db
        .updateTable('sessions')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('id', '=', sid as string)
        .execute();
      expect(await standing(token)).toEqual(refused);
    });
  });
});
