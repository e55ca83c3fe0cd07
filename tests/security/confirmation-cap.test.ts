/**
 * No mail-bombing through the subscribe form (issue 26, point 8): the per-address limit counts the
 * client, so requests for one victim from many addresses each pass it. The confirmation e-mails
 * one recipient gets from a newsletter are capped (constants.audience.confirmationCap), counted in
 * the database; past the cap every request is answered exactly as before, and no e-mail goes.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../core/server/services/mail';
import { constants } from '../../core/shared/config';
import { enginesFor, startTestServer, type TestServer } from '../api/server';

const databases = enginesFor('every engine');

const { emails: cap, windowHours } = constants.audience.confirmationCap;

describe.each(databases)('confirmation e-mails per recipient on %s', (kind) => {
  let t: TestServer;
  let nextAddress = 1;
  /** Each request from a client address of its own: the per-address limit never meets them. */
  const address = () => `203.0.113.${nextAddress++}`;

  const form = async (key: string, email: string) => {
    const response = await t.server.app.inject({
      method: 'POST',
      url: `/n/${key}/subscribe`,
      remoteAddress: address(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email, name: 'Hedef Okur' }).toString(),
    });
    return { status: response.statusCode, body: response.body };
  };
  /** The subscribe answer's resend button, pressed from a client address of its own. */
  const resend = async (key: string, token: string) => {
    const response = await t.server.app.inject({
      method: 'POST',
      url: `/n/${key}/subscribe/resend`,
      remoteAddress: address(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token }).toString(),
    });
    return { status: response.statusCode, body: response.body };
  };
  const tokenOf = (body: string) => /name="token" value="([^"]+)"/.exec(body)![1]!;
  /** An answer without its resend token, which is each request's own. */
  const withoutToken = (body: string) => body.replace(/name="token" value="[^"]+"/, 'name="token" value=""');
  const app = async (key: string, email: string) => {
    const response = await t.server.app.inject({
      method: 'POST',
      url: '/api/subscribers/subscribe',
      remoteAddress: address(),
      payload: { newsletter: key, email, name: 'Hedef Okur', source: 'ios' },
    });
    return { status: response.statusCode, body: response.body };
  };
  /** The confirmations one address got of a newsletter, by their subject (in the newsletter's language). */
  const confirmations = (email: string, title: string, asked = 'aboneliğinizi onaylayın') =>
    readOutbox(t.dataDir).filter((message) => message.to === email && message.subject === `${title}: ${asked}`);

  beforeAll(async () => {
    t = await startTestServer(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`sends at most ${cap} confirmation e-mails to one address, asked from ${cap + 5} client addresses at once, and answers every request the same`, async () => {
    const victim = 'hedef@example.com';
    const answers = await Promise.all(Array.from({ length: cap + 5 }, () => form('sabah-bulteni', victim)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(cap + 5).fill(200));
    // The page past the cap is the page before it: nobody learns whether an e-mail went.
    expect(new Set(answers.map((answer) => withoutToken(answer.body))).size).toBe(1);
    expect(confirmations(victim, 'Sabah Bülteni')).toHaveLength(cap);
    // The answers' resend buttons are requests under the same cap, whoever presses them.
    const resent = await Promise.all(answers.map((answer) => resend('sabah-bulteni', tokenOf(answer.body))));
    expect(resent.map((answer) => answer.status)).toEqual(Array(cap + 5).fill(200));
    expect(new Set(resent.map((answer) => withoutToken(answer.body))).size).toBe(1);
    expect(confirmations(victim, 'Sabah Bülteni')).toHaveLength(cap);

    // The apps' route is counted with the form, with the same answer as ever.
    const fromApp = await app('sabah-bulteni', victim);
    expect(fromApp.status).toBe(200);
    expect(JSON.parse(fromApp.body)).toEqual({ data: { status: 'pending' }, msg: expect.any(String) });
    expect(confirmations(victim, 'Sabah Bülteni')).toHaveLength(cap);

    // Another newsletter's confirmation is its own; another address is not concerned.
    expect((await form('teknoloji-notlari', victim)).status).toBe(200);
    expect(confirmations(victim, 'Teknoloji Notları', 'confirm your subscription')).toHaveLength(1);
    expect((await form('sabah-bulteni', 'baska.okur@example.com')).status).toBe(200);
    expect(confirmations('baska.okur@example.com', 'Sabah Bülteni')).toHaveLength(1);
  });

  it("counts the ways of writing one mailbox together: sub-addresses ('+'), and Gmail's dots", async () => {
    const variants = ['kurban+1@gmail.com', 'k.u.r.b.a.n@gmail.com', 'Kurban+haber@googlemail.com', 'kurban@gmail.com', 'kur.ban+x@gmail.com'];
    for (const email of variants) expect((await form('sabah-bulteni', email)).status).toBe(200);
    const sent = readOutbox(t.dataDir).filter((message) => variants.some((email) => email.toLowerCase() === message.to));
    expect(sent).toHaveLength(cap);
  });

  it('counts from the stored requests: once the window has passed, the address gets a confirmation again', async () => {
    const email = 'bekleyen@example.com';
    for (let n = 0; n < cap + 2; n++) expect((await form('kultur-sanat-haftalik', email)).status).toBe(200);
    expect(confirmations(email, 'Kültür Sanat Haftalık')).toHaveLength(cap);
    // The requests made before the window: the database's rows are what is counted, not a process's memory.
    await sql`update subscription_requests set created_at = now() - ${windowHours + 1}::float8 * interval '1 hour' where email = ${email}`.execute(
      t.server.database.db,
    );
    expect((await form('kultur-sanat-haftalik', email)).status).toBe(200);
    expect(confirmations(email, 'Kültür Sanat Haftalık')).toHaveLength(cap + 1);
  });
});
