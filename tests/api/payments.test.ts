/**
 * Paid subscriptions through Stripe (issue 33 points 2 to 4, plugins/payments), against the local
 * Stripe stand-in (tests/api/stripe-standin.ts: the real `stripe` package pointed at it, events
 * signed with the package's own helper): a director's keys are sealed and never answered; a
 * director sets the prices, an editor cannot; a signed-in reader goes through Checkout, the
 * webhook makes them a payer, and a premium story is whole for them alone, on its page and in its
 * issue; replayed and forged events change nothing; a failed payment keeps access through the
 * grace period and ends it after.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlErrors } from '../vnu';
import { readOutbox } from '../../core/server/services/mail';
import { premiumStory, readerPages } from './payments-readers';
import { enginesFor, startTestServer, type TestServer } from './server';
import { startStripeStandin, type StripeStandin } from './stripe-standin';

const databases = enginesFor('embedded');

const secretKey = 'sk_test_Masthead0001payments4242';

describe.each(databases)('paid subscriptions on %s', (kind) => {
  let t: TestServer;
  let standin: StripeStandin;
  let director: string;
  let editor: string;
  let morning: { id: string; publisher_id: string };
  let reader: string;
  let freeReader: string;
  let story: { id: string; slug: string };
  /** The premium pages checked by the Nu HTML Checker at the end. */
  const pages: Record<string, string> = {};

  const db = () => t.server.database.db as any;
  const { page, signIn, csrfOf } = readerPages(() => t);
  const subscription = () => db().selectFrom('paid_subscriptions').selectAll().where('email', '=', reader).executeTakeFirst();
  const storyPage = (cookie?: string) => page('GET', `/s/${story.slug}`, { cookie });
  const wholeText = 'Tamamı yalnızca ödeyen okurlara.';

  beforeAll(async () => {
    // Each of Stripe's events is a minute after the one before: their order is in their times.
    let tick = 0;
    const start = Date.now();
    standin = await startStripeStandin({ now: () => new Date(start + tick++ * 60_000) });
    t = await startTestServer(kind, { STRIPE_API_URL: standin.url });
    const address = await t.server.app.listen({ port: 0, host: '127.0.0.1' });
    director = await t.login('director@masthead.local');
    editor = await t.login('editor@masthead.local');
    morning = await db().selectFrom('newsletters').select(['id', 'publisher_id']).where('key', '=', 'sabah-bulteni').executeTakeFirstOrThrow();
    // The account of the key; the server makes its webhook endpoint at its public address, which leads here.
    standin.addAccount({ secretKey, id: 'acct_1SabahYayinlari', businessName: 'Sabah Yayınları' });
    standin.resolve('http://console.test', address);
    // Two subscribers of Sabah Bülteni of the test's own: one will pay, one will not.
    [reader, freeReader] = ['premium.okur@example.com', 'ucretsiz.okur@example.com'];
    await db()
      .insertInto('subscribers')
      .values([reader, freeReader].map((email) => ({ id: randomUUID(), newsletter_id: morning.id, email, name: 'Okur', medium: 'email' })))
      .execute();
    // A published story of Sabah Bülteni, premium, with a paragraph a teaser never shows.
    story = await premiumStory(db(), morning.id, 'İlk paragraf herkes için.', wholeText);
  });
  afterAll(async () => {
    await t?.close();
    await standin?.close();
  });

  it("connects a director's Stripe account with one key, sealed, and answers only a hint", async () => {
    const before = await t.request('GET', '/api/payments/account', { token: director });
    expect(before.body.data).toMatchObject({ configured: false, secretKeyHint: null, account: null });
    const none = await t.request('PUT', '/api/payments/account', { token: director, body: {} });
    expect(none.status).toBe(422);
    expect(none.body.details[0]).toEqual({ path: 'secretKey', message: 'Enter the secret key.' });
    const wrong = await t.request('PUT', '/api/payments/account', { token: director, body: { secretKey: 'pk_test_123456789' } });
    expect(wrong.status).toBe(422);
    expect(JSON.stringify(wrong.body)).toContain('Enter a Stripe secret key');
    const saved = await t.request('PUT', '/api/payments/account', { token: director, body: { secretKey } });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      configured: true,
      secretKeyHint: 'sk_test_…4242',
      webhookUrl: `http://console.test/api/payments/webhook/${morning.publisher_id}`,
      account: { id: 'acct_1SabahYayinlari', name: 'Sabah Yayınları', mode: 'test' },
      webhookEndpoint: 'created',
    });
    expect(JSON.stringify(saved.body)).not.toContain(secretKey);
    const [endpoint] = standin.webhookEndpoints(secretKey);
    const stored = await db().selectFrom('payment_accounts').selectAll().executeTakeFirstOrThrow();
    expect(stored.webhook_endpoint_id).toBe(endpoint!.id);
    expect(stored.secret_key_sealed).not.toContain(secretKey.slice(8));
    expect(stored.webhook_secret_sealed).not.toContain('whsec_');
    expect((await t.request('PUT', '/api/payments/account', { token: editor, body: { secretKey } })).status).not.toBe(200);
  });

  it('lets a director set the prices and an editor only read them', async () => {
    const saved = await t.request('PUT', `/api/payments/plans/${morning.id}`, { token: director, body: { currency: 'try', monthly: 4900, yearly: 49000 } });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ available: true, currency: 'try', monthly: 4900, yearly: 49000 });
    expect(
      (await t.request('PUT', `/api/payments/plans/${morning.id}`, { token: director, body: { currency: 'try', monthly: 50, yearly: null } })).status,
    ).toBe(422);
    expect(
      (await t.request('PUT', `/api/payments/plans/${morning.id}`, { token: editor, body: { currency: 'try', monthly: 100, yearly: null } })).status,
    ).not.toBe(200);
    expect((await t.request('GET', `/api/payments/plans/${morning.id}`, { token: editor })).body.data.monthly).toBe(4900);
  });

  it('shows a premium story as its teaser with the way to the plans to everyone who does not pay', async () => {
    const anonymous = await storyPage();
    expect(anonymous.status).toBe(200);
    expect(anonymous.html).toContain('Bu yazı abonelere özeldir.');
    expect(anonymous.html).not.toContain(wholeText);
    expect(anonymous.html).toContain('href="http://console.test/n/sabah-bulteni/premium"');
    const free = await storyPage(await signIn(freeReader));
    expect(free.html).not.toContain(wholeText);
    const plans = await page('GET', '/n/sabah-bulteni/premium');
    expect(plans.html).toContain('49,00');
    expect(plans.html).toContain('href="/n/sabah-bulteni/signin"');
    expect(plans.html).not.toContain('/premium/checkout');
    pages.plans = plans.html;
  });

  it('says what premium includes, each plan with its price, and what the yearly plan saves against twelve monthly payments', async () => {
    const { status, html } = await page('GET', '/n/sabah-bulteni/premium');
    expect(status).toBe(200);
    expect(html).toContain('<h2>Premium abonelikte neler var?</h2>');
    const includes = /<ul class="includes">(.*?)<\/ul>/.exec(html)![1]!;
    expect(includes).toContain('<li>Premium yazıların tamamını sitede, okur girişinizle, kısaltılmadan okursunuz.</li>');
    expect(includes).toContain('<li>Her sayının e-postası premium yazılarıyla birlikte tam hâliyle gelir.</li>');
    expect(includes).toContain('<li>Aboneliğinizi ve kartınızı kendiniz yönetir, istediğiniz zaman iptal edersiniz.</li>');
    const plans = [...html.matchAll(/<li class="plan">(.*?)<\/li>/g)].map((match) => match[1]!);
    expect(plans).toHaveLength(2);
    expect(plans[0]).toContain('<h3>Aylık</h3><p class="price"><strong>₺49,00</strong> / ay</p>');
    // 490 a year against 12 × 49 = 588: 98 less, two months free, 17 %.
    expect(plans[1]).toContain('<h3>Yıllık</h3><p class="price"><strong>₺490,00</strong> / yıl</p>');
    expect(plans[1]).toContain('<p class="badge">2 ay bedava</p>');
    expect(plans[1]).toContain('<p class="price">Ayda ₺40,83</p>');
    expect(plans[1]).toContain('<p class="saving">12 aylık ödemeye göre yılda ₺98,00 (%17) daha az.</p>');
    // The way to pay, apart from each other: a button to sign in and a link to subscribe free, in a spaced row.
    expect(html).toContain(
      '<div class="actions"><a class="button" href="/n/sabah-bulteni/signin">Okur girişi</a><a class="more" href="/n/sabah-bulteni">Ücretsiz abone ol</a></div>',
    );
    expect(html).toMatch(/\.actions \{ display: flex; flex-wrap: wrap; align-items: center; gap: 12px 20px;/);

    // A saving that is no whole number of months is a share; no saving, no line.
    const prices = async (monthly: number, yearly: number | null) =>
      expect((await t.request('PUT', `/api/payments/plans/${morning.id}`, { token: director, body: { currency: 'try', monthly, yearly } })).status).toBe(200);
    try {
      await prices(4900, 50000);
      const share = await page('GET', '/n/sabah-bulteni/premium');
      expect(share.html).toContain('<p class="badge">%15 tasarruf</p>');
      expect(share.html).toContain('<p class="saving">12 aylık ödemeye göre yılda ₺88,00 (%15) daha az.</p>');
      await prices(4900, 58800);
      const none = await page('GET', '/n/sabah-bulteni/premium');
      expect(none.html).toContain('<strong>₺588,00</strong> / yıl');
      expect(none.html).not.toContain('class="badge"');
      expect(none.html).not.toContain('class="saving"');
      await prices(4900, null);
      const monthlyOnly = await page('GET', '/n/sabah-bulteni/premium');
      expect([...monthlyOnly.html.matchAll(/<li class="plan">/g)]).toHaveLength(1);
      expect(monthlyOnly.html).not.toContain('class="saving"');
    } finally {
      await prices(4900, 49000);
    }
  });

  let cookie: string;
  let sessionId: string;

  it('takes a signed-in reader through Checkout, and the webhook makes them a payer who reads it whole', async () => {
    cookie = await signIn(reader);
    // The account offers the plans under the newsletter.
    const offered = await page('GET', '/n/sabah-bulteni/account', { cookie });
    expect(offered.html).toMatch(/Premium abonelik: [^<]+<a class="more" href="\/n\/sabah-bulteni\/premium">Planları görün<\/a>/);
    const plans = await page('GET', '/n/sabah-bulteni/premium', { cookie });
    expect(plans.html).toContain('Aylık abone ol');
    expect(plans.html).toContain('Yıllık abone ol');
    // Each plan's button in the plan's own card, so that the two never touch.
    const cards = [...plans.html.matchAll(/<li class="plan">(.*?)<\/li>/g)].map((match) => match[1]!);
    expect(cards[0]).toMatch(
      /<form method="post" action="\/n\/sabah-bulteni\/premium\/checkout">.*<button class="button" type="submit">Aylık abone ol<\/button><\/form>$/,
    );
    expect(cards[1]).toMatch(/<p class="badge">2 ay bedava<\/p>.*<button class="button" type="submit">Yıllık abone ol<\/button><\/form>$/);
    pages.plansSignedIn = plans.html;
    // Its forms may end at Checkout and the portal (CSP form-action), as no other page's may.
    expect(plans.headers['content-security-policy']).toContain(`form-action 'self' https://checkout.stripe.com https://billing.stripe.com ${standin.url}`);
    expect((await page('GET', '/n/sabah-bulteni/signin')).headers['content-security-policy']).toContain("form-action 'self';");
    // Without the page's token nothing starts.
    expect((await page('POST', '/n/sabah-bulteni/premium/checkout', { cookie, form: { plan: 'monthly', csrf: 'x' } })).status).toBe(403);
    const checkout = await page('POST', '/n/sabah-bulteni/premium/checkout', { cookie, form: { plan: 'monthly', csrf: csrfOf(plans.html) } });
    expect(checkout.status).toBe(303);
    expect(checkout.headers.location).toMatch(new RegExp(`^${standin.url}/checkout/cs_test_`));
    sessionId = String(checkout.headers.location).split('/').pop()!;
    const created = standin.requests.find((request) => request.path === '/v1/checkout/sessions')!;
    expect(created.authorization).toBe(`Bearer ${secretKey}`);
    expect(created.form).toMatchObject({
      mode: 'subscription',
      customer_email: reader,
      metadata: { newsletterId: morning.id, plan: 'monthly', email: reader },
    });

    const earnings = async () => {
      const now = new Date();
      const startAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
      const query = new URLSearchParams({ startAt, endAt: new Date(now.getTime() + 86_400_000).toISOString(), span: 'month' });
      const answer = await t.request('GET', `/api/payments/earnings?${query}`, { token: director });
      expect(answer.status).toBe(200);
      return (answer.body.data.currencies as { currency: string; mrr: number; paying: number; periods: { revenue: number; started: number }[] }[]).find(
        (entry) => entry.currency === 'try',
      );
    };
    const earnedBefore = await earnings();
    const deliveries = await standin.pay(sessionId);
    expect(deliveries.map((delivery) => [delivery.event.type, delivery.status])).toEqual([
      ['checkout.session.completed', 200],
      ['customer.subscription.created', 200],
      ['invoice.paid', 200],
    ]);
    expect(deliveries.every((delivery) => JSON.parse(delivery.body).data.applied)).toBe(true);
    expect(await subscription()).toMatchObject({ status: 'active', plan: 'monthly', amount: 4900, currency: 'try', newsletter_id: morning.id });
    const paid = await db()
      .selectFrom('payments')
      .selectAll()
      .where('subscription_id', '=', (await subscription()).id)
      .execute();
    expect(paid.map((row: { amount: number }) => row.amount)).toEqual([4900]);

    // Earnings counts what the events said: one more payer, her monthly price in MRR and in this month's revenue.
    const earned = await earnings();
    expect(earned!.paying).toBe((earnedBefore?.paying ?? 0) + 1);
    expect(earned!.mrr).toBe((earnedBefore?.mrr ?? 0) + 4900);
    const revenue = (entry: typeof earned) => (entry?.periods ?? []).reduce((sum, period) => sum + period.revenue, 0);
    expect(revenue(earned)).toBe(revenue(earnedBefore) + 4900);

    const whole = await storyPage(cookie);
    expect(whole.html).toContain(wholeText);
    expect(whole.html).not.toContain('Bu yazı abonelere özeldir.');
    expect(whole.headers['cache-control']).toBe('private, no-cache');
    expect((await storyPage()).html).not.toContain(wholeText);
    // The account says so, with the way to manage it.
    const account = await page('GET', '/n/sabah-bulteni/account', { cookie });
    expect(account.html).toMatch(/Premium aboneliğiniz etkin \(aylık plan, [^)]+\)\. <a class="more" href="\/n\/sabah-bulteni\/premium">Aboneliği yönet<\/a>/);
    const after = await page('GET', '/n/sabah-bulteni/premium?checkout=done', { cookie });
    expect(after.html).toContain('Premium aboneliğiniz etkin');
    expect(after.html).toContain('Aboneliği yönet');
    // A payer sees the plans without their buttons.
    expect(after.html).not.toContain('/premium/checkout');
    pages.plansPaying = after.html;
    const portal = await page('POST', '/n/sabah-bulteni/premium/portal', { cookie, form: { csrf: csrfOf(after.html) } });
    expect(portal.status).toBe(303);
    expect(portal.headers.location).toMatch(new RegExp(`^${standin.url}/portal/bps_`));
  });

  it("gives a premium bullet whole in its issue's page and e-mail to the payer alone, and never to the feed or the API", async () => {
    const admin = await t.login('admin@masthead.local');
    const scoped = (await t.request('PUT', '/api/auth/scope', { token: admin, body: { publisher: morning.publisher_id } })).body.data;
    // The issue ready to test-send, with its first bullet premium.
    const issue = await db()
      .selectFrom('issues')
      .select(['id', 'slug', 'channels'])
      .where('newsletter_id', '=', morning.id)
      .where('key', 'like', '%-sabah-bulteni-hazir')
      .executeTakeFirstOrThrow();
    const ids = (issue.channels as { stories: string[] }[]).flatMap((channel) => channel.stories);
    const bullet = await db()
      .selectFrom('stories')
      .select(['id', 'body_html'])
      .where('id', 'in', ids)
      .where('type', '=', 'bullet')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const bulletWhole = 'Bu cümle yalnızca ödeyen okurların kopyasında.';
    await db()
      .updateTable('stories')
      .set({ is_premium: true, body_html: `<p>Herkesin okuduğu ilk cümle, biraz uzun tutuldu ki kısaltma görünsün.</p><p>${bulletWhole}</p>` })
      .where('id', '=', bullet.id)
      .execute();
    // The two readers are the issue's only e-mail readers here: the send takes a moment, not a minute.
    await db().deleteFrom('subscribers').where('newsletter_id', '=', morning.id).where('email', 'not in', [reader, freeReader]).execute();
    const publishOptions = { test: true, publishOnly: false, overridePublishedAt: false, mediums: { email: true, notification: false } };
    // Tested first, as every issue is.
    expect((await t.request('POST', `/api/issues/publish/${issue.id}`, { token: scoped, body: { publishOptions } })).status).toBe(200);
    const published = await t.request('POST', `/api/issues/publish/${issue.id}`, {
      token: scoped,
      body: { publishedAt: new Date().toISOString(), publishOptions: { ...publishOptions, test: false } },
    });
    expect(published.status).toBe(200);
    const mailTo = (email: string) => readOutbox(t.dataDir).find((message) => message.to === email && message.subject.includes('Metro'));
    await expect.poll(() => Boolean(mailTo(reader) && mailTo(freeReader)), { timeout: 100_000 }).toBe(true);
    expect(mailTo(reader)!.html).toContain(bulletWhole);
    expect(mailTo(reader)!.text).toContain(bulletWhole);
    expect(mailTo(freeReader)!.html).not.toContain(bulletWhole);
    expect(mailTo(freeReader)!.text).not.toContain(bulletWhole);
    expect(mailTo(freeReader)!.html).toContain('Bu yazı abonelere özeldir.');
    // Its button to the plans (a tracked link, as every link of the e-mail).
    expect(mailTo(freeReader)!.html).toContain('Abone olun, tamamını okuyun');
    expect(mailTo(freeReader)!.text).toContain('Abone olun, tamamını okuyun');

    const issuePage = (cookie?: string) => page('GET', `/i/${issue.slug}`, { cookie });
    const paid = await issuePage(cookie);
    expect(paid.html).toContain(bulletWhole);
    expect(paid.headers['cache-control']).toBe('private, no-store');
    const anonymous = await issuePage();
    expect(anonymous.html).not.toContain(bulletWhole);
    expect(anonymous.html).toContain('Bu yazı abonelere özeldir.');
    expect(anonymous.headers['cache-control']).toBe('public, max-age=60');
    // A free subscriber, signed in, gets what everyone gets: on the issue page, in the feed, and nothing from the API.
    const free = await signIn(freeReader);
    const freePage = await issuePage(free);
    expect(freePage.html).not.toContain(bulletWhole);
    expect(freePage.html).toContain('Bu yazı abonelere özeldir.');
    expect((await page('GET', '/n/sabah-bulteni/rss.xml', { cookie: free })).html).not.toContain(bulletWhole);
    expect((await t.server.app.inject({ method: 'GET', url: `/api/stories/list/${story.id}`, headers: { cookie: free } })).statusCode).toBe(401);
    // The feed is everyone's: no premium text in it, whoever asks.
    const feed = await page('GET', '/n/sabah-bulteni/rss.xml', { cookie });
    expect(feed.status).toBe(200);
    expect(feed.html).not.toContain(bulletWhole);
    expect(feed.html).not.toContain(wholeText);
    // The reader's cookie opens nothing in the API.
    const api = await t.server.app.inject({ method: 'GET', url: `/api/stories/list/${story.id}`, headers: { cookie } });
    expect(api.statusCode).toBe(401);
  }, 120_000);

  it('changes nothing for an event delivered again, and refuses forged ones', async () => {
    const counts = async () => ({
      events: (await db().selectFrom('stripe_events').select(db().fn.countAll().as('n')).executeTakeFirst()).n,
      payments: (await db().selectFrom('payments').select(db().fn.countAll().as('n')).executeTakeFirst()).n,
    });
    const before = await counts();
    const paidEvent = standin.deliveries.find((delivery) => delivery.event.type === 'invoice.paid')!;
    const [again] = await standin.redeliver(paidEvent.event.id);
    expect(again!.status).toBe(200);
    expect(JSON.parse(again!.body).data.applied).toBe(false);
    expect(await counts()).toEqual(before);

    const forged = await standin.sendRaw(paidEvent.payload, standin.sign(paidEvent.payload, 'whsec_SomebodyElse000'));
    expect(forged.status).toBe(401);
    const tampered = paidEvent.payload.replace(paidEvent.event.id, 'evt_forged');
    expect(tampered).not.toBe(paidEvent.payload);
    expect((await standin.sendRaw(tampered, paidEvent.signature)).status).toBe(401);
    expect((await standin.sendRaw(paidEvent.payload, '')).status).toBe(401);
    expect(await counts()).toEqual(before);
    // A publisher without keys has no webhook.
    const other = await db().selectFrom('publishers').select('id').where('id', '!=', morning.publisher_id).executeTakeFirst();
    if (other) expect((await t.request('POST', `/api/payments/webhook/${other.id}`, { body: paidEvent.event })).status).toBe(404);
  });

  it('keeps access through the grace period of a failed payment and ends it after', async () => {
    const { id } = await subscription();
    const failed = await standin.failPayment(id);
    expect(failed.map((delivery) => delivery.status)).toEqual([200, 200]);
    expect(await subscription()).toMatchObject({ status: 'past_due' });
    expect((await subscription()).payment_failed_at).not.toBeNull();
    expect((await storyPage(cookie)).html).toContain(wholeText);
    expect((await page('GET', '/n/sabah-bulteni/premium', { cookie })).html).toContain('Son ödemeniz alınamadı');
    await standin.endGrace(id);
    expect(await subscription()).toMatchObject({ status: 'canceled' });
    expect((await subscription()).ended_at).not.toBeNull();
    const ended = await storyPage(cookie);
    expect(ended.html).not.toContain(wholeText);
    expect(ended.html).toContain('Bu yazı abonelere özeldir.');
    // An older event arriving late does not bring the subscription back.
    const created = standin.deliveries.find((delivery) => delivery.event.type === 'customer.subscription.created')!;
    await db().deleteFrom('stripe_events').where('id', '=', created.event.id).execute();
    await standin.redeliver(created.event.id);
    expect(await subscription()).toMatchObject({ status: 'canceled' });
  });

  it('passes the Nu HTML Checker on the premium page: to anyone, to a signed-in reader, to a payer', async () => {
    expect(Object.keys(pages).sort()).toEqual(['plans', 'plansPaying', 'plansSignedIn']);
    const errors = await htmlErrors(pages);
    expect(Object.fromEntries(Object.entries(errors).filter(([, found]) => found.length > 0))).toEqual({});
  }, 60_000);
});
