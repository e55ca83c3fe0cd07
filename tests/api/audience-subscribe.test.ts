/**
 * Readers coming and going (issue 15 point 1; spec 002: subscriptions and unsubscriptions by
 * source, cancellation reasons): the landing page's subscribe form with double opt-in and the
 * welcome e-mail, the apps' subscribe and unsubscribe calls, the per-address limit, the
 * unsubscribe page with its reasons and one-click unsubscribe, the suppression of an address that
 * left, and the series and cancellations the analytics read from their rollups (demo data
 * included).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock, clockControl } from '../../core/server/clock';
import { readOutbox, type OutboxEntry } from '../../core/server/services/mail';
import { constants } from '../../core/shared/config';
import { cancellations, subscriptionSeries } from '../../plugins/subscribers/server/public';
import { multipart } from './multipart';
import { enginesFor, runFromMidday, startTestServer, type TestServer } from './server';

const databases = enginesFor('every engine');

const { cancellationReasons, otherReason, subscribeLimit } = constants.audience;
const dateTime = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const dayMs = 86_400_000;

describe.each(databases)('readers subscribing and leaving on %s', (kind) => {
  let t: TestServer;
  let ids: Record<'morning' | 'tech' | 'culture' | 'ege', string>;
  let egeDirector: string;
  /** Each test asks from an address of its own, so the per-address limit is the 429 test's alone. */
  let nextAddress = 1;
  const address = () => `198.51.100.${nextAddress++}`;

  const form = async (url: string, fields: Record<string, string> | string, remoteAddress = address()) => {
    const response = await t.server.app.inject({
      method: 'POST',
      url,
      remoteAddress,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: typeof fields === 'string' ? fields : new URLSearchParams(fields).toString(),
    });
    return { status: response.statusCode, html: response.body, type: String(response.headers['content-type']) };
  };
  const page = async (url: string) => {
    const response = await t.server.app.inject({ method: 'GET', url });
    return { status: response.statusCode, html: response.body };
  };
  const appSubscribe = async (body: Record<string, unknown>, remoteAddress = address()) => {
    const response = await t.server.app.inject({ method: 'POST', url: '/api/subscribers/subscribe', remoteAddress, payload: body });
    return { status: response.statusCode, body: JSON.parse(response.body) };
  };
  const mailTo = (email: string): OutboxEntry[] => readOutbox(t.dataDir).filter((message) => message.to === email);
  const confirmPath = (message: OutboxEntry) => {
    const link = /http:\/\/console\.test(\/n\/[^/\s"]+\/confirm\/[\w.-]+)/.exec(message.text)?.[1];
    expect(link, message.text).toBeDefined();
    return link!;
  };
  const db = () => t.server.database.db as any;
  const subscriberOf = (newsletterId: string, email: string) =>
    db().selectFrom('subscribers').selectAll().where('newsletter_id', '=', newsletterId).where('email', '=', email).executeTakeFirst();
  const eventsOf = (subscriberId: string) =>
    db().selectFrom('subscription_events').selectAll().where('subscriber_id', '=', subscriberId).orderBy('created_at').execute();
  const storedCount = async (id: string) =>
    ((await db().selectFrom('subscriber_counts').select('count').where('newsletter_id', '=', id).executeTakeFirst())?.count ?? 0) as number;
  const today = () => clock.now().toISOString().slice(0, 10);
  const dailyCount = async (newsletterId: string, type: string, source: string) =>
    (
      (await db()
        .selectFrom('subscription_daily')
        .select('count')
        .where('newsletter_id', '=', newsletterId)
        .where('date', '=', today())
        .where('type', '=', type)
        .where('source', '=', source)
        .executeTakeFirst()) ?? { count: 0 }
    ).count as number;
  const recentCancellations = (newsletterId: string) =>
    cancellations(t.server.database.db, {
      newsletterIds: [newsletterId],
      startAt: new Date(clock.ms() - 60_000),
      endAt: new Date(clock.ms() + 60_000),
      limit: 50,
    });

  /** Subscribes an address through the landing form and its confirmation link; answers the subscriber row. */
  const subscribeByForm = async (key: string, newsletterId: string, email: string, name = 'Deniz Okur') => {
    expect((await form(`/n/${key}/subscribe`, { email, name, city: 'İzmir' })).status).toBe(200);
    const [confirmation] = mailTo(email);
    expect((await page(confirmPath(confirmation!))).status).toBe(200);
    return (await subscriberOf(newsletterId, email))!;
  };

  beforeAll(async () => {
    // The daily counts asked for are today's: a run that starts near midnight must not see the day change.
    runFromMidday();
    t = await startTestServer(kind);
    egeDirector = await t.login('director@egehaber.example');
    const newsletters = await t.server.database.db.selectFrom('newsletters').select(['id', 'key']).execute();
    const idOf = (key: string) => newsletters.find((row) => row.key === key)!.id;
    ids = { morning: idOf('sabah-bulteni'), tech: idOf('teknoloji-notlari'), culture: idOf('kultur-sanat-haftalik'), ege: idOf('ege-gundem') };
  });
  afterAll(async () => {
    clockControl.reset();
    await t.close();
  });

  /** What the newsletter's subscribe form asks (its web design, the design plugin's row), set as the design page would. */
  const askFields = (newsletterId: string, fields: { web_name_field?: string; web_city_field?: string }) =>
    db().updateTable('newsletter_designs').set(fields).where('newsletter_id', '=', newsletterId).execute();

  it('shows a subscribe form on the landing page: the e-mail address, a name as the web design asks by default (optional), no city', async () => {
    const { status, html } = await page('/n/sabah-bulteni');
    expect(status).toBe(200);
    expect(html).toContain('<form class="signup" method="post" action="/n/sabah-bulteni/subscribe">');
    expect(html).toMatch(/<input type="email" name="email" required/);
    expect(html).toMatch(/<input type="text" name="name" maxlength/);
    expect(html).not.toContain('name="city"');
    expect(html).toContain('Abone ol</button>');
  });

  it('subscribes from the landing page: confirmation e-mail, confirm, a web subscriber, its event, the welcome e-mail', async () => {
    const email = 'yeni.okur@example.com';
    const before = { count: await storedCount(ids.morning), daily: await dailyCount(ids.morning, 'subscription', 'web') };
    await askFields(ids.morning, { web_city_field: 'optional' });
    const asked = await form('/n/sabah-bulteni/subscribe', { email: ' Yeni.Okur@Example.com ', name: 'Yeni Okur', city: 'Ankara' });
    await askFields(ids.morning, { web_city_field: 'hidden' });
    expect(asked.status).toBe(200);
    expect(asked.type).toContain('text/html');
    expect(asked.html).toContain('e-posta kutunuza');
    // Nothing is made before the link is opened.
    expect(await subscriberOf(ids.morning, email)).toBeUndefined();

    const [confirmation, ...others] = mailTo(email);
    expect(others).toEqual([]);
    expect(confirmation!.subject).toBe('Sabah Bülteni: aboneliğinizi onaylayın');
    const path = confirmPath(confirmation!);
    expect(path).toMatch(/^\/n\/sabah-bulteni\/confirm\//);
    expect(confirmation!.html).toContain(`http://console.test${path}`);

    const confirmed = await page(path);
    expect(confirmed.status).toBe(200);
    expect(confirmed.html).toContain('Aboneliğiniz onaylandı');
    const subscriber = await subscriberOf(ids.morning, email);
    expect(subscriber).toMatchObject({ email, name: 'Yeni Okur', city: 'Ankara', source: 'web', medium: 'email' });
    expect(await eventsOf(subscriber.id)).toMatchObject([{ type: 'subscription', source: 'web', reason: null, newsletter_id: ids.morning }]);
    expect(await storedCount(ids.morning)).toBe(before.count + 1);
    expect(await dailyCount(ids.morning, 'subscription', 'web')).toBe(before.daily + 1);

    const welcome = mailTo(email).find((message) => message.subject === 'Sabah Bülteni’ne hoş geldiniz!');
    expect(welcome).toBeDefined();
    const unsubscribeUrl = `http://console.test/u/${t.server.context.links.sign(subscriber.id)}`;
    // The demo's welcome greets the reader by the name given on the form ('Merhaba [[name]],').
    expect(welcome!.html).toContain('Merhaba Yeni Okur, <strong>Sabah Bülteni</strong> ailesine hoş geldiniz!');
    expect(welcome!.text).toContain('Merhaba Yeni Okur, Sabah Bülteni ailesine hoş geldiniz!');
    expect(welcome!.html).toContain(`href="${unsubscribeUrl}"`);
    expect(welcome!.text).toContain(`Abonelikten çık: ${unsubscribeUrl}`);
    expect(welcome!.headers).toEqual({ 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

    // A second click (or a mail scanner's) changes nothing and sends nothing.
    const mails = mailTo(email).length;
    expect((await page(path)).status).toBe(200);
    expect(await storedCount(ids.morning)).toBe(before.count + 1);
    expect(await eventsOf(subscriber.id)).toHaveLength(1);
    expect(mailTo(email)).toHaveLength(mails);
  });

  it('answers the same whether or not the address subscribes, and welcomes nobody twice', async () => {
    const first = await form('/n/sabah-bulteni/subscribe', { email: 'yeni.okur@example.com', name: 'Yeni Okur' });
    const unknown = await form('/n/sabah-bulteni/subscribe', { email: 'hic.yazilmamis@example.com', name: 'Hiç Yazılmamış' });
    expect(first.status).toBe(unknown.status);
    // The answer names the address typed and carries its own resend token: nothing else differs.
    const typed = (html: string, email: string) => html.replaceAll(email, 'ADDRESS').replace(/name="token" value="[^"]+"/, 'name="token" value="TOKEN"');
    expect(typed(first.html, 'yeni.okur@example.com')).toBe(typed(unknown.html, 'hic.yazilmamis@example.com'));
    const count = await storedCount(ids.morning);
    const again = mailTo('yeni.okur@example.com')[0]!;
    expect(again.subject).toBe('Sabah Bülteni: aboneliğinizi onaylayın');
    expect((await page(confirmPath(again))).status).toBe(200);
    expect(await storedCount(ids.morning)).toBe(count);
    expect(mailTo('yeni.okur@example.com').filter((message) => message.subject.includes('hoş geldiniz'))).toHaveLength(1);
  });

  it('keeps the subscriber count with the subscribers: changes at the same moment each count once, and the newsletter calls answer it', async () => {
    // The newsletter record keeps no count of its own (core migration 006, subscribers' 009).
    const { rows: columns } = await sql`
      select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = 'newsletters' and column_name = 'subscriber_count'`.execute(t.server.database.db);
    expect(columns).toEqual([]);
    const answered = async () => {
      const list = await t.request('GET', '/api/newsletters/list?sort=subscribers&desc=true', { token: egeDirector });
      const one = await t.request('GET', `/api/newsletters/list/${ids.ege}`, { token: egeDirector });
      expect([list.status, one.status]).toEqual([200, 200]);
      const listed = list.body.data.find((newsletter: { _id: string }) => newsletter._id === ids.ege);
      return { listed: listed.stats.subscribers as number, one: one.body.data.stats.subscribers as number };
    };
    const rowsOf = async (id: string) =>
      (await sql<{ n: number }>`select count(*)::integer as n from subscribers where newsletter_id = ${id}`.execute(t.server.database.db)).rows[0]!.n;
    const before = await storedCount(ids.ege);
    expect(await rowsOf(ids.ege)).toBe(before);
    expect(await answered()).toEqual({ listed: before, one: before });

    const joining = Array.from({ length: 4 }, (_, index) => `ayni.anda.${index}@example.com`);
    const leaving: { id: string }[] = [];
    for (const index of [0, 1, 2]) leaving.push(await subscribeByForm('ege-gundem', ids.ege, `ayni.anda.giden.${index}@example.com`));
    for (const email of joining) expect((await form('/n/ege-gundem/subscribe', { email, name: 'Aynı Anda' })).status).toBe(200);
    // Every link opened and every one-click unsubscribe posted at once: each adds or takes its own, none writes over another's.
    const answers = await Promise.all([
      ...joining.map((email) => page(confirmPath(mailTo(email)[0]!))),
      ...leaving.map((subscriber) => form(`/u/${t.server.context.links.sign(subscriber.id)}`, 'List-Unsubscribe=One-Click')),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([...joining, ...leaving].map(() => 200));
    expect(await storedCount(ids.ege)).toBe(before + joining.length);
    expect(await rowsOf(ids.ege)).toBe(before + joining.length);
    expect(await answered()).toEqual({ listed: before + joining.length, one: before + joining.length });
  });

  it('refuses a bad e-mail or a missing name with a Turkish message on the page (4xx, the form kept)', async () => {
    for (const fields of [{ email: 'not-an-address', name: 'Ali Veli' }, { email: 'ali@', name: 'Ali Veli' }, { email: '', name: 'Ali Veli' }, {}]) {
      const answer = await form('/n/sabah-bulteni/subscribe', fields as Record<string, string>);
      expect(answer.status, JSON.stringify(fields)).toBe(422);
      expect(answer.type).toContain('text/html');
      expect(answer.html).toContain('Lütfen geçerli bir e-posta adresi yazın.');
      expect(answer.html).toContain('<form class="signup"');
    }
    // A name only where the newsletter requires one.
    await askFields(ids.morning, { web_name_field: 'required' });
    const noName = await form('/n/sabah-bulteni/subscribe', { email: 'isimsiz@example.com', name: '  ' });
    await askFields(ids.morning, { web_name_field: 'optional' });
    expect(noName.status).toBe(422);
    expect(noName.html).toContain('Lütfen adınızı yazın.');
    expect(noName.html).toContain('value="isimsiz@example.com"');
    expect(mailTo('isimsiz@example.com')).toEqual([]);
    expect((await form('/n/olmayan-bulten/subscribe', { email: 'a@example.com', name: 'A' })).status).toBe(404);
  });

  it('subscribes from an app with source ios, by key or id', async () => {
    const email = 'uygulama.okuru@example.com';
    const answer = await appSubscribe({ newsletter: 'teknoloji-notlari', email, name: 'Uygulama Okuru', source: 'ios' });
    expect(answer).toEqual({ status: 200, body: { data: { status: 'pending' }, msg: expect.any(String) } });
    expect((await page(confirmPath(mailTo(email)[0]!))).status).toBe(200);
    const subscriber = await subscriberOf(ids.tech, email);
    expect(subscriber).toMatchObject({ source: 'ios', city: '' });
    expect(await eventsOf(subscriber.id)).toMatchObject([{ type: 'subscription', source: 'ios' }]);
    expect(mailTo(email).some((message) => message.subject === 'Teknoloji Notları’na hoş geldiniz')).toBe(true);

    const byId = await appSubscribe({ newsletter: ids.ege, email: 'android.okuru@example.com', name: 'Android Okuru', city: 'İzmir', source: 'android' });
    expect(byId.status).toBe(200);
    expect(confirmPath(mailTo('android.okuru@example.com')[0]!)).toMatch(/^\/n\/ege-gundem\/confirm\//);

    expect((await appSubscribe({ newsletter: 'teknoloji-notlari', email: 'bozuk', name: 'X', source: 'ios' })).status).toBe(422);
    expect((await appSubscribe({ newsletter: 'teknoloji-notlari', email: 'a@example.com', name: 'X', source: 'web' })).status).toBe(422);
    expect(await appSubscribe({ newsletter: 'olmayan', email: 'a@example.com', name: 'X', source: 'ios' })).toEqual({
      status: 404,
      body: { msg: 'Newsletter not found.' },
    });
  });

  it(`refuses the ${subscribeLimit.failures + 1}th request of one address with 429, the landing form and the apps counted together`, async () => {
    const client = '203.0.113.7';
    for (let n = 0; n < subscribeLimit.failures; n++) {
      const answer =
        n % 2 === 0
          ? (await form('/n/ege-gundem/subscribe', { email: `cok.deneyen${n}@example.com`, name: 'Çok Deneyen' }, client)).status
          : (await appSubscribe({ newsletter: 'ege-gundem', email: `cok.deneyen${n}@example.com`, name: 'Çok Deneyen', source: 'android' }, client)).status;
      expect(answer, `request ${n + 1}`).toBe(200);
    }
    const refused = await appSubscribe({ newsletter: 'ege-gundem', email: 'bir.daha@example.com', name: 'Bir Daha', source: 'ios' }, client);
    expect(refused).toEqual({ status: 429, body: { msg: expect.stringMatching(/try again/) } });
    const page429 = await form('/n/ege-gundem/subscribe', { email: 'bir.daha@example.com', name: 'Bir Daha' }, client);
    expect(page429.status).toBe(429);
    expect(page429.html).toContain('Çok fazla deneme yapıldı');
    expect(mailTo('bir.daha@example.com')).toEqual([]);
    // Another address is not concerned.
    expect((await appSubscribe({ newsletter: 'ege-gundem', email: 'bir.daha@example.com', name: 'Bir Daha', source: 'ios' })).status).toBe(200);
  });

  /** The resend token on a subscribe answer. */
  const resendTokenOf = (html: string) => {
    const token = /<form method="post" action="\/n\/[^/"]+\/subscribe\/resend"><input type="hidden" name="token" value="([^"]+)">/.exec(html)?.[1];
    expect(token, html).toBeDefined();
    return token!.replaceAll('&amp;', '&');
  };

  it('names the address on the answer and sends the confirmation again from its button, a new link that confirms with the name first given', async () => {
    const email = 'tekrar.okur@example.com';
    const asked = await form('/n/teknoloji-notlari/subscribe', { email: ' Tekrar.Okur@Example.com ', name: 'Tekrar Okur' });
    expect(asked.status).toBe(200);
    // Teknoloji Notları's readers read English (its language).
    expect(asked.html).toContain(`We sent the confirmation e-mail to: <strong>${email}</strong>`);
    expect(asked.html).toContain('<button class="button secondary" type="submit">Send the confirmation e-mail again</button>');
    expect(asked.html).toContain('Did you mistype the address? <a href="/n/teknoloji-notlari">Subscribe with another address</a>.');
    const [first] = mailTo(email);
    expect(mailTo(email)).toHaveLength(1);

    const resent = await form('/n/teknoloji-notlari/subscribe/resend', { token: resendTokenOf(asked.html) });
    expect(resent.status).toBe(200);
    expect(resent.type).toContain('text/html');
    expect(resent.html).toContain(`We sent the confirmation e-mail again to: <strong>${email}</strong>`);
    // The e-mail arrives again: a confirmation with a link of its own.
    const mails = mailTo(email);
    expect(mails).toHaveLength(2);
    const again = mails.find((message) => message.id !== first!.id)!;
    expect(again.subject).toBe('Teknoloji Notları: confirm your subscription');
    expect(again.html).toContain('Hello Tekrar Okur,');
    expect(confirmPath(again)).not.toBe(confirmPath(first!));
    // The answer to a resend can send again too (its own token).
    expect(resendTokenOf(resent.html)).not.toBe(resendTokenOf(asked.html));

    expect((await page(confirmPath(again))).status).toBe(200);
    expect(await subscriberOf(ids.tech, email)).toMatchObject({ email, name: 'Tekrar Okur', source: 'web' });
    // The first link still works, and changes nothing more.
    expect((await page(confirmPath(first!))).status).toBe(200);
  });

  it('refuses a resend token that is forged or another newsletter’s, and mails nobody', async () => {
    const email = 'baska.bulten@example.com';
    const asked = await form('/n/ege-gundem/subscribe', { email, name: 'Başka Bülten' });
    const token = resendTokenOf(asked.html);
    const before = readOutbox(t.dataDir).length;
    const forged = `${token.slice(0, -3)}${token.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    // A subscriber's unsubscribe token, a confirmation token, nothing at all.
    const someone = await db().selectFrom('subscribers').select('id').where('newsletter_id', '=', ids.ege).executeTakeFirstOrThrow();
    const confirmation = confirmPath(mailTo(email)[0]!).split('/').at(-1)!;
    for (const [url, value] of [
      ['/n/kultur-sanat-haftalik/subscribe/resend', token],
      ['/n/ege-gundem/subscribe/resend', forged],
      ['/n/ege-gundem/subscribe/resend', t.server.context.links.sign(someone.id)],
      ['/n/ege-gundem/subscribe/resend', confirmation],
      ['/n/ege-gundem/subscribe/resend', ''],
    ] as const) {
      const answer = await form(url, { token: value });
      expect(answer.status, `${url} ${value}`).toBe(422);
      expect(answer.html).toContain('Bu yeniden gönderme isteği geçerli değil.');
      // The way on: the subscribe form itself.
      expect(answer.html).toContain('<form class="signup"');
    }
    expect(readOutbox(t.dataDir)).toHaveLength(before);
    expect((await form('/n/olmayan-bulten/subscribe/resend', { token })).status).toBe(404);
  });

  it(`counts a resend as a subscribe request: ${constants.audience.confirmationCap.emails} e-mails to an address at most, 429 past the client address's limit`, async () => {
    const client = '203.0.113.77';
    const email = 'israrci.okur@example.com';
    // Another address's token, asked from elsewhere: its mailbox is far from the cap.
    const other = 'baska.istemci@example.com';
    const otherToken = resendTokenOf((await form('/n/kultur-sanat-haftalik/subscribe', { email: other })).html);
    const first = await form('/n/kultur-sanat-haftalik/subscribe', { email, name: 'Israrcı' }, client);
    expect(first.status).toBe(200);
    let token = resendTokenOf(first.html);
    for (let n = 1; n < subscribeLimit.failures; n++) {
      const answer = await form('/n/kultur-sanat-haftalik/subscribe/resend', { token }, client);
      // The same answer past the address's cap: the page tells nobody how many went.
      expect(answer.status, `resend ${n}`).toBe(200);
      expect(answer.html).toContain(`Onay e-postasını yeniden gönderdik: <strong>${email}</strong>`);
      token = resendTokenOf(answer.html);
    }
    expect(mailTo(email)).toHaveLength(constants.audience.confirmationCap.emails);
    for (const value of [token, otherToken]) {
      const refused = await form('/n/kultur-sanat-haftalik/subscribe/resend', { token: value }, client);
      expect(refused.status).toBe(429);
      expect(refused.html).toContain('Çok fazla deneme yapıldı');
    }
    expect(mailTo(email)).toHaveLength(constants.audience.confirmationCap.emails);
    expect(mailTo(other)).toHaveLength(1);
    // From another client address the same token sends.
    expect((await form('/n/kultur-sanat-haftalik/subscribe/resend', { token: otherToken })).status).toBe(200);
    expect(mailTo(other)).toHaveLength(2);
  });

  it('answers 404 for a forged, unknown or mismatched confirmation link, and for a forged unsubscribe link', async () => {
    const email = 'sahte.link@example.com';
    await form('/n/kultur-sanat-haftalik/subscribe', { email, name: 'Sahte Link' });
    const path = confirmPath(mailTo(email)[0]!);
    const forged = `${path.slice(0, -3)}${path.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    for (const url of [forged, '/n/kultur-sanat-haftalik/confirm/abc.def', path.replace('kultur-sanat-haftalik', 'sabah-bulteni')]) {
      const answer = await page(url);
      expect(answer.status, url).toBe(404);
      expect(answer.html).toContain('Bu onay bağlantısı geçerli değil ya da süresi dolmuş.');
    }
    // A subscriber's unsubscribe token is no confirmation, nor the reverse.
    const someone = await db().selectFrom('subscribers').select('id').where('newsletter_id', '=', ids.culture).executeTakeFirstOrThrow();
    expect((await page(`/n/kultur-sanat-haftalik/confirm/${t.server.context.links.sign(someone.id)}`)).status).toBe(404);
    expect((await page(`/u/${path.split('/').at(-1)}`)).status).toBe(404);
    // A character of the signature changed (not its last: that one also carries bits the decoding drops).
    const signed = t.server.context.links.sign(someone.id);
    const at = signed.length - 5;
    expect((await page(`/u/${signed.slice(0, at)}${signed[at] === 'A' ? 'B' : 'A'}${signed.slice(at + 1)}`)).status).toBe(404);
    expect(await subscriberOf(ids.culture, email)).toBeUndefined();
  });

  it('answers 404 for an expired confirmation link', async () => {
    const email = 'gec.kalan@example.com';
    await form('/n/kultur-sanat-haftalik/subscribe', { email, name: 'Geç Kalan' });
    await db()
      .updateTable('subscription_requests')
      .set({ expires_at: new Date(clock.ms() - 1000) })
      .where('email', '=', email)
      .execute();
    expect((await page(confirmPath(mailTo(email)[0]!))).status).toBe(404);
    expect(await subscriberOf(ids.culture, email)).toBeUndefined();
  });

  it('shows the unsubscribe page with the four preset reasons and other with a text field', async () => {
    const subscriber = await subscribeByForm('ege-gundem', ids.ege, 'sayfa.okuru@example.com');
    const { status, html } = await page(`/u/${t.server.context.links.sign(subscriber.id)}`);
    expect(status).toBe(200);
    const choices = [...html.matchAll(/<input type="radio" name="reason" value="([^"]+)">/g)].map((match) => match[1]);
    expect(choices).toEqual([...cancellationReasons, otherReason].map((reason) => reason.replace(/'/g, '&#39;')));
    expect(html).toContain(`<input type="text" name="other" maxlength="${constants.audience.reasonMaxLength}"`);
    expect(html).toContain('Abonelikten çık</button>');
    expect(html).toContain('sayfa.okuru@example.com adresine gönderilen bu bültenden çıkmak istiyor musunuz?');
  });

  it('ends a subscription with a preset reason, a typed other reason or an empty other, as cancellations of source email', async () => {
    // The page posts its text field always; no choice made is 'other' too.
    const cases: { email: string; fields: Record<string, string>; stored: string }[] = [
      { email: 'hazir.neden@example.com', fields: { reason: cancellationReasons[1]!, other: '' }, stored: cancellationReasons[1]! },
      { email: 'yazili.neden@example.com', fields: { reason: otherReason, other: '  Bölgemle ilgili haber azaldı  ' }, stored: 'Bölgemle ilgili haber azaldı' },
      { email: 'bos.diger@example.com', fields: { reason: otherReason, other: '' }, stored: otherReason },
      { email: 'secimsiz@example.com', fields: { other: '' }, stored: otherReason },
    ];
    let lastGone = '';
    for (const { email, fields, stored } of cases) {
      const subscriber = await subscribeByForm('ege-gundem', ids.ege, email);
      const count = await storedCount(ids.ege);
      const answer = await form(`/u/${t.server.context.links.sign(subscriber.id)}`, fields);
      expect(answer.status, email).toBe(200);
      expect(answer.html).toContain('Aboneliğiniz sona erdi.');
      expect(await subscriberOf(ids.ege, email)).toBeUndefined();
      expect(await storedCount(ids.ege)).toBe(count - 1);
      const [latest] = await recentCancellations(ids.ege);
      // Named as the subscription rows name them (their address), with their name (issue 30).
      expect(latest).toEqual({ subscriber_id: email, name: 'Deniz Okur', reason: stored, date: expect.stringMatching(dateTime), source: 'email' });
      lastGone = subscriber.id;
      expect(Math.abs(new Date(`${latest!.date.replace(' ', 'T')}Z`).getTime() - clock.ms())).toBeLessThan(60_000);
    }
    // Newest first.
    const rows = await recentCancellations(ids.ege);
    expect(rows.slice(0, 4).map((row) => row.reason)).toEqual(cases.map((entry) => entry.stored).reverse());
    expect(await dailyCount(ids.ege, 'unsubscription', 'email')).toBeGreaterThanOrEqual(4);
    // The link of an ended subscription leads nowhere.
    expect((await form(`/u/${t.server.context.links.sign(lastGone)}`, { reason: otherReason })).status).toBe(404);
  });

  it('cuts a typed reason to its longest length', async () => {
    const subscriber = await subscribeByForm('ege-gundem', ids.ege, 'uzun.neden@example.com');
    await form(`/u/${t.server.context.links.sign(subscriber.id)}`, { reason: otherReason, other: 'ç'.repeat(constants.audience.reasonMaxLength + 50) });
    expect((await recentCancellations(ids.ege))[0]!.reason).toBe('ç'.repeat(constants.audience.reasonMaxLength));
  });

  it("ends a subscription with one click (RFC 8058), or a POST with no fields, kept as 'other'", async () => {
    for (const [email, payload] of [
      ['tek.tik@example.com', 'List-Unsubscribe=One-Click'],
      ['bos.gonderi@example.com', ''],
    ] as const) {
      const subscriber = await subscribeByForm('ege-gundem', ids.ege, email);
      const answer = await form(`/u/${t.server.context.links.sign(subscriber.id)}`, payload);
      expect(answer.status).toBe(200);
      expect(await subscriberOf(ids.ege, email)).toBeUndefined();
      expect((await recentCancellations(ids.ege))[0]).toMatchObject({ subscriber_id: email, name: 'Deniz Okur', reason: otherReason, source: 'email' });
    }
  });

  it('ends a subscription from an app with its source and reason', async () => {
    const subscriber = await subscribeByForm('ege-gundem', ids.ege, 'uygulamadan.ayrilan@example.com');
    const token = t.server.context.links.sign(subscriber.id);
    const answer = await t.request('POST', '/api/subscribers/unsubscribe', { body: { token, source: 'android', reason: cancellationReasons[3] } });
    expect(answer).toEqual({ status: 200, body: { data: { status: 'unsubscribed' }, msg: expect.any(String) } });
    expect((await recentCancellations(ids.ege))[0]).toMatchObject({ subscriber_id: subscriber.email, reason: cancellationReasons[3], source: 'android' });
    expect((await t.request('POST', '/api/subscribers/unsubscribe', { body: { token, source: 'android' } })).status).toBe(404);
    expect((await t.request('POST', '/api/subscribers/unsubscribe', { body: { token: 'abc.def', source: 'ios' } })).status).toBe(404);
  });

  it('never adds an address that left again by a CSV import; its own confirmed subscription does', async () => {
    const email = 'geri.gelmez@example.com';
    const subscriber = await subscribeByForm('ege-gundem', ids.ege, email);
    await form(`/u/${t.server.context.links.sign(subscriber.id)}`, { reason: cancellationReasons[0]! });
    const { payload, headers } = multipart(
      {},
      {
        field: 'file',
        filename: 'okurlar.csv',
        contentType: 'text/csv',
        content: Buffer.from(`email,name\n${email.toUpperCase()},Geri Gelmez\nbaska.biri@example.com,Başka Biri\n`),
      },
    );
    const response = await t.server.app.inject({
      method: 'POST',
      url: `/api/newsletters/list/${ids.ege}/subscriptions/import`,
      headers: { authorization: `Bearer ${egeDirector}`, ...headers },
      payload,
    });
    expect(JSON.parse(response.body), response.body).toMatchObject({ data: { imported: 1, skipped: 1 } });
    expect(await subscriberOf(ids.ege, email)).toBeUndefined();
    // The import's row is a subscription event of unknown source.
    const imported = await subscriberOf(ids.ege, 'baska.biri@example.com');
    expect(imported.source).toBe('');
    expect(await eventsOf(imported.id)).toMatchObject([{ type: 'subscription', source: '' }]);

    const back = await subscribeByForm('ege-gundem', ids.ege, email);
    expect(back).toMatchObject({ email, source: 'web' });
    const suppressed = await db().selectFrom('unsubscribed').selectAll().where('newsletter_id', '=', ids.ege).where('email', '=', email).execute();
    expect(suppressed).toEqual([]);
  });

  it('answers the series by day, week and month, by source or not, from the rollup (demo data included)', async () => {
    const endAt = clock.now();
    const startAt = new Date(endAt.getTime() - 365 * dayMs);
    const newsletterIds = [ids.morning, ids.tech];
    const { rows: events } = await sql<{ type: string; source: string; n: number }>`
      select type, source, count(*)::integer as n from subscription_events
      where newsletter_id = any(${newsletterIds}::text[]) and (created_at at time zone 'UTC')::date >= ${startAt.toISOString().slice(0, 10)}::date
      group by 1, 2`.execute(t.server.database.db);
    const expected = (type: string, source?: string) =>
      events.filter((row) => row.type === type && (source === undefined || row.source === source)).reduce((sum, row) => sum + row.n, 0);
    expect(expected('unsubscription')).toBeGreaterThan(0);

    for (const span of ['day', 'week', 'month'] as const) {
      const plain = await subscriptionSeries(t.server.database.db, { newsletterIds, startAt, endAt, span, bySource: false });
      const bySource = await subscriptionSeries(t.server.database.db, { newsletterIds, startAt, endAt, span, bySource: true });
      for (const row of plain) {
        expect(row).toEqual({
          date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
          type: expect.stringMatching(/^(un)?subscription$/),
          source: null,
          count: row.unique,
          unique: expect.any(Number),
        });
        const day = new Date(`${row.date}T00:00:00Z`);
        if (span === 'week') expect(day.getUTCDay(), row.date).toBe(1);
        if (span === 'month') expect(day.getUTCDate(), row.date).toBe(1);
      }
      const sum = (rows: typeof plain, type: string, source?: string | null) =>
        rows.filter((row) => row.type === type && (source === undefined || row.source === source)).reduce((total, row) => total + row.count, 0);
      for (const type of ['subscription', 'unsubscription']) {
        expect(sum(plain, type), `${span} ${type}`).toBe(expected(type));
        expect(sum(bySource, type), `${span} ${type} by source`).toBe(expected(type));
        for (const source of ['email', 'web', 'ios', 'android']) expect(sum(bySource, type, source), `${span} ${type} ${source}`).toBe(expected(type, source));
        expect(sum(bySource, type, null)).toBe(expected(type, ''));
      }
      // One row per span, type and source; spans in order.
      const keys = bySource.map((row) => `${row.date} ${row.type} ${row.source}`);
      expect(new Set(keys).size).toBe(keys.length);
      expect(plain.map((row) => row.date)).toEqual([...plain.map((row) => row.date)].sort());
    }
    const bySource = await subscriptionSeries(t.server.database.db, { newsletterIds, startAt, endAt, span: 'month', bySource: true });
    expect(new Set(bySource.filter((row) => row.type === 'subscription').map((row) => row.source))).toEqual(new Set(['email', 'web', 'ios', 'android', null]));
    expect(new Set(bySource.filter((row) => row.type === 'unsubscription').map((row) => row.source))).toEqual(new Set(['email', 'web', 'ios', 'android']));
    // A window of one day counts that day only; no newsletters, nothing.
    const lastDay = await subscriptionSeries(t.server.database.db, { newsletterIds: [ids.morning], startAt: endAt, endAt, span: 'day', bySource: false });
    expect(new Set(lastDay.map((row) => row.date))).toEqual(new Set([endAt.toISOString().slice(0, 10)]));
    expect(await subscriptionSeries(t.server.database.db, { newsletterIds: [], startAt, endAt, span: 'day', bySource: true })).toEqual([]);
  });

  it('has demo cancellations over the year with every preset reason, typed others, and some this week', async () => {
    const endAt = clock.now();
    const year = await cancellations(t.server.database.db, {
      newsletterIds: [ids.morning],
      startAt: new Date(endAt.getTime() - 365 * dayMs),
      endAt,
      limit: 5000,
    });
    expect(year.length).toBeGreaterThan(100);
    const reasons = new Set(year.map((row) => row.reason));
    for (const reason of [...cancellationReasons, otherReason]) expect(reasons, reason).toContain(reason);
    expect([...reasons].filter((reason) => ![...cancellationReasons, otherReason].includes(reason)).length).toBeGreaterThan(0);
    for (const row of year)
      expect(row).toEqual({
        subscriber_id: expect.stringMatching(/^[^@\s]+@[^@\s]+$/),
        name: expect.stringMatching(/\S/),
        reason: expect.any(String),
        date: expect.stringMatching(dateTime),
        source: expect.any(String),
      });
    expect(year.map((row) => row.date)).toEqual([...year.map((row) => row.date)].sort().reverse());
    const months = new Set(year.map((row) => row.date.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(6);
    // The current week (from the later of the UTC and Istanbul Mondays).
    const week = await cancellations(t.server.database.db, { newsletterIds: [ids.morning], startAt: new Date(endAt.getTime() - 2 * dayMs), endAt, limit: 100 });
    expect(week.length).toBeGreaterThan(0);
    expect(
      (await cancellations(t.server.database.db, { newsletterIds: [ids.morning], startAt: new Date(endAt.getTime() - 365 * dayMs), endAt, limit: 3 })).length,
    ).toBe(3);
  });

  it('gives the demo subscribers their sources, and keeps addresses that left out of the subscribers', async () => {
    const { rows } = await sql<{
      source: string;
      n: number;
    }>`select source, count(*)::integer as n from subscribers where newsletter_id = ${ids.tech} group by 1`.execute(t.server.database.db);
    const share = (source: string) => (rows.find((row) => row.source === source)?.n ?? 0) / rows.reduce((sum, row) => sum + row.n, 0);
    expect(share('email') + share('web')).toBeGreaterThan(0.6);
    for (const source of ['ios', 'android', '']) expect(share(source), source).toBeGreaterThan(0.02);
    const { rows: overlap } = await sql<{
      n: number;
    }>`select count(*)::integer as n from subscribers s join unsubscribed u on u.newsletter_id = s.newsletter_id and u.email = lower(s.email)`.execute(
      t.server.database.db,
    );
    expect(overlap[0]!.n).toBe(0);
  });
});
