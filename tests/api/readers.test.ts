/**
 * Readers sign in without a password (issue 33 point 1, plugins/readers): the sign-in form answers
 * the same for any address and mails a link only to a subscriber, from the newsletter's sender
 * with the link in both parts; opening the link uses nothing, its button does, once; an expired,
 * used or another newsletter's link is refused; the session's cookie opens the account page and
 * never the API; the account changes subscriptions (counts and events kept) with the session's
 * form token; signing out ends the session; requests past the limits are refused; every page
 * passes the Nu HTML Checker.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../core/server/clock';
import { readOutbox, type OutboxEntry } from '../../core/server/services/mail';
import { constants } from '../../core/shared/config';
import { signedInReader } from '../../plugins/readers/server/public';
import { emailAllowances, htmlErrors } from '../vnu';
import { enginesFor, startTestServer, type TestServer } from './server';

const databases = enginesFor('every engine');

const { signInLimits } = constants.readers;
const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

describe.each(databases)('readers signing in on %s', (kind) => {
  let t: TestServer;
  let ids: Record<'morning' | 'tech' | 'ege', string>;
  let kuzey: string;
  let reader: string;
  /** Each request comes from an address of its own, so that the per-address limit is the 429 test's alone. */
  let nextAddress = 1;
  const address = () => `198.51.100.${nextAddress++}`;
  /** The pages checked by the Nu HTML Checker at the end. */
  const pages: Record<string, string> = {};

  const db = () => t.server.database.db as any;
  const get = async (url: string, cookie?: string) => {
    const response = await t.server.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    return { status: response.statusCode, html: response.body, headers: response.headers };
  };
  const post = async (url: string, fields: Record<string, string>, options: { cookie?: string; from?: string } = {}) => {
    const response = await t.server.app.inject({
      method: 'POST',
      url,
      remoteAddress: options.from ?? address(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(options.cookie ? { cookie: options.cookie } : {}) },
      payload: new URLSearchParams(fields).toString(),
    });
    return { status: response.statusCode, html: response.body, headers: response.headers };
  };
  const mailTo = (email: string): OutboxEntry[] => readOutbox(t.dataDir).filter((message) => message.to === email);
  const tokenOf = (message: OutboxEntry, key = 'sabah-bulteni', scheme = 'http') => {
    const token = new RegExp(`${scheme}://console\\.test/n/${key}/signin/([A-Za-z0-9_-]{43})\\b`).exec(message.text)?.[1];
    expect(token, message.text).toBeDefined();
    return token!;
  };
  /**
   * Asks for a link for a subscriber and answers its token. The tests ask for many links for one
   * reader: the count per e-mail address starts over, so that the limit is the 429 test's alone.
   */
  const askLink = async (email = reader, key = 'sabah-bulteni', scheme = 'http') => {
    await db().deleteFrom('sign_in_limits').where('key', '=', `reader-signin:email:${email}`).execute();
    const before = mailTo(email).length;
    expect((await post(`/n/${key}/signin`, { email })).status).toBe(200);
    const mails = mailTo(email);
    expect(mails).toHaveLength(before + 1);
    return tokenOf(mails[0]!, key, scheme);
  };
  /** Signs the reader in through a fresh link; answers the cookie to send back. */
  const signIn = async (email = reader) => {
    const answer = await post(`/n/sabah-bulteni/signin/${await askLink(email)}`, {});
    expect(answer.status).toBe(303);
    const cookie = /^mh_reader=([A-Za-z0-9_-]{43});/.exec(String(answer.headers['set-cookie']))?.[1];
    expect(cookie).toBeDefined();
    return `mh_reader=${cookie}`;
  };
  const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const subscriberOf = (newsletterId: string, email: string) =>
    db().selectFrom('subscribers').selectAll().where('newsletter_id', '=', newsletterId).where('email', '=', email).executeTakeFirst();
  const storedCount = async (id: string) =>
    ((await db().selectFrom('subscriber_counts').select('count').where('newsletter_id', '=', id).executeTakeFirst())?.count ?? 0) as number;

  beforeAll(async () => {
    t = await startTestServer(kind);
    const newsletters = await db().selectFrom('newsletters').select(['id', 'key', 'publisher_id']).execute();
    const find = (key: string) => newsletters.find((row: { key: string }) => row.key === key)!;
    ids = { morning: find('sabah-bulteni').id, tech: find('teknoloji-notlari').id, ege: find('ege-gundem').id };
    kuzey = find('sabah-bulteni').publisher_id;
    // A demo subscriber of Sabah Bülteni who does not subscribe to Teknoloji Notları.
    const techReaders = db().selectFrom('subscribers').select('email').where('newsletter_id', '=', ids.tech);
    const row = await db()
      .selectFrom('subscribers')
      .select('email')
      .where('newsletter_id', '=', ids.morning)
      .where('email', 'not in', techReaders)
      .orderBy('email')
      .executeTakeFirstOrThrow();
    reader = row.email;
    // Sabah Bülteni's own sender (issue 29), as its confirmation e-mails have it.
    await db()
      .updateTable('newsletter_settings')
      .set({ sender_name: 'Sabah Masası', sender_email: 'masa@sabah.example', reply_to: 'okur@sabah.example' })
      .where('newsletter_id', '=', ids.morning)
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows the sign-in form in the newsletter’s look, and links it from the landing page', async () => {
    const form = await get('/n/sabah-bulteni/signin');
    expect(form.status).toBe(200);
    expect(form.headers['cache-control']).toBe('no-store');
    expect(form.html).toContain('<form class="signup" method="post" action="/n/sabah-bulteni/signin">');
    expect(form.html).toMatch(/<input type="email" name="email" required/);
    expect(form.html).toContain('Giriş bağlantısı gönder</button>');
    expect(form.html).toContain('--brand: #ffce14');
    expect(form.html).toContain('<a class="brand" href="/n/sabah-bulteni">');
    pages.form = form.html;
    const landing = await get('/n/sabah-bulteni');
    expect(landing.html).toContain('<a class="more" href="/n/sabah-bulteni/signin">');
    pages.landing = landing.html;
    expect((await get('/n/olmayan-bulten/signin')).status).toBe(404);
  });

  it('answers an unknown address as a subscriber, and mails it nothing', async () => {
    const stranger = 'hic.abone.olmamis@example.com';
    const known = await post('/n/sabah-bulteni/signin', { email: reader });
    const unknown = await post('/n/sabah-bulteni/signin', { email: stranger });
    expect(unknown.status).toBe(200);
    expect(unknown.html).toBe(known.html);
    expect(unknown.html).toContain('e-posta kutunuza gönderdik');
    expect(mailTo(stranger)).toEqual([]);
    expect(await db().selectFrom('reader_sign_in_links').select('email').where('email', '=', stranger).execute()).toEqual([]);
    pages.checkInbox = known.html;
    const empty = await post('/n/sabah-bulteni/signin', { email: '  ' });
    expect(empty.status).toBe(422);
    expect(empty.html).toContain('Lütfen geçerli bir e-posta adresi yazın.');
  });

  it('mails a subscriber a link from the newsletter’s sender, in the HTML and the text; only its hash is stored', async () => {
    const confirmationFor = 'imza.karsilastirma@example.com';
    expect((await post('/n/sabah-bulteni/subscribe', { email: confirmationFor })).status).toBe(200);
    const confirmation = mailTo(confirmationFor)[0]!;
    // The address as typed, in capitals and with spaces: the subscriber's all the same.
    const before = mailTo(reader).length;
    expect((await post('/n/sabah-bulteni/signin', { email: ` ${reader.toUpperCase()} ` })).status).toBe(200);
    expect(mailTo(reader)).toHaveLength(before + 1);
    const mail = mailTo(reader)[0]!;
    const token = tokenOf(mail);
    expect(mail.from).toBe(confirmation.from);
    expect(mail.from).toContain('masa@sabah.example');
    expect(mail.replyTo).toBe(confirmation.replyTo);
    expect(mail.subject).toBe('Sabah Bülteni: giriş bağlantınız');
    const link = `http://console.test/n/sabah-bulteni/signin/${token}`;
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.text).toContain(link);
    pages.mail = mail.html!;
    const row = await db().selectFrom('reader_sign_in_links').selectAll().where('token_hash', '=', sha256(token)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ newsletter_id: ids.morning, email: reader, used_at: null });
    expect(new Date(row.expires_at).getTime() - clock.ms()).toBeGreaterThan((constants.readers.signInLinkMinutes - 1) * 60_000);
    expect(new Date(row.expires_at).getTime() - clock.ms()).toBeLessThanOrEqual(constants.readers.signInLinkMinutes * 60_000);
    expect(JSON.stringify(await db().selectFrom('reader_sign_in_links').selectAll().execute())).not.toContain(token);
  });

  it('shows a link’s page with one button and uses nothing; the button signs in with a cookie, once', async () => {
    const token = await askLink();
    for (const _ of [1, 2]) {
      const opened = await get(`/n/sabah-bulteni/signin/${token}`);
      expect(opened.status).toBe(200);
      expect(opened.html).toContain(
        `<form method="post" action="/n/sabah-bulteni/signin/${token}"><button class="button" type="submit">Giriş yap</button></form>`,
      );
      pages.link = opened.html;
    }
    expect(
      (await db().selectFrom('reader_sign_in_links').select('used_at').where('token_hash', '=', sha256(token)).executeTakeFirstOrThrow()).used_at,
    ).toBeNull();

    const signedIn = await post(`/n/sabah-bulteni/signin/${token}`, {});
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.location).toBe('/n/sabah-bulteni/account');
    const cookie = String(signedIn.headers['set-cookie']);
    expect(cookie).toMatch(/^mh_reader=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/);
    const sessionId = /^mh_reader=([^;]+)/.exec(cookie)![1]!;
    const session = await db().selectFrom('reader_sessions').selectAll().where('id_hash', '=', sha256(sessionId)).executeTakeFirstOrThrow();
    expect(session).toMatchObject({ publisher_id: kuzey, email: reader });
    expect(JSON.stringify(session)).not.toContain(sessionId);

    // Used: the button and the page refuse it, with the way to a new link.
    for (const answer of [await post(`/n/sabah-bulteni/signin/${token}`, {}), await get(`/n/sabah-bulteni/signin/${token}`)]) {
      expect(answer.status).toBe(410);
      expect(answer.html).toContain('Bu giriş bağlantısı artık geçerli değil');
      expect(answer.html).toContain('<a class="more" href="/n/sabah-bulteni/signin">Yeni bir giriş bağlantısı isteyin</a>');
      expect(answer.headers['set-cookie']).toBeUndefined();
      pages.invalid = answer.html;
    }
  });

  it('marks the cookie Secure when PUBLIC_URL is https', async () => {
    // The setting as an operator's server would read it; every other test runs on http://console.test.
    const { env } = t.server.context;
    const publicUrl = env.publicUrl;
    env.publicUrl = 'https://console.test';
    try {
      const answer = await post(`/n/sabah-bulteni/signin/${await askLink(reader, 'sabah-bulteni', 'https')}`, {});
      expect(String(answer.headers['set-cookie'])).toMatch(/^mh_reader=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax; Secure$/);
    } finally {
      env.publicUrl = publicUrl;
    }
  });

  it('signs in once when the same link is posted twice at once', async () => {
    const token = await askLink();
    const answers = await Promise.all([post(`/n/sabah-bulteni/signin/${token}`, {}), post(`/n/sabah-bulteni/signin/${token}`, {})]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 410]);
  });

  it('refuses an expired link', async () => {
    const token = await askLink();
    await db()
      .updateTable('reader_sign_in_links')
      .set({ expires_at: new Date(clock.ms() - 1000) })
      .where('token_hash', '=', sha256(token))
      .execute();
    expect((await get(`/n/sabah-bulteni/signin/${token}`)).status).toBe(410);
    const answer = await post(`/n/sabah-bulteni/signin/${token}`, {});
    expect(answer.status).toBe(410);
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a link at another newsletter’s address, and an unknown one, without using it', async () => {
    const token = await askLink();
    for (const url of [`/n/teknoloji-notlari/signin/${token}`, `/n/ege-gundem/signin/${token}`]) {
      expect((await get(url)).status, url).toBe(410);
      const answer = await post(url, {});
      expect(answer.status, url).toBe(410);
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
    for (const forged of [`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, 'kisa']) {
      expect((await post(`/n/sabah-bulteni/signin/${forged}`, {})).status).toBe(410);
    }
    expect((await post(`/n/sabah-bulteni/signin/${token}`, {})).status).toBe(303);
  });

  it('never takes the reader’s cookie as the console’s authentication', async () => {
    const cookie = await signIn();
    const answer = await t.server.app.inject({ method: 'GET', url: '/api/auth/verify', headers: { cookie } });
    expect(answer.statusCode).toBe(401);
    expect((await t.server.app.inject({ method: 'GET', url: `/api/newsletters/list/${ids.morning}/subscriptions`, headers: { cookie } })).statusCode).toBe(401);
  });

  it('answers the signed-in reader of a request to other plugins, for its publisher only', async () => {
    const cookie = await signIn();
    const request = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;
    expect(await signedInReader(t.server.database.db, request({ cookie }), kuzey)).toEqual({ email: reader, publisherId: kuzey });
    const ege = (await db().selectFrom('newsletters').select('publisher_id').where('id', '=', ids.ege).executeTakeFirstOrThrow()).publisher_id;
    expect(await signedInReader(t.server.database.db, request({ cookie }), ege)).toBeNull();
    expect(await signedInReader(t.server.database.db, request({}), kuzey)).toBeNull();
    expect(await signedInReader(t.server.database.db, request({ cookie: 'mh_reader=bilinmeyen' }), kuzey)).toBeNull();
  });

  it('lists the publisher’s newsletters on the account page, subscribed or not; other publishers and strangers go to the sign-in', async () => {
    const cookie = await signIn();
    const account = await get('/n/sabah-bulteni/account', cookie);
    expect(account.status).toBe(200);
    expect(account.headers['cache-control']).toBe('no-store');
    expect(account.html).toContain(`${reader} adresiyle giriş yaptınız.`);
    const published = await db().selectFrom('newsletters').select(['id', 'title']).where('publisher_id', '=', kuzey).where('published', '=', true).execute();
    for (const newsletter of published) expect(account.html).toContain(`<input type="hidden" name="newsletter" value="${newsletter.id}">`);
    expect(account.html).not.toContain(`value="${ids.ege}"`);
    const itemOf = (id: string) => account.html.split('<li>').find((item) => item.includes(`value="${id}"`))!;
    expect(itemOf(ids.morning)).toContain('<p>Abonesiniz</p>');
    // Leaving is drawn outlined (secondary), never as the way in is.
    expect(itemOf(ids.morning)).toContain('<button class="button secondary" type="submit">Abonelikten çık</button>');
    expect(itemOf(ids.tech)).toContain('<p>Abone değilsiniz</p>');
    expect(itemOf(ids.tech)).toContain('<button class="button" type="submit">Abone ol</button>');
    expect(account.html).toContain('<button class="button secondary" type="submit">Çıkış yap</button>');
    // The frame styles it apart: white with a grey outline, the brand colour being the way in's.
    expect(account.html).toContain('.button.secondary { background: #fff; color: var(--ink); box-shadow: inset 0 0 0 1px #8a8886;');
    pages.account = account.html;
    // The account of the same publisher from another of its newsletters; none at another publisher's.
    expect((await get('/n/teknoloji-notlari/account', cookie)).status).toBe(200);
    for (const [url, headers] of [
      ['/n/ege-gundem/account', cookie],
      ['/n/sabah-bulteni/account', undefined],
    ] as const) {
      const answer = await get(url, headers);
      expect(answer.status, url).toBe(303);
      expect(answer.headers.location).toBe(url.replace('/account', '/signin'));
    }
  });

  it('unsubscribes and subscribes from the account page, with the subscribers’ counts and events', async () => {
    const cookie = await signIn();
    const csrf = csrfOf((await get('/n/sabah-bulteni/account', cookie)).html);
    expect(csrf).not.toBe('');
    const change = (newsletter: string, to: 'subscribe' | 'unsubscribe') =>
      post('/n/sabah-bulteni/account/subscriptions', { csrf, newsletter, change: to }, { cookie });
    const eventsOf = (newsletterId: string) =>
      db()
        .selectFrom('subscription_events')
        .select(['type', 'source'])
        .where('newsletter_id', '=', newsletterId)
        .where('email', '=', reader)
        .orderBy('created_at')
        .execute();

    const morningCount = await storedCount(ids.morning);
    const left = await change(ids.morning, 'unsubscribe');
    expect(left.status).toBe(303);
    expect(left.headers.location).toBe('/n/sabah-bulteni/account');
    expect(await subscriberOf(ids.morning, reader)).toBeUndefined();
    expect(await storedCount(ids.morning)).toBe(morningCount - 1);
    expect((await eventsOf(ids.morning)).at(-1)).toEqual({ type: 'unsubscription', source: 'web' });

    const techCount = await storedCount(ids.tech);
    const mails = readOutbox(t.dataDir).length;
    expect((await change(ids.tech, 'subscribe')).status).toBe(303);
    expect(await subscriberOf(ids.tech, reader)).toMatchObject({ email: reader, source: 'web' });
    expect(await storedCount(ids.tech)).toBe(techCount + 1);
    expect(await eventsOf(ids.tech)).toEqual([{ type: 'subscription', source: 'web' }]);
    // The address is proven: no confirmation e-mail, the newsletter's welcome as a confirmed subscriber gets it.
    const sent = readOutbox(t.dataDir).slice(0, readOutbox(t.dataDir).length - mails);
    expect(sent.map((mail) => [mail.to, /hoş geldiniz/i.test(mail.subject)])).toEqual([[reader, true]]);

    const account = await get('/n/sabah-bulteni/account', cookie);
    expect(account.html.split('<li>').find((item) => item.includes(`value="${ids.tech}"`))).toContain('<p>Abonesiniz</p>');
    expect((await change(ids.morning, 'subscribe')).status).toBe(303);
    expect(await storedCount(ids.morning)).toBe(morningCount);
    // Another publisher's newsletter is not offered.
    expect((await change(ids.ege, 'subscribe')).status).toBe(404);
    expect(await subscriberOf(ids.ege, reader)).toBeUndefined();
  });

  it('refuses a change or a sign-out without the session’s form token', async () => {
    const cookie = await signIn();
    const other = await signIn();
    const count = await storedCount(ids.morning);
    const refused: Record<string, string>[] = [
      { newsletter: ids.morning, change: 'unsubscribe' },
      { csrf: 'sahte', newsletter: ids.morning, change: 'unsubscribe' },
      // Another session's token.
      { csrf: csrfOf((await get('/n/sabah-bulteni/account', other)).html), newsletter: ids.morning, change: 'unsubscribe' },
    ];
    for (const fields of refused) {
      const answer = await post('/n/sabah-bulteni/account/subscriptions', fields, { cookie });
      expect(answer.status).toBe(403);
      expect(answer.html).toContain('Bu form geçerliliğini yitirdi.');
      pages.expired = answer.html;
    }
    expect(await storedCount(ids.morning)).toBe(count);
    expect(await subscriberOf(ids.morning, reader)).toBeDefined();
    expect((await post('/n/sabah-bulteni/signout', {}, { cookie })).status).toBe(403);
    expect((await get('/n/sabah-bulteni/account', cookie)).status).toBe(200);
    // Without a session, a change goes to the sign-in.
    expect((await post('/n/sabah-bulteni/account/subscriptions', { csrf: 'x', newsletter: ids.morning, change: 'unsubscribe' })).headers.location).toBe(
      '/n/sabah-bulteni/signin',
    );
  });

  it('signs out: the session ends and the cookie is cleared', async () => {
    const cookie = await signIn();
    const csrf = csrfOf((await get('/n/sabah-bulteni/account', cookie)).html);
    const answer = await post('/n/sabah-bulteni/signout', { csrf }, { cookie });
    expect(answer.status).toBe(200);
    expect(answer.html).toContain('Çıkış yaptınız.');
    expect(String(answer.headers['set-cookie'])).toBe('mh_reader=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax');
    expect(
      await db()
        .selectFrom('reader_sessions')
        .select('email')
        .where('id_hash', '=', sha256(cookie.slice('mh_reader='.length)))
        .execute(),
    ).toEqual([]);
    expect((await get('/n/sabah-bulteni/account', cookie)).status).toBe(303);
    pages.signedOut = answer.html;
  });

  it(`refuses the ${signInLimits.address.failures + 1}th request of a client address and the ${signInLimits.email.failures + 1}th for an e-mail address with 429`, async () => {
    const client = '203.0.113.77';
    for (let n = 0; n < signInLimits.address.failures; n++) {
      expect((await post('/n/ege-gundem/signin', { email: `cok.deneyen${n}@example.com` }, { from: client })).status, `request ${n + 1}`).toBe(200);
    }
    const refused = await post('/n/ege-gundem/signin', { email: reader }, { from: client });
    expect(refused.status).toBe(429);
    expect(refused.html).toContain('Çok fazla deneme yapıldı');
    pages.tooMany = refused.html;

    const target = 'hedef.adres@example.com';
    for (let n = 0; n < signInLimits.email.failures; n++) expect((await post('/n/ege-gundem/signin', { email: target })).status).toBe(200);
    expect((await post('/n/ege-gundem/signin', { email: target.toUpperCase() })).status).toBe(429);
    // Another address from another client is not concerned.
    expect((await post('/n/ege-gundem/signin', { email: 'baska.biri@example.com' })).status).toBe(200);
  });

  it('passes the Nu HTML Checker on every page, and the e-mail', async () => {
    expect(Object.keys(pages).sort()).toEqual(['account', 'checkInbox', 'expired', 'form', 'invalid', 'landing', 'link', 'mail', 'signedOut', 'tooMany']);
    const { mail, ...rest } = pages;
    expect(await htmlErrors(rest)).toEqual(Object.fromEntries(Object.keys(rest).map((name) => [name, []])));
    expect(await htmlErrors({ mail: mail! }, emailAllowances)).toEqual({ mail: [] });
  });
});
