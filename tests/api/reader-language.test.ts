/**
 * What readers see speaks the newsletter's language (issue 55 point 1, docs/decisions/0055): the
 * reader pages (the subscribe answers, the thank-you page, the unsubscribe page, the sign-in, the
 * premium page, an issue's and a story's page, a 404 in the newsletter's look) and the e-mails (the
 * confirmation, the welcome's footer, an issue's e-mail) of the demo's Turkish newsletter and of its
 * English one, each with its `<html lang>`, its words, its month names and its number separators,
 * and none of the other language's words: the check is made of the reader words' catalogs
 * (core/server/reader-words.ts and every part's reader-words.tr.ts), which it also checks as
 * tests/unit/words.test.ts checks the console's.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox, type OutboxEntry } from '../../core/server/services/mail';
import type { Issue } from '../../schemas/generated/entities/issue';
import type { Story } from '../../schemas/generated/entities/story';
import { startTestServer, until, type TestServer } from './server';
import { startStripeStandin, type StripeStandin } from './stripe-standin';

const root = join(import.meta.dirname, '../..');
const browser = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

// ---- the catalogs ------------------------------------------------------------------------------

/** The folders whose code speaks to readers: the core's server and each plugin's server (with its shared files). */
const parts = [
  { name: 'core', dir: join(root, 'core/server'), catalog: join(root, 'core/server/reader-words.tr.ts') },
  ...readdirSync(join(root, 'plugins')).map((name) => ({
    name,
    dir: join(root, 'plugins', name, 'server'),
    catalog: join(root, 'plugins', name, 'server/reader-words.tr.ts'),
  })),
].filter((part) => exists(part.dir));

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourcesUnder(path);
    return /\.ts$/.test(name) && !/^reader-words(\.\w+)?\.ts$/.test(name) ? [path] : [];
  });
}

/** The literal text of every `readerText(lang, '…')` (the first argument any expression without a comma). */
function literalTexts(source: string): string[] {
  const call = /\breaderText\(\s*[^,()]+,\s*(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\$]|\\.)*)`)/g;
  return [...source.matchAll(call)].map((match) => (match[1] ?? match[2] ?? match[3] ?? '').replace(/\\(['"`\\])/g, '$1'));
}

type Catalog = Record<string, string>;
async function catalogOf(file: string): Promise<Catalog> {
  return exists(file) ? ((await import(file)) as { default: Catalog }).default : {};
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe("the readers' words", () => {
  it('every literal text a part puts through readerText has its Turkish, in the part or the core', async () => {
    const core = await catalogOf(parts[0]!.catalog);
    const missing: string[] = [];
    let seen = 0;
    for (const part of parts) {
      const own = part.name === 'core' ? {} : await catalogOf(part.catalog);
      for (const file of sourcesUnder(part.dir)) {
        for (const text of literalTexts(readFileSync(file, 'utf8'))) {
          seen++;
          if (!(text in own) && !(text in core)) missing.push(`${relative(root, file)}: ${JSON.stringify(text)}`);
        }
      }
    }
    expect(seen).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });

  it('a translation keeps the placeholders of its text; a part does not write again what the core has, nor another Turkish for a text', async () => {
    const core = await catalogOf(parts[0]!.catalog);
    const wrong: string[] = [];
    const turkishOf = new Map<string, string>();
    for (const part of parts) {
      const words = await catalogOf(part.catalog);
      for (const [text, turkish] of Object.entries(words)) {
        if (!turkish.trim() || placeholders(turkish).join() !== placeholders(text).join()) wrong.push(`${part.name}: ${JSON.stringify(text)}`);
        if (part.name !== 'core' && text in core) wrong.push(`${part.name} repeats the core's ${JSON.stringify(text)}`);
        if (turkishOf.has(text) && turkishOf.get(text) !== turkish) wrong.push(`${part.name}: another Turkish for ${JSON.stringify(text)}`);
        turkishOf.set(text, turkish);
      }
    }
    expect(wrong).toEqual([]);
  });
});

// ---- the check of a page or an e-mail ----------------------------------------------------------

type Lang = 'tr' | 'en';

/** The fixed parts of a catalog text around its placeholders, as words to look for ('{price} a month' → 'a month'). */
const fragmentsOf = (text: string) =>
  text
    .split(/\{\w+\}/)
    .map((piece) => piece.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((piece) => piece.length >= 2);

/** Each language's words (the catalogs' English texts and their Turkish), and its month names. */
async function wordsOfLanguages(): Promise<Record<Lang, string[]>> {
  const english = new Set<string>();
  const turkish = new Set<string>();
  for (const part of parts) {
    for (const [text, translated] of Object.entries(await catalogOf(part.catalog))) {
      for (const fragment of fragmentsOf(text)) english.add(fragment);
      for (const fragment of fragmentsOf(translated)) turkish.add(fragment);
    }
  }
  const months = (locale: string) =>
    Array.from({ length: 12 }, (_, month) => new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2026, month, 15)));
  // A word both languages write alike says nothing of either.
  const shared = new Set([...english].filter((word) => turkish.has(word)));
  return {
    en: [...english].filter((word) => !shared.has(word)).concat(months('en-US')),
    tr: [...turkish].filter((word) => !shared.has(word)).concat(months('tr-TR')),
  };
}

