/**
 * Every kind of e-mail the server sends, made through the real server into the outbox (no
 * SMTP_URL): an issue's test, a reader's confirmation and welcome, a password reset, an
 * invitation and a sender address to confirm. All of them pass the Nu HTML Checker (in one run)
 * but for the Outlook markup an e-mail needs; each has a plain-text part with the same link; the
 * readers' ones are in the newsletter's e-mail design (its colours and font), the staff's in
 * Masthead's own look. The issue's intro holds a custom button and embeds (issue 32): a
 * bulletproof button and cards of text with their small pictures at absolute addresses (issue 54).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox, type OutboxEntry } from '../../core/server/services/mail';
import { emailAllowances, htmlErrors } from '../vnu';
import { enginesFor, startTestServer, type TestServer } from './server';

const databases = enginesFor('embedded');

/** Sabah Bülteni's e-mail design for this test: colours no default has, and a serif font. */
const designChanges = {
  emailBackgroundColor: '#f4ecd8',
  cardBackgroundColor: '#fffaf0',
  cardTextColor: '#2b2118',
  linkColor: '#7a1f3d',
  footerBackgroundColor: '#2d1b2e',
  fontFamily: "Georgia, 'Times New Roman', Times, serif",
  cardTextColorDark: '#efe6da',
  linkColorDark: '#f0a6c0',
};
/** As the editor stores a button and an embed (docs/decisions/0039). */
const introWithEmbeds =
  '<p>Günaydın!</p><div class="mh-button" data-color="#ffce14"><a style="background-color:#ffce14;color:#111111" href="https://example.com/anket?a=customButton">Ankete katılın</a></div>' +
  '<figure class="mh-embed" data-embed="youtube" data-embed-id="Ab3dE5gH9k" data-url="https://www.youtube.com/watch?v=dQw4w9WgXcQ" data-excerpt="Metro hattının açılışı, bir dakikada." data-picture="/uploads/embeds/small.png" data-site="YouTube"><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"><img src="/uploads/embeds/video.png" alt="Haftanın videosu" width="600" height="340"></a></figure>' +
  // As the demo's story card was stored under an unset PUBLIC_URL, before its words were kept.
  '<figure class="mh-embed" data-embed="product" data-embed-id="Zz3dE5gH9k" data-url="http://localhost:8080/s/sehirde-yeni-metro-hatti-acildi"><a href="http://localhost:8080/s/sehirde-yeni-metro-hatti-acildi"><img src="/uploads/embeds/card.png" alt="Şehirde Yeni Metro Hattı Açıldı" width="550" height="420"></a></figure>';
const kinds = ['issue', 'confirmation', 'welcome', 'reset', 'invitation', 'sender'] as const;
type Kind = (typeof kinds)[number];

