import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../core/server/services/mail';
import { enginesFor, startTestServer, type TestServer } from './server';

const databases = enginesFor('embedded');

const passwordRule = 'Password must be minimum 8 characters and it should contain at least one uppercase, lowercase, number, and a symbol.';

describe.each(databases)('auth calls on %s', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('POST /api/auth/login', () => {
    it('answers a token that verifies', async () => {
      const { status, body } = await t.request('POST', '/api/auth/login', { body: { email: 'Editor@Masthead.local', password: 'Masthead-demo-1' } });
      expect(status).toBe(200);
      expect(typeof body.data).toBe('string');
      const verify = await t.request('GET', '/api/auth/verify', { token: body.data });
      expect(verify.status).toBe(200);
      expect(verify.body.data.user.email).toBe('editor@masthead.local');
    });

    it('refuses a wrong password with 401 and a message', async () => {
      const { status, body } = await t.request('POST', '/api/auth/login', { body: { email: 'editor@masthead.local', password: 'wrong-Password-1' } });
      expect(status).toBe(401);
      expect(body).toEqual({ msg: 'E-mail or password is wrong.', err: 'UNAUTHORIZED' });
    });

    it('refuses an unknown e-mail the same way', async () => {
      const { status, body } = await t.request('POST', '/api/auth/login', { body: { email: 'nobody@masthead.local', password: 'whatever' } });
      expect(status).toBe(401);
      expect(body.msg).toBe('E-mail or password is wrong.');
    });

    it('answers 422 with the spec messages for bad input', async () => {
      const badEmail = await t.request('POST', '/api/auth/login', { body: { email: 'not-an-email', password: 'x' } });
      expect(badEmail.status).toBe(422);
      expect(badEmail.body.details[0]).toEqual({ message: 'Please type your registered e-mail.', path: 'email' });
      const noPassword = await t.request('POST', '/api/auth/login', { body: { email: 'editor@masthead.local', password: '' } });
      expect(noPassword.status).toBe(422);
      expect(noPassword.body.details[0].message).toBe('Please type your password.');
      const missing = await t.request('POST', '/api/auth/login', { body: {} });
      expect(missing.status).toBe(422);
      expect(missing.body.details.map((detail: { message: string }) => detail.message)).toContain('Please type your registered e-mail.');
    });

    it('locks an account after 10 wrong passwords with 429 (tests/security/lockout.test.ts has the rest)', async () => {
      const attempt = () => t.request('POST', '/api/auth/login', { body: { email: 'guesser@masthead.local', password: 'Wrong-pass-1' } });
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await attempt()).status);
      expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
      const limited = await attempt();
      expect(limited.status).toBe(429);
      expect(limited.body.msg).toBe('Too many attempts. Please try again in 10 minutes.');
      // Another account from the same address is not locked out.
      expect((await t.request('POST', '/api/auth/login', { body: { email: 'director@masthead.local', password: 'Masthead-demo-1' } })).status).toBe(200);
    });
  });

  describe('GET /api/auth/verify', () => {
    it('refuses a caller without a token or with a forged one', async () => {
      expect((await t.request('GET', '/api/auth/verify')).body).toEqual({ msg: 'Please sign in again.', err: 'UNAUTHORIZED' });
      expect((await t.request('GET', '/api/auth/verify', { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.bad' })).status).toBe(401);
    });

    it('gives an editor newsletter scopes only, sorted by title, and the role permissions', async () => {
      const { body } = await t.request('GET', '/api/auth/verify', { token: await t.login('editor@masthead.local') });
      expect(body.data.scopes.map((scope: { type: string; title: string }) => `${scope.type}:${scope.title}`)).toEqual([
        'newsletter:Sabah Bülteni',
        'newsletter:Teknoloji Notları',
      ]);
      expect(body.data.permissions).toContainEqual({ model: 'resources', action: 'list' });
      expect(body.data.permissions).not.toContainEqual({ model: 'publishers', action: 'change' });
      expect(body.data.user.role).toEqual({ key: 'editor' });
      expect(body.data.user).not.toHaveProperty('password_hash');
    });

    it('gives an author only the newsletters they write for', async () => {
      const { body } = await t.request('GET', '/api/auth/verify', { token: await t.login('author@masthead.local') });
      expect(body.data.scopes.every((scope: { type: string }) => scope.type === 'newsletter')).toBe(true);
      expect(body.data.scopes.map((scope: { title: string }) => scope.title)).toEqual(['Kültür Sanat Haftalık', 'Teknoloji Notları']);
    });

    it('gives a director the publisher first, then every newsletter of the publisher', async () => {
      const { body } = await t.request('GET', '/api/auth/verify', { token: await t.login('director@masthead.local') });
      expect(body.data.scopes.map((scope: { type: string; title: string }) => `${scope.type}:${scope.title}`)).toEqual([
        'publisher:Kuzey Medya',
        'newsletter:Kültür Sanat Haftalık',
        'newsletter:Sabah Bülteni',
        'newsletter:Teknoloji Notları',
      ]);
      expect(body.data.permissions).toContainEqual({ model: 'newsletters', action: 'create' });
    });

    it('answers PUBLISHER_IS_REQUIRED with the publisher list to an admin who has not chosen', async () => {
      const { status, body } = await t.request('GET', '/api/auth/verify', { token: await t.login('admin@masthead.local') });
      expect(status).toBe(200);
      expect(body.msg).toBe('PUBLISHER_IS_REQUIRED');
      expect(body.data.publishers.map((publisher: { title: string }) => publisher.title)).toEqual(['Ege Haber', 'Kuzey Medya', 'Yeni Yayın']);
      expect(body.data.user.admin.publishers).toEqual(body.data.publishers);
    });
  });

  describe('PUT /api/auth/scope', () => {
    it('gives an admin a new token for the chosen publisher', async () => {
      const adminToken = await t.login('admin@masthead.local');
      const { body: list } = await t.request('GET', '/api/auth/verify', { token: adminToken });
      const ege = list.data.publishers.find((publisher: { title: string }) => publisher.title === 'Ege Haber');
      const { status, body } = await t.request('PUT', '/api/auth/scope', { token: adminToken, body: { publisher: ege._id } });
      expect(status).toBe(200);
      const verify = await t.request('GET', '/api/auth/verify', { token: body.data });
      expect(verify.body.msg).toBe('OK');
      expect(verify.body.data.scopes.map((scope: { title: string }) => scope.title)).toEqual(['Ege Haber', 'Ege Gündem']);
      expect(verify.body.data.permissions).toContainEqual({ model: 'publishers', action: 'change' });
    });

    it('refuses everyone but admins with the role message', async () => {
      for (const [email, role] of [
        ['director@masthead.local', 'DIRECTOR'],
        ['editor@masthead.local', 'EDITOR'],
        ['author@masthead.local', 'AUTHOR'],
      ] as const) {
        const { status, body } = await t.request('PUT', '/api/auth/scope', { token: await t.login(email), body: { publisher: 'anything' } });
        expect(status).toBe(401);
        expect(body.msg).toBe(`Required role Admin, current role: ${role}`);
      }
    });

    it('answers 404 for an unknown publisher and 422 for a bad body', async () => {
      const token = await t.login('admin@masthead.local');
      expect((await t.request('PUT', '/api/auth/scope', { token, body: { publisher: 'no-such-publisher' } })).status).toBe(404);
      const bad = await t.request('PUT', '/api/auth/scope', { token, body: {} });
      expect(bad.status).toBe(422);
      expect(bad.body.details[0].message).toBe('Select a publisher.');
    });
  });

  describe('password forgot and reset', () => {
    const lastLinkTo = (email: string) => {
      const mail = readOutbox(t.dataDir).find((entry) => entry.to === email);
      const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
      return link ? new URL(link) : undefined;
    };

    it('mails a single-use link that resets the password and signs the user in', async () => {
      const forgot = await t.request('PUT', '/api/auth/password/forgot', { body: { email: 'director@masthead.local' } });
      expect(forgot.status).toBe(200);
      expect(forgot.body.msg).toBe('We have sent an email to you. Check your inbox.');
      const link = lastLinkTo('director@masthead.local')!;
      expect(link.origin + link.pathname).toBe('http://console.test/forgot-password');
      const code = link.searchParams.get('code')!;
      expect(link.searchParams.get('email')).toBe('director@masthead.local');

      const reset = await t.request('PUT', '/api/auth/password/reset', {
        body: { email: 'director@masthead.local', token: code, password: 'New-secret-9', passwordConfirm: 'New-secret-9' },
      });
      expect(reset.status).toBe(200);
      expect((await t.request('GET', '/api/auth/verify', { token: reset.body.data })).status).toBe(200);
      expect((await t.request('POST', '/api/auth/login', { body: { email: 'director@masthead.local', password: 'New-secret-9' } })).status).toBe(200);
      expect((await t.request('POST', '/api/auth/login', { body: { email: 'director@masthead.local', password: 'Masthead-demo-1' } })).status).toBe(401);

      const again = await t.request('PUT', '/api/auth/password/reset', {
        body: { email: 'director@masthead.local', token: code, password: 'Other-secret-9', passwordConfirm: 'Other-secret-9' },
      });
      expect(again.status).toBe(422);
      expect(again.body.details[0].message).toBe('This reset link is not valid. Please ask for a new one.');
      // Put the demo password back for the other tests.
      await t.request('PUT', '/api/auth/password/forgot', { body: { email: 'director@masthead.local' } });
      const back = lastLinkTo('director@masthead.local')!.searchParams.get('code')!;
      expect(
        (
          await t.request('PUT', '/api/auth/password/reset', {
            body: { email: 'director@masthead.local', token: back, password: 'Masthead-demo-1', passwordConfirm: 'Masthead-demo-1' },
          })
        ).status,
      ).toBe(200);
    });

    it('answers the same to an unknown address and sends nothing', async () => {
      const before = readOutbox(t.dataDir).length;
      const { status, body } = await t.request('PUT', '/api/auth/password/forgot', { body: { email: 'stranger@example.com' } });
      expect(status).toBe(200);
      expect(body.msg).toBe('We have sent an email to you. Check your inbox.');
      expect(readOutbox(t.dataDir).length).toBe(before);
    });

    it('refuses an expired code', async () => {
      await t.request('PUT', '/api/auth/password/forgot', { body: { email: 'editor@masthead.local' } });
      const code = lastLinkTo('editor@masthead.local')!.searchParams.get('code')!;
      await t.server.database.db
        .updateTable('users')
        .set({ reset_expires_at: new Date(Date.now() - 1000) })
        .where('email', '=', 'editor@masthead.local')
        .execute();
      const { status, body } = await t.request('PUT', '/api/auth/password/reset', {
        body: { email: 'editor@masthead.local', token: code, password: 'New-secret-9', passwordConfirm: 'New-secret-9' },
      });
      expect(status).toBe(422);
      expect(body.details[0].message).toBe('This reset link has expired. Please ask for a new one.');
      expect((await t.request('POST', '/api/auth/login', { body: { email: 'editor@masthead.local', password: 'Masthead-demo-1' } })).status).toBe(200);
    });

    it('refuses weak and mismatched passwords with the spec messages', async () => {
      const weak = await t.request('PUT', '/api/auth/password/reset', {
        body: { email: 'editor@masthead.local', token: 'x', password: 'password', passwordConfirm: 'password' },
      });
      expect(weak.status).toBe(422);
      expect(weak.body.details[0].message).toBe(passwordRule);
      const mismatch = await t.request('PUT', '/api/auth/password/reset', {
        body: { email: 'editor@masthead.local', token: 'x', password: 'Good-pass-1', passwordConfirm: 'Good-pass-2' },
      });
      expect(mismatch.status).toBe(422);
      expect(mismatch.body.details[0].message).toBe("Passwords don't match.");
      const badEmail = await t.request('PUT', '/api/auth/password/forgot', { body: { email: 'nope' } });
      expect(badEmail.status).toBe(422);
      expect(badEmail.body.details[0].message).toBe('Please type your registered e-mail.');
    });
  });

  describe('profile', () => {
    it('answers the signed-in user in data.body and saves the profile', async () => {
      const token = await t.login('author@masthead.local');
      const { body } = await t.request('GET', '/api/auth/profile/update', { token });
      expect(body.data.body.profile.name).toBe('Ayşe Yılmaz');
      const edited = {
        ...body.data.body,
        profile: { ...body.data.body.profile, name: 'Ayşe Y.', url: 'https://social.example/ayse', biography: 'Yeni biyografi' },
      };
      const saved = await t.request('PUT', '/api/auth/profile/update', { token, body: edited });
      expect(saved.status).toBe(200);
      expect((await t.request('GET', '/api/auth/profile/update', { token })).body.data.body.profile).toMatchObject({
        name: 'Ayşe Y.',
        url: 'https://social.example/ayse',
        biography: 'Yeni biyografi',
      });
    });

    it('refuses bad profiles with the spec messages and keeps what was saved', async () => {
      const token = await t.login('editor@masthead.local');
      const { body } = await t.request('GET', '/api/auth/profile/update', { token });
      const profile = body.data.body.profile;
      const badUrl = await t.request('PUT', '/api/auth/profile/update', { token, body: { profile: { ...profile, url: 'ftp://x.example' } } });
      expect(badUrl.status).toBe(422);
      expect(badUrl.body.details[0].message).toBe('Your social URL must start with either "https://" or "http://"');
      const noName = await t.request('PUT', '/api/auth/profile/update', { token, body: { profile: { ...profile, name: '  ' } } });
      expect(noName.body.details[0].message).toBe('Name cannot be empty.');
      const noUrl = await t.request('PUT', '/api/auth/profile/update', { token, body: { profile: { ...profile, url: '' } } });
      expect(noUrl.body.details[0].message).toBe('Social URL cannot be empty.');
      const noImage = await t.request('PUT', '/api/auth/profile/update', { token, body: { profile: { ...profile, image: '' } } });
      expect(noImage.body.details[0].message).toBe('Image cannot be empty.');
      expect((await t.request('GET', '/api/auth/profile/update', { token })).body.data.body.profile).toEqual(profile);
    });

    it('finishes onboarding with status.ready', async () => {
      const { db } = t.server.database;
      await db.updateTable('users').set({ ready: false }).where('email', '=', 'author@masthead.local').execute();
      const token = await t.login('author@masthead.local');
      expect((await t.request('GET', '/api/auth/verify', { token })).body.data.user.status.ready).toBe(false);
      const { body } = await t.request('GET', '/api/auth/profile/update', { token });
      await t.request('PUT', '/api/auth/profile/update', { token, body: { profile: body.data.body.profile, status: { ready: true } } });
      expect((await t.request('GET', '/api/auth/verify', { token })).body.data.user.status.ready).toBe(true);
    });

    it('refuses anonymous callers', async () => {
      expect((await t.request('GET', '/api/auth/profile/update')).status).toBe(401);
      expect((await t.request('PUT', '/api/auth/profile/update', { body: { profile: {} } })).status).toBe(401);
    });
  });

  describe('GET /api/editor/version', () => {
    it('answers the flag from config to anyone', async () => {
      expect((await t.request('GET', '/api/editor/version')).body).toEqual({ data: 'default' });
    });
  });

  describe('GET /api/auth/publishers', () => {
    it('lists publishers to admins only', async () => {
      const admin = await t.login('admin@masthead.local');
      expect((await t.request('GET', '/api/auth/publishers', { token: admin })).body.data.publishers).toHaveLength(3);
      expect((await t.request('GET', '/api/auth/publishers', { token: await t.login('director@masthead.local') })).status).toBe(401);
    });
  });
});