const decode = (text: string) =>
  text
    .replace(/&nbsp;/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** What a reader reads of an HTML document: its title, its text, and the texts of its attributes a reader meets. */
function readableText(html: string): string {
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  const body = html.slice(html.search(/<body\b/)).replace(/<(style|script)\b[\s\S]*?<\/\1>/g, ' ');
  const attributes = [...body.matchAll(/\s(?:alt|placeholder|aria-label|title)="([^"]*)"/g)].map((match) => match[1]);
  return decode([title, ...attributes, body.replace(/<!--[\s\S]*?-->/g, ' ').replace(/<[^>]+>/g, ' ')].join('\n'));
}

/** The words of `words` that stand in `text` as words of their own (not inside a longer one). */
const wordsIn = (text: string, words: string[]) =>
  words.filter((word) => new RegExp(`(?<![\\p{L}\\p{N}])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'u').test(text));

// ---- the pages and e-mails of both newsletters -------------------------------------------------

describe("reader pages and e-mails in their newsletter's language", () => {
  let t: TestServer;
  let standin: StripeStandin;
  let admin: string;
  let director: string;
  let words: Record<Lang, string[]>;
  let nextAddress = 1;
  /** The demo's Turkish newsletter and its English one, with what the test publishes in each. */
  const newsletters: Record<Lang, { key: string; id: string; issue?: Issue; story?: Story }> = {
    tr: { key: 'sabah-bulteni', id: '' },
    en: { key: 'teknoloji-notlari', id: '' },
  };
  const db = () => t.server.database.db as any;

  const call = async (token: string, method: string, url: string, body?: unknown) => {
    const answer = await t.request(method, `/api${url}`, { token, body });
    expect(answer.status, `${method} ${url}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body;
  };
  const get = async (url: string) => {
    const response = await t.server.app.inject({ method: 'GET', url, headers: browser });
    return { status: response.statusCode, html: response.body };
  };
  const post = async (url: string, fields: Record<string, string>) => {
    const response = await t.server.app.inject({
      method: 'POST',
      url,
      remoteAddress: `203.0.113.${nextAddress++}`,
      headers: { ...browser, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    return { status: response.statusCode, html: response.body };
  };
  const mailTo = (email: string): OutboxEntry[] => readOutbox(t.dataDir).filter((message) => message.to === email);

  /** A document speaks `lang`: its `<html lang>`, the texts expected of it, and no word or month of the other language. */
  const expectSpoken = (html: string, lang: Lang, expected: string[]) => {
    expect(html).toMatch(new RegExp(`<html[^>]* lang="${lang}"`));
    const text = readableText(html);
    for (const line of expected) expect(text).toContain(line);
    expect(wordsIn(text, words[lang === 'tr' ? 'en' : 'tr'])).toEqual([]);
  };
  const expectPlainText = (text: string, lang: Lang, expected: string[]) => {
    for (const line of expected) expect(text).toContain(line);
    expect(wordsIn(text, words[lang === 'tr' ? 'en' : 'tr'])).toEqual([]);
  };

  /**
   * Publishes on the web an issue of the newsletter with a premium article, in words of neither
   * language (the demo's own content is Turkish in both newsletters: what people write is theirs).
   */
  async function publishProbe(lang: Lang): Promise<void> {
    const newsletter = newsletters[lang];
    const made: Story = (
      await call(director, 'POST', '/stories/create', {
        newsletter: newsletter.id,
        type: 'article',
        story: { title: `Probe ${lang} 7301`, subtitle: 'Xylo 42', image: '/demo/sabah-bulteni.svg', body: { html: '<p>Zeta 1.</p><p>Zeta 2.</p>' } },
      })
    ).data;
    const story: Story = (await call(director, 'PUT', `/stories/accept/${made._id}`)).data;
    await call(director, 'POST', '/premium/story', { storyId: story._id, isPremium: true });
    const created: Issue = (
      await call(director, 'POST', '/issues/create', { newsletter: newsletter.id, slug: `probe-${lang}`, channelsNew: [{ title: 'Quux', stories: [] }] })
    ).data;
    await db().updateTable('stories').set({ issue_id: created._id }).where('id', '=', story._id).execute();
    const channels = created.channelsNew.map((channel) => (channel.title === 'Quux' ? { ...channel, stories: [story._id] } : channel));
    await call(director, 'PUT', `/issues/update/${created._id}/channels`, { channelsNew: channels });
    await call(director, 'PUT', `/issues/update/${created._id}/edit`, {
      issue: { subject: `Probe ${lang} 7301`, preview: 'Xylo 43', notification: { title: 'Probe', body: 'Xylo' } },
    });
    const publishOptions = (test: boolean) => ({ test, publishOnly: !test, overridePublishedAt: false, mediums: { email: test, notification: false } });
    // Tested first, as every issue is before it is published.
    await call(director, 'POST', `/issues/publish/${created._id}`, { publishOptions: publishOptions(true) });
    await call(admin, 'POST', `/issues/publish/${created._id}`, { publishedAt: new Date().toISOString(), publishOptions: publishOptions(false) });
    const issue = async (): Promise<Issue> => (await call(director, 'GET', `/issues/list/${created._id}`)).data;
    expect(await until(async () => (await issue()).status.published, 60_000)).toBe(true);
    newsletter.issue = await issue();
    newsletter.story = (await call(director, 'GET', `/stories/list/${story._id}`)).data;
  }

  beforeAll(async () => {
    standin = await startStripeStandin();
    [t, words] = await Promise.all([startTestServer('pglite', { PUBLIC_URL: 'http://console.test', STRIPE_API_URL: standin.url }), wordsOfLanguages()]);
    director = await t.login('director@masthead.local');
    // The publisher takes payments: its newsletters' plans (the demo's prices) are offered.
    const keys = { secretKey: 'sk_test_Masthead0001languages4242', webhookSecret: 'whsec_Masthead0001languages' };
    standin.addAccount({ ...keys, webhookUrl: 'http://console.test/api/payments/webhook' });
    await call(director, 'PUT', '/payments/account', keys);
    const rows = await db().selectFrom('newsletters').select(['id', 'key', 'lang', 'publisher_id']).execute();
    for (const lang of ['tr', 'en'] as const) {
      const row = rows.find((item: { key: string }) => item.key === newsletters[lang].key);
      // The demo has a newsletter in each language.
      expect(row.lang).toBe(lang);
      newsletters[lang].id = row.id;
    }
    const token = await t.login('admin@masthead.local');
    admin = (await t.request('PUT', '/api/auth/scope', { token, body: { publisher: rows[0].publisher_id } })).body.data;
    await publishProbe('tr');
    await publishProbe('en');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await standin?.close();
  });

  /** The texts each language's pages are expected to show, beside the absence of the other's. */
  const say = {
    tr: {
      frame: 'Masthead ile yayınlanır',
      checkInbox: 'E-posta kutunuza bakın',
      invalidEmail: 'Lütfen geçerli bir e-posta adresi yazın.',
      form: 'Abone olun',
      confirmSubject: 'aboneliğinizi onaylayın',
      confirmButton: 'Aboneliğimi onayla',
      sentTo: 'adresine gönderildi.',
      confirmed: 'Aboneliğiniz onaylandı. Hoş geldiniz!',
      latest: 'Son sayı',
      unsubscribe: 'Abonelikten çık',
      why: 'Neden ayrılıyorsunuz?',
      reason: 'Okumaya vaktim yok',
      ended: 'Aboneliğiniz sona erdi.',
      signIn: 'Giriş bağlantısı gönder',
      premiumNotice: 'Bu yazı abonelere özeldir.',
      premiumOffer: 'Abone olun, tamamını okuyun',
      readMore: 'Devamını oku',
      readOnWeb: 'Web’de oku',
      plans: 'Premium abonelikte neler var?',
      price: /₺\d+,\d\d\s+\/ ay\b.*\(%\d+\) daha az/s,
      notFound: 'Sayfa bulunamadı',
    },
    en: {
      frame: 'Published with Masthead',
      checkInbox: 'Check your inbox',
      invalidEmail: 'Please enter a valid e-mail address.',
      form: 'Subscribe now',
      confirmSubject: 'confirm your subscription',
      confirmButton: 'Confirm my subscription',
      sentTo: 'This e-mail was sent to',
      confirmed: 'Your subscription is confirmed. Welcome!',
      latest: 'The latest issue',
      unsubscribe: 'Unsubscribe',
      why: 'Why are you leaving?',
      reason: 'I have no time to read',
      ended: 'Your subscription has ended.',
      signIn: 'Send a sign-in link',
      premiumNotice: 'This story is for subscribers only.',
      premiumOffer: 'Subscribe to read it all',
      readMore: 'Read more',
      readOnWeb: 'Read on the web',
      plans: 'What does premium include?',
      price: /₺\d+\.\d\d\s+\/ month\b.*\(\d+%\) less a year/s,
      notFound: 'Page not found',
    },
  };

  describe.each(['tr', 'en'] as const)('the %s newsletter', (lang) => {
    const said = say[lang];

    it('subscribes, confirms and leaves in its language: the answers, the confirmation e-mail, the thank-you page, the unsubscribe page', async () => {
      const { key, id, issue } = newsletters[lang];
      const refused = await post(`/n/${key}/subscribe`, { email: 'not-an-address' });
      expect(refused.status).toBe(422);
      expectSpoken(refused.html, lang, [said.invalidEmail, said.form, said.frame]);

      const email = `reader.${lang}@example.com`;
      const asked = await post(`/n/${key}/subscribe`, { email, name: 'Ada' });
      expect(asked.status).toBe(200);
      expectSpoken(asked.html, lang, [said.checkInbox, said.frame]);

      const [confirmation] = mailTo(email);
      expect(confirmation!.subject).toContain(said.confirmSubject);
      expectSpoken(confirmation!.html ?? '', lang, [said.confirmButton, said.sentTo]);
      expectPlainText(confirmation!.text, lang, [said.sentTo]);

      const link = /http:\/\/console\.test(\/n\/[^/\s"]+\/confirm\/[\w.-]+)/.exec(confirmation!.text)![1]!;
      const thanks = await get(link);
      expect(thanks.status).toBe(200);
      expectSpoken(thanks.html, lang, [said.confirmed, said.latest, issue!.subject]);
      // The latest issue's date, in the language's month.
      const month = new Intl.DateTimeFormat(lang === 'tr' ? 'tr-TR' : 'en-US', { month: 'long', timeZone: 'Europe/Istanbul' }).format(
        new Date(issue!.publishedAt!),
      );
      expect(readableText(thanks.html)).toContain(month);

      // The welcome is the newsletter's own words; its footer is ours.
      expect(await until(() => mailTo(email).length === 2)).toBe(true);
      const welcome = mailTo(email).find((message) => message.id !== confirmation!.id)!;
      expect(welcome.html).toMatch(new RegExp(`<html[^>]* lang="${lang}"`));
      expect(welcome.text).toMatch(new RegExp(`${said.unsubscribe}: http://console\\.test/u/`));

      const subscriber = await db().selectFrom('subscribers').select('id').where('newsletter_id', '=', id).where('email', '=', email).executeTakeFirstOrThrow();
      const unsubscribe = `/u/${t.server.context.links.sign(subscriber.id)}`;
      const leaving = await get(unsubscribe);
      expect(leaving.status).toBe(200);
      expectSpoken(leaving.html, lang, [said.why, said.reason, said.unsubscribe]);
      const left = await post(unsubscribe, { reason: 'Okumaya vaktim yok', other: '' });
      expect(left.status).toBe(200);
      expectSpoken(left.html, lang, [said.ended]);
      // The reason is kept as the spec's, whatever language it was read in.
      const [event] = await db()
        .selectFrom('subscription_events')
        .select('reason')
        .where('subscriber_id', '=', subscriber.id)
        .where('type', '=', 'unsubscription')
        .execute();
      expect(event.reason).toBe('Okumaya vaktim yok');
    });

    it("shows an issue's page, a premium story's page, the sign-in, the plans and a missing page in its language", async () => {
      const { key, issue, story } = newsletters[lang];
      const issuePage = await get(`/i/${issue!.slug}`);
      expect(issuePage.status).toBe(200);
      expectSpoken(issuePage.html, lang, [issue!.subject, said.readMore, said.frame]);

      const storyPage = await get(`/s/${story!.slug}`);
      expect(storyPage.status).toBe(200);
      expectSpoken(storyPage.html, lang, [said.premiumNotice, said.premiumOffer]);

      const signIn = await get(`/n/${key}/signin`);
      expect(signIn.status).toBe(200);
      expectSpoken(signIn.html, lang, [said.signIn]);

      const plans = await get(`/n/${key}/premium`);
      expect(plans.status).toBe(200);
      expectSpoken(plans.html, lang, [said.plans]);
      expect(readableText(plans.html)).toMatch(said.price);

      const missing = await get(`/n/${key}/archive?page=40`);
      expect(missing.status).toBe(404);
      expectSpoken(missing.html, lang, [said.notFound]);
    });

    it("renders an issue's e-mail in its language", async () => {
      const { issue } = newsletters[lang];
      const built = (await call(director, 'POST', `/issues/build/${issue!._id}`)).data as { html: string; text: string };
      expectSpoken(built.html, lang, [issue!.subject, said.readMore, said.readOnWeb, said.unsubscribe]);
      expectPlainText(built.text, lang, [`${said.readOnWeb}: `, `${said.unsubscribe}: `]);
    });
  });
});
