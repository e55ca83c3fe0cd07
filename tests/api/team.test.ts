/**
 * Team: the team rules matrix (every actor role against every target, for editing and removing),
 * the newsletter and publisher team calls, invitations (validation, the e-mailed link, the invitee
 * choosing a password and signing in, an existing account joining), and the scope walls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../core/server/services/mail';
import { enginesFor, demoEmails, startTestServer, type TestServer } from './server';

const databases = enginesFor('embedded');

type Actor = 'admin' | 'director' | 'editor' | 'author';
type Target = 'self' | 'director' | 'editor' | 'author';

const emails: Record<Actor, string> = demoEmails;

/** Allowed or refused, exactly as the rule says (spec section 6). */
const allowed: Record<Actor, Record<Target, boolean>> = {
  admin: { self: false, director: false, editor: true, author: true },
  director: { self: false, director: false, editor: true, author: true },
  editor: { self: false, director: false, editor: false, author: true },
  author: { self: false, director: false, editor: false, author: false },
};

const refusals: Record<Actor, Record<Target, string>> = {
  admin: {
    self: 'You cannot edit or remove yourself here; change your own profile in My Profile.',
    director: 'Directors cannot be edited or removed.',
    editor: '',
    author: '',
  },
  director: {
    self: 'You cannot edit or remove yourself here; change your own profile in My Profile.',
    director: 'Directors cannot be edited or removed.',
    editor: '',
    author: '',
  },
  editor: {
    self: 'You cannot edit or remove yourself here; change your own profile in My Profile.',
    director: 'Directors cannot be edited or removed.',
    editor: 'An editor cannot edit or remove another editor.',
    author: '',
  },
  // Authors do not hold team.manage: the core refuses them before the rule is asked.
  author: { self: '', director: '', editor: '', author: '' },
};

const profile = (name: string) => ({ name, biography: 'Bir biyografi.', url: 'https://masthead.local/ekip', image: '/demo/avatar-default.svg' });