describe.each(databases)('every kind of e-mail on %s', (kind) => {
  let t: TestServer;
  const mails = {} as Record<Kind, OutboxEntry>;
  let sabahColor = '';
  const reader = 'tasarim.okuru@example.com';
  const invitee = 'davetli@kuzeymedya.example';
  const senderAddress = 'gonderen@yayinci.example';

  const newest = (to: string, subject: RegExp): OutboxEntry => {
    const found = readOutbox(t.dataDir).find((entry) => entry.to === to && subject.test(entry.subject));
    expect(found, `a mail to ${to} about ${subject}`).toBeDefined();
    return found!;
  };
  const ok = (answer: { status: number; body: unknown }) => expect(answer.status, JSON.stringify(answer.body)).toBe(200);

  beforeAll(async () => {
    // PUBLIC_URL is the test servers' http://console.test: the server starts from the seeded demo data.
    t = await startTestServer(kind);
    const { db } = t.server.database;
    const newsletters = await db.selectFrom('newsletters').select(['id', 'key']).execute();
    const sabah = newsletters.find((row) => row.key === 'sabah-bulteni')!.id;
    sabahColor = (await db.selectFrom('newsletters').select('color').where('id', '=', sabah).executeTakeFirstOrThrow()).color;
    expect(sabahColor).not.toBe(designChanges.linkColor);
    const tech = newsletters.find((row) => row.key === 'teknoloji-notlari')!.id;
    const director = await t.login('director@masthead.local');
    const editor = await t.login('editor@masthead.local');

    const designUrl = `/api/newsletters/update/${sabah}/design/email/update`;
    const design = (await t.request('GET', designUrl, { token: director })).body.data.body;
    ok(await t.request('PUT', designUrl, { token: director, body: { ...design, ...designChanges } }));

    const issue = (await sql<{ id: string }>`select id from issues where newsletter_id = ${sabah} and key like '%-sabah-bulteni-hazir'`.execute(db)).rows[0]!
      .id;
    await sql`update issues set intro_html = ${introWithEmbeds} where id = ${issue}`.execute(db);
    const publishOptions = { test: true, publishOnly: false, overridePublishedAt: false, mediums: { email: true, notification: true } };
    ok(await t.request('POST', `/api/issues/publish/${issue}`, { token: editor, body: { publishOptions } }));
    mails.issue = newest('editor@masthead.local', /^\[Test\] /);

    const subscribed = await t.server.app.inject({
      method: 'POST',
      url: '/n/sabah-bulteni/subscribe',
      remoteAddress: '198.51.100.77',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email: reader, name: 'Tasarım <Okuru>' }).toString(),
    });
    expect(subscribed.statusCode).toBe(200);
    mails.confirmation = newest(reader, /onaylayın/);
    const confirmPath = /http:\/\/console\.test(\/n\/[^/\s"]+\/confirm\/[\w.-]+)/.exec(mails.confirmation.text)![1]!;
    expect((await t.server.app.inject({ method: 'GET', url: confirmPath })).statusCode).toBe(200);
    mails.welcome = newest(reader, /hoş geldiniz/);

    ok(await t.request('PUT', '/api/auth/password/forgot', { body: { email: 'editor@masthead.local' } }));
    mails.reset = newest('editor@masthead.local', /^Reset your Masthead password$/);

    const invited = await t.request('POST', '/api/users/create', { token: director, body: { email: invitee, role: 'editor', newsletters: [sabah] } });
    ok(invited);
    mails.invitation = newest(invitee, /invited/);

    const settingsUrl = `/api/newsletters/update/${tech}`;
    const { channelTemplates: _kept, ...settings } = (await t.request('GET', settingsUrl, { token: director })).body.data.body;
    ok(await t.request('PUT', settingsUrl, { token: director, body: { ...settings, sender: { name: '', email: senderAddress, replyTo: '' } } }));
    mails.sender = newest(senderAddress, /^Confirm the sender address of /);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('passes the Nu HTML Checker, but for the Outlook markup an e-mail needs', async () => {
    const documents = Object.fromEntries(kinds.map((name) => [name, mails[name].html ?? '']));
    const errors = await htmlErrors(documents, emailAllowances);
    for (const name of kinds) expect(errors[name], name).toEqual([]);
  }, 60_000);

  it('gives each a plain-text part with the link its button or footer holds', () => {
    const links: Record<Kind, RegExp> = {
      issue: /http:\/\/console\.test\/u\/\S+/,
      confirmation: /http:\/\/console\.test\/n\/sabah-bulteni\/confirm\/\S+/,
      welcome: /http:\/\/console\.test\/u\/\S+/,
      reset: /http:\/\/console\.test\/forgot-password\?code=\S+/,
      invitation: /http:\/\/console\.test\/forgot-password\?code=\S+/,
      sender: /http:\/\/console\.test\/n\/teknoloji-notlari\/sender\/\S+/,
    };
    for (const name of kinds) {
      const { text, html } = mails[name];
      expect(text.trim().length, name).toBeGreaterThan(40);
      expect(text, name).not.toMatch(/<\/?(?:p|a|div|span|br|strong|table|td)\b/i);
      const link = links[name].exec(text)?.[0];
      expect(link, `${name}: ${text}`).toBeDefined();
      expect(html, name).toContain(link!.replaceAll('&', '&amp;'));
    }
  });

  it("builds the readers' e-mails in the newsletter's design: its colours, font and Dark colours, the button in the newsletter's own colour", () => {
    for (const name of ['issue', 'confirmation', 'welcome'] as const) {
      const html = mails[name].html!;
      for (const [field, value] of Object.entries(designChanges)) {
        // The confirmation and the demo's welcome have no link, and so nothing in the link colour but its Dark rule.
        if (!(name !== 'issue' && field === 'linkColor')) expect(html, `${name}: ${field}`).toContain(value);
      }
      expect(html, name).toContain("font-family:Georgia, 'Times New Roman', Times, serif");
      expect(html, name).toContain('<html lang="tr"');
      expect(html, name).toContain('@media (prefers-color-scheme:dark)');
    }
    // The colour of the newsletter's pages, where the reader just subscribed, light and dark alike.
    expect(mails.confirmation.html).toMatch(
      new RegExp(`<td[^>]*bgcolor="${sabahColor}"[^>]*>\\s*<a href="http://console\\.test/n/sabah-bulteni/confirm/[^"]+"[^>]*>\\s*Aboneliğimi onayla\\s*</a>`),
    );
    expect(mails.confirmation.html).toContain(`.x-card .x-btn td{background:${sabahColor}!important`);
    expect(mails.confirmation.html).toContain('Merhaba Tasarım &lt;Okuru&gt;,');
    expect(mails.confirmation.text).toContain('Merhaba Tasarım <Okuru>,');
    // The welcome greets the reader by name, escaped.
    expect(mails.welcome.html).toContain('Merhaba Tasarım &lt;Okuru&gt;, <strong>Sabah Bülteni</strong>');
    // The welcome keeps its unsubscribe link, in the footer and in the headers.
    expect(mails.welcome.html).toMatch(/<a class="x-fa" href="http:\/\/console\.test\/u\/[^"]+"[^>]*>Abonelikten çık<\/a>/);
    expect(mails.welcome.headers).toMatchObject({
      'List-Unsubscribe': expect.stringMatching(/^<http:\/\/console\.test\/u\/\S+>$/),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it("gives the issue intro's button as a bulletproof button and its embeds as cards of text, the video's beside its small picture", () => {
    const html = mails.issue.html!;
    expect(html).toMatch(
      /<td align="center" bgcolor="#ffce14"[^>]*><a class="x-btn-a" href="https:\/\/example\.com\/anket\?a=customButton" target="_blank" style="[^"]*color:#111111;background-color:#ffce14">Ankete katılın<\/a><\/td>/,
    );
    expect(html).toMatch(
      /<a class="x-embed-a" href="https:\/\/www\.youtube\.com\/watch\?v=dQw4w9WgXcQ" target="_blank"><img src="http:\/\/console\.test\/uploads\/embeds\/small\.png" alt(?:="")? width="160"/,
    );
    // The words are text in the design's link style, not drawn in a picture.
    expect(html).toMatch(/<a class="x-a" style="[^"]*" href="https:\/\/www\.youtube\.com\/watch\?v=dQw4w9WgXcQ" target="_blank">Haftanın videosu<\/a>/);
    expect(html).toContain('Metro hattının açılışı, bir dakikada.</div>');
    expect(html).toContain('▶ YouTube · youtube.com</div>');
    expect(html).not.toContain('/uploads/embeds/video.png');
    // Our story's card links to its page at PUBLIC_URL and names our site, never the localhost it was made at.
    expect(html).toMatch(
      /<a class="x-a" style="[^"]*" href="http:\/\/console\.test\/s\/sehirde-yeni-metro-hatti-acildi" target="_blank">Şehirde Yeni Metro Hattı Açıldı<\/a>/,
    );
    expect(html).toContain('>console.test</div>');
    expect(html).not.toContain('/uploads/embeds/card.png');
    expect(html).not.toContain('localhost');
    expect(html).not.toContain('<iframe');
    expect(mails.issue.text).toContain('Ankete katılın');
    expect(mails.issue.text).toContain('Haftanın videosu (https://www.youtube.com/watch?v=dQw4w9WgXcQ)');
  });

  it("builds the staff's e-mails in Masthead's look: the yellow button, a sans-serif font, a dark mode", () => {
    const buttons: Record<'reset' | 'invitation' | 'sender', string> = {
      reset: 'Reset my password',
      invitation: 'Choose my password',
      sender: 'Confirm the sender address',
    };
    for (const [name, label] of Object.entries(buttons) as ['reset' | 'invitation' | 'sender', string][]) {
      const html = mails[name].html!;
      expect(html, name).toMatch(new RegExp(`<td[^>]*bgcolor="#ffce14"[^>]*>\\s*<a href="http://console\\.test/[^"]+"[^>]*>\\s*${label}\\s*</a>`));
      expect(html, name).toContain("font-family:-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif");
      expect(html, name).toContain('@media (prefers-color-scheme:dark)');
      expect(html, name).toContain('max-width:600px');
      expect(html, name).not.toContain('Times New Roman');
    }
  });
});