describe.each(databases)('team on %s', (kind) => {
  let t: TestServer;
  let tokens: Record<Actor, string>;
  let ids: Record<Actor, string> & { secondDirector: string; burak: string; zeynep: string };
  let kuzeyId: string;
  let sabah: string;
  let tech: string;
  let culture: string;
  let egeNewsletter: string;

  const idOf = async (email: string) => (await t.server.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const ensureMember = async (userId: string, role: 'editor' | 'author') =>
    t.server.database.db
      .insertInto('newsletter_members')
      .values({ newsletter_id: sabah, user_id: userId, role })
      .onConflict((oc) => oc.columns(['newsletter_id', 'user_id']).doNothing())
      .execute();
  const membersOf = async (newsletterId: string) =>
    (await t.request('GET', `/api/newsletters/update/${newsletterId}/team`, { token: tokens.director })).body.data.body as {
      _id: string;
      role: string;
      email: string;
    }[];

  beforeAll(async () => {
    t = await startTestServer(kind);
    const { db } = t.server.database;
    const kuzey = await db.selectFrom('publishers').select('id').where('key', '=', 'kuzey-medya').executeTakeFirstOrThrow();
    kuzeyId = kuzey.id;
    const byKey = async (key: string) => (await db.selectFrom('newsletters').select('id').where('key', '=', key).executeTakeFirstOrThrow()).id;
    [sabah, tech, culture, egeNewsletter] = await Promise.all([
      byKey('sabah-bulteni'),
      byKey('teknoloji-notlari'),
      byKey('kultur-sanat-haftalik'),
      byKey('ege-gundem'),
    ]);
    // A second director of Kuzey Medya: the target "a director" for the director.
    await db
      .insertInto('users')
      .values({
        id: 'second-director',
        email: 'ikinci.yonetmen@kuzeymedya.example',
        password_hash: null,
        role: 'director',
        publisher_id: kuzeyId,
        name: 'Kemal Öz',
        biography: '',
        url: '',
        image: '',
        ready: true,
      })
      .execute();
    ids = {
      admin: await idOf(emails.admin),
      director: await idOf(emails.director),
      editor: await idOf(emails.editor),
      author: await idOf(emails.author),
      secondDirector: 'second-director',
      burak: await idOf('burak.sahin@kuzeymedya.example'),
      zeynep: await idOf('zeynep.arslan@kuzeymedya.example'),
    };
    const adminToken = (await t.request('PUT', '/api/auth/scope', { token: await t.login(emails.admin), body: { publisher: kuzeyId } })).body.data as string;
    tokens = { admin: adminToken, director: await t.login(emails.director), editor: await t.login(emails.editor), author: await t.login(emails.author) };
  });
  afterAll(async () => {
    await t.close();
  });

  /** The member each actor aims at for each target (Sabah Bülteni's team: Emre and Burak edit, Zeynep writes). */
  const targetOf = (actor: Actor, target: Target): string => {
    if (target === 'self') return ids[actor];
    if (target === 'director') return actor === 'director' ? ids.secondDirector : ids.director;
    if (target === 'editor') return ids.burak;
    return ids.zeynep;
  };

  describe('the team rules matrix', () => {
    const cases = (['admin', 'director', 'editor', 'author'] as Actor[]).flatMap((actor) =>
      (['self', 'director', 'editor', 'author'] as Target[]).map((target) => [actor, target] as const),
    );

    it.each(cases)('PUT /users/update: %s on %s', async (actor, target) => {
      const userId = targetOf(actor, target);
      const name = `Adı ${actor} ${target}`;
      const { status, body } = await t.request('PUT', `/api/users/update/${userId}`, { token: tokens[actor], body: { profile: profile(name) } });
      const saved = (await t.server.database.db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirstOrThrow()).name;
      if (allowed[actor][target]) {
        expect(status, JSON.stringify(body)).toBe(200);
        expect(body.data.profile.name).toBe(name);
        expect(saved).toBe(name);
      } else {
        expect(status, JSON.stringify(body)).toBe(401);
        expect(body.err).toBe('UNAUTHORIZED');
        if (refusals[actor][target]) expect(body.msg).toBe(refusals[actor][target]);
        expect(saved).not.toBe(name);
      }
      // The edit form follows the same rule.
      const form = await t.request('GET', `/api/users/update/${userId}`, { token: tokens[actor] });
      expect(form.status).toBe(allowed[actor][target] ? 200 : 401);
    });

    it.each(cases)('DELETE /newsletters/update/{id}/team: %s on %s', async (actor, target) => {
      await ensureMember(ids.burak, 'editor');
      await ensureMember(ids.zeynep, 'author');
      const userId = targetOf(actor, target);
      const before = (await membersOf(sabah)).some((member) => member._id === userId);
      const { status, body } = await t.request('DELETE', `/api/newsletters/update/${sabah}/team`, { token: tokens[actor], body: { userId } });
      const after = (await membersOf(sabah)).some((member) => member._id === userId);
      if (allowed[actor][target]) {
        expect(status, JSON.stringify(body)).toBe(200);
        expect(before).toBe(true);
        expect(after).toBe(false);
      } else {
        expect(status, JSON.stringify(body)).toBe(401);
        if (refusals[actor][target]) expect(body.msg).toBe(refusals[actor][target]);
        expect(after).toBe(before);
      }
    });
  });

  describe('newsletter team', () => {
    it('lists the current team and the possible members by role', async () => {
      await ensureMember(ids.burak, 'editor');
      await ensureMember(ids.zeynep, 'author');
      const { status, body } = await t.request('GET', `/api/newsletters/update/${sabah}/team`, { token: tokens.editor });
      expect(status).toBe(200);
      const team = body.data.body as { _id: string; role: string; email: string; profile: { name: string } }[];
      expect(team.map((member) => [member.email, member.role])).toEqual(
        expect.arrayContaining([
          [emails.editor, 'editor'],
          ['burak.sahin@kuzeymedya.example', 'editor'],
          ['zeynep.arslan@kuzeymedya.example', 'author'],
        ]),
      );
      expect(team[0]!.role).toBe('editor');
      // Ayşe writes for Teknoloji Notları and Kültür Sanat, not for Sabah Bülteni yet.
      expect((body.data.data.author as { _id: string }[]).map((member) => member._id)).toContain(ids.author);
      expect((body.data.data.editor as { _id: string }[]).map((member) => member._id)).not.toContain(ids.editor);
      expect(Object.keys(body.data.data).sort()).toEqual(['author', 'editor']);
    });

    it('assigns an existing member in their role (the spec sends userId alone); editors may not add members', async () => {
      const assign = (body: object, token = tokens.director) => t.request('PUT', `/api/newsletters/update/${sabah}/team`, { token, body });
      expect((await assign({ userId: ids.author, role: 'author' }, tokens.editor)).status).toBe(401);
      expect((await assign({ userId: ids.author, role: 'editor' })).status).toBe(422);
      expect((await assign({ userId: ids.author, role: 'director' })).body.details[0].message).toBe('Select a role.');
      // A director already works on every newsletter.
      const director = await assign({ userId: ids.secondDirector });
      expect(director.status).toBe(422);
      expect(director.body.details[0]).toEqual({ message: 'Kemal Öz is a director and already works on every newsletter.', path: 'userId' });
      const { status, body } = await assign({ userId: ids.author });
      expect(status, JSON.stringify(body)).toBe(200);
      expect((await membersOf(sabah)).find((member) => member._id === ids.author)?.role).toBe('author');
      // The console names the role; it is the member's own.
      expect((await assign({ userId: ids.author, role: 'author' })).status).toBe(200);
    });

    it('the edit form offers editor and author only; a role change follows the member to every newsletter', async () => {
      await ensureMember(ids.zeynep, 'author');
      const form = await t.request('GET', `/api/users/update/${ids.zeynep}`, { token: tokens.director });
      expect(form.status).toBe(200);
      expect(form.body.data.data.roles).toEqual(['editor', 'author']);
      expect(form.body.data.body).toMatchObject({ _id: ids.zeynep, profile: { name: expect.any(String) }, status: { ready: true } });
      const director = await t.request('PUT', `/api/users/update/${ids.zeynep}`, {
        token: tokens.director,
        body: { profile: profile('Zeynep Arslan'), role: 'director' },
      });
      expect(director.status).toBe(422);
      expect(
        (await t.request('PUT', `/api/users/update/${ids.zeynep}`, { token: tokens.director, body: { ...form.body.data.body, role: { key: 'director' } } }))
          .body.details[0].message,
      ).toBe('Select a role.');
      // The form's answer taken back, role { key } as GET answers it.
      const editor = await t.request('PUT', `/api/users/update/${ids.zeynep}`, {
        token: tokens.director,
        body: { ...form.body.data.body, role: { key: 'editor' } },
      });
      expect(editor.status, JSON.stringify(editor.body)).toBe(200);
      expect((await membersOf(sabah)).find((member) => member._id === ids.zeynep)?.role).toBe('editor');
      expect((await membersOf(tech)).find((member) => member._id === ids.zeynep)?.role).toBe('editor');
      // The plain key, as the console sends it.
      await t.request('PUT', `/api/users/update/${ids.zeynep}`, { token: tokens.director, body: { profile: profile('Zeynep Arslan'), role: 'author' } });
      expect((await membersOf(sabah)).find((member) => member._id === ids.zeynep)?.role).toBe('author');
    });

    it('checks the profile like the profile form', async () => {
      const { status, body } = await t.request('PUT', `/api/users/update/${ids.zeynep}`, {
        token: tokens.director,
        body: { profile: { ...profile(''), url: 'ftp://x' } },
      });
      expect(status).toBe(422);
      expect(body.details.map((detail: { message: string }) => detail.message)).toEqual(
        expect.arrayContaining(['Name cannot be empty.', 'Your social URL must start with either "https://" or "http://"']),
      );
    });
  });

  describe('publisher team', () => {
    it('lists the directors and the staff who could become one', async () => {
      const { status, body } = await t.request('GET', `/api/publishers/update/${kuzeyId}/team`, { token: tokens.director });
      expect(status).toBe(200);
      expect((body.data.body as { _id: string; role: string }[]).map((member) => member._id)).toEqual(
        expect.arrayContaining([ids.director, ids.secondDirector]),
      );
      expect((body.data.body as { role: string }[]).every((member) => member.role === 'director')).toBe(true);
      expect((body.data.data.director as { _id: string }[]).map((member) => member._id)).toEqual(expect.arrayContaining([ids.editor, ids.author]));
    });

    it('is for publishers.update holders only', async () => {
      expect((await t.request('GET', `/api/publishers/update/${kuzeyId}/team`, { token: tokens.editor })).status).toBe(401);
      expect((await t.request('GET', `/api/publishers/update/${kuzeyId}/team`, { token: tokens.author })).status).toBe(401);
    });
  });

  describe('invitations', () => {
    it('answers the form template with the roles the team offers', async () => {
      const newsletter = await t.request('GET', '/api/users/create?role=newsletter', { token: tokens.director });
      expect(newsletter.status).toBe(200);
      expect(newsletter.body.data.body).toMatchObject({ email: '', role: '', newsletters: [], profile: { name: '' } });
      expect(newsletter.body.data.data.roles).toEqual(['editor', 'author']);
      const publisher = await t.request('GET', '/api/users/create?role=publisher', { token: tokens.director });
      expect(publisher.body.data.data.roles).toEqual(['director']);
      const editor = await t.request('GET', '/api/users/create?role=editor', { token: tokens.director });
      expect(editor.body.data.body.role).toBe('editor');
    });

    it("checks the e-mail and the role with the spec's messages", async () => {
      const badEmail = await t.request('POST', '/api/users/create', {
        token: tokens.director,
        body: { email: 'not-an-email', role: 'editor', newsletters: [sabah] },
      });
      expect(badEmail.status).toBe(422);
      expect(badEmail.body.details[0].message).toBe('Email is not valid.');
      const noRole = await t.request('POST', '/api/users/create', {
        token: tokens.director,
        body: { email: 'yeni@kuzeymedya.example', role: '', newsletters: [sabah] },
      });
      expect(noRole.status).toBe(422);
      expect(noRole.body.details[0].message).toBe('Select a role.');
      const missingRole = await t.request('POST', '/api/users/create', {
        token: tokens.director,
        body: { email: 'yeni@kuzeymedya.example', newsletters: [sabah] },
      });
      expect(missingRole.body.details[0].message).toBe('Select a role.');
      const noNewsletter = await t.request('POST', '/api/users/create', {
        token: tokens.director,
        body: { email: 'yeni@kuzeymedya.example', role: 'author', newsletters: [] },
      });
      expect(noNewsletter.status).toBe(422);
      expect(noNewsletter.body.details[0].message).toBe('Select a newsletter.');
      const outside = await t.request('POST', '/api/users/create', {
        token: tokens.director,
        body: { email: 'yeni@kuzeymedya.example', role: 'author', newsletters: [egeNewsletter] },
      });
      expect(outside.status).toBe(404);
    });

    it('mails a link; the invitee chooses a password with it and signs in', async () => {
      const email = 'yeni.editor@kuzeymedya.example';
      const { status, body } = await t.request('POST', '/api/users/create', {
        token: tokens.director,
        body: { email, role: 'editor', newsletters: [sabah, culture], profile: { name: 'Can Yıldız' } },
      });
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.msg).toBe(`An invitation email is sent to ${email}.`);
      const user = await t.server.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
      // An editor starts working once the password is chosen (authors go through the Welcome onboarding).
      expect(user).toMatchObject({ role: 'editor', publisher_id: kuzeyId, ready: true, password_hash: null, name: 'Can Yıldız' });
      // The link lives for days, not the hour of a reset.
      expect(user.reset_expires_at!.getTime() - Date.now()).toBeGreaterThan(6 * 24 * 3600_000);
      expect((await membersOf(sabah)).find((member) => member.email === email)?.role).toBe('editor');
      expect((await membersOf(culture)).find((member) => member.email === email)?.role).toBe('editor');

      const mail = readOutbox(t.dataDir).find((entry) => entry.to === email);
      expect(mail?.subject).toContain('Kuzey Medya');
      const link = /http:\/\/console\.test\/forgot-password\?code=\S+/.exec(mail!.text)?.[0];
      expect(link).toBeTruthy();
      const url = new URL(link!);
      expect(url.searchParams.get('email')).toBe(email);
      const newPassword = 'Yeni-parola-1';
      const reset = await t.request('PUT', '/api/auth/password/reset', {
        body: { email, token: url.searchParams.get('code'), password: newPassword, passwordConfirm: newPassword },
      });
      expect(reset.status, JSON.stringify(reset.body)).toBe(200);
      const token = await t.login(email, newPassword);
      const verify = await t.request('GET', '/api/auth/verify', { token });
      expect(verify.body.data.user).toMatchObject({ email, role: { key: 'editor' }, status: { ready: true } });
      expect((verify.body.data.scopes as { _id: string }[]).map((scope) => scope._id).sort()).toEqual([sabah, culture].sort());
    });

    it('invites a director to the publisher team (publishers.update holders only)', async () => {
      const email = 'yeni.yonetmen@kuzeymedya.example';
      const editor = await t.request('POST', '/api/users/create', { token: tokens.editor, body: { email, role: 'director' } });
      expect(editor.status).toBe(401);
      const { status, body } = await t.request('POST', '/api/users/create', { token: tokens.admin, body: { email, role: 'director' } });
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.msg).toBe(`An invitation email is sent to ${email}.`);
      const team = await t.request('GET', `/api/publishers/update/${kuzeyId}/team`, { token: tokens.director });
      expect((team.body.data.body as { email: string }[]).map((member) => member.email)).toContain(email);
    });

    it('adds the membership when the address already has an account of this publisher', async () => {
      const email = 'zeynep.arslan@kuzeymedya.example';
      const outbox = readOutbox(t.dataDir).length;
      const { status, body } = await t.request('POST', '/api/users/create', {
        token: tokens.director,
        body: { email: email.toUpperCase(), role: 'author', newsletters: [culture] },
      });
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.msg).toBe(`${email.toUpperCase()} is added to the team.`);
      const accounts = await t.server.database.db.selectFrom('users').select('id').where('email', '=', email).execute();
      expect(accounts).toHaveLength(1);
      expect((await membersOf(culture)).map((member) => member._id)).toContain(ids.zeynep);
      expect(readOutbox(t.dataDir)).toHaveLength(outbox);
    });

    it("refuses an address of another publisher's account", async () => {
      const { status, body } = await t.request('POST', '/api/users/create', {
        token: tokens.director,
        body: { email: 'director@egehaber.example', role: 'author', newsletters: [sabah] },
      });
      expect(status).toBe(422);
      expect(body.details[0]).toEqual({ message: 'This e-mail belongs to an account of another publisher.', path: 'email' });
    });
  });

  describe('walls', () => {
    it("refuses another publisher's director on Kuzey Medya's team with 404", async () => {
      const token = await t.login('director@egehaber.example');
      expect((await t.request('GET', `/api/newsletters/update/${sabah}/team`, { token })).status).toBe(404);
      expect((await t.request('PUT', `/api/newsletters/update/${sabah}/team`, { token, body: { userId: ids.author, role: 'author' } })).status).toBe(404);
      expect((await t.request('DELETE', `/api/newsletters/update/${sabah}/team`, { token, body: { userId: ids.burak } })).status).toBe(404);
      expect((await t.request('GET', `/api/publishers/update/${kuzeyId}/team`, { token })).status).toBe(404);
      expect((await t.request('PUT', `/api/publishers/update/${kuzeyId}/team`, { token, body: { userId: ids.author } })).status).toBe(404);
      expect((await t.request('GET', `/api/users/update/${ids.burak}`, { token })).status).toBe(404);
      expect((await t.request('PUT', `/api/users/update/${ids.burak}`, { token, body: { profile: profile('Başka') } })).status).toBe(404);
    });

    it('refuses authors on every team call with 401', async () => {
      const token = tokens.author;
      for (const [method, url] of [
        ['GET', `/api/newsletters/update/${tech}/team`],
        ['PUT', `/api/newsletters/update/${tech}/team`],
        ['DELETE', `/api/newsletters/update/${tech}/team`],
        ['GET', '/api/users/create?role=newsletter'],
        ['POST', '/api/users/create'],
        ['GET', `/api/users/update/${ids.zeynep}`],
      ] as const) {
        const { status, body } = await t.request(method, url, { token, body: method === 'GET' ? undefined : { userId: ids.zeynep, role: 'author' } });
        expect({ url, method, status, err: body.err }).toEqual({ url, method, status: 401, err: 'UNAUTHORIZED' });
      }
    });

    it('an editor sees only the teams of their newsletters', async () => {
      expect((await t.request('GET', `/api/newsletters/update/${culture}/team`, { token: tokens.editor })).status).toBe(404);
    });
  });

  describe('making a director', () => {
    it('turns an editor of the publisher into a director, who then leaves the newsletter teams', async () => {
      await ensureMember(ids.burak, 'editor');
      const { status, body } = await t.request('PUT', `/api/publishers/update/${kuzeyId}/team`, { token: tokens.director, body: { userId: ids.burak } });
      expect(status, JSON.stringify(body)).toBe(200);
      expect((await membersOf(sabah)).map((member) => member._id)).not.toContain(ids.burak);
      const team = await t.request('GET', `/api/publishers/update/${kuzeyId}/team`, { token: tokens.director });
      expect((team.body.data.body as { _id: string }[]).map((member) => member._id)).toContain(ids.burak);
      // And as a director they are beyond editing now.
      expect((await t.request('PUT', `/api/users/update/${ids.burak}`, { token: tokens.director, body: { profile: profile('Burak') } })).status).toBe(401);
    });
  });
});
