/**
 * The transactional e-mails' two layouts: a message to a reader in the newsletter's e-mail design
 * (core/server/email/message.ts, the issue e-mail's frame) and Masthead's own mail to
 * staff (core/server/services/mail-layout.ts). Rich text is sanitized, every other text escaped,
 * relative addresses made absolute; the plain-text part is the same content.
 */
import { describe, expect, it } from 'vitest';
import { renderStaffMail } from '../../core/server/services/mail-layout';
import { renderNewsletterMessage, withReaderName, type NewsletterMessage } from '../../core/server/email/message';
import { darkVariant } from '../../core/server/email/newsletter-email';
import { defaultEmailDesign, type EmailDesign } from '../../core/shared/email-design';

const publicUrl = 'https://bulten.test/';
const design: EmailDesign = {
  ...defaultEmailDesign,
  emailBackgroundColor: '#f1e2d3',
  cardBackgroundColor: '#fffdf5',
  cardTextColor: '#2a2b2c',
  linkColor: '#0a4b8c',
  linkColorDark: '#f5d76e',
  footerBackgroundColor: '#121314',
  fontFamily: 'Verdana, Geneva, sans-serif',
};

const confirmation = (changes: Partial<NewsletterMessage> = {}): NewsletterMessage => ({
  newsletter: { title: 'Sabah & Akşam', key: 'sabah-aksam', lang: 'tr' },
  design,
  publicUrl,
  title: 'Aboneliğinizi <onaylayın>',
  bodyHtml: '<p onclick="steal()">Merhaba <strong>Ayşe</strong>,</p><script>alert(1)</script><p>Bu bağlantıyı açın: <a href="/n/sabah-aksam">sayfamız</a></p>',
  button: { label: 'Aboneliğimi <onayla>', url: '/n/sabah-aksam/confirm/abc?x=1&y=2' },
  closingHtml: '<p>Siz istemediyseniz yok sayın.</p>',
  footer: { lines: ['Bu e-posta <ayse@example.com> adresine gönderildi.'], links: [{ label: 'Abonelikten çık', url: 'https://bulten.test/u/tok' }] },
  ...changes,
});

describe("a message to a reader, in the newsletter's e-mail design", () => {
  it('escapes its texts, sanitizes its rich text and makes every address absolute', async () => {
    const { html } = await renderNewsletterMessage(confirmation());
    expect(html).toContain('<title>Aboneliğinizi &lt;onaylayın&gt;</title>');
    expect(html).toContain('>Aboneliğinizi &lt;onaylayın&gt;</h1>');
    expect(html).toContain('<strong>Ayşe</strong>');
    expect(html).not.toContain('steal');
    expect(html).not.toContain('alert(1)');
    expect(html).toMatch(/<a class="x-a" style="[^"]*" href="https:\/\/bulten\.test\/n\/sabah-aksam">sayfamız<\/a>/);
    expect(html).toMatch(/<a href="https:\/\/bulten\.test\/n\/sabah-aksam\/confirm\/abc\?x=1&amp;y=2"[^>]*>\s*Aboneliğimi &lt;onayla&gt;\s*<\/a>/);
    expect(html).toContain('Bu e-posta &lt;ayse@example.com&gt; adresine gönderildi.');
    expect(html).toContain('>Sabah &amp; Akşam</p>');
    expect(html).not.toMatch(/(src|href)="\/(?!\/)/);
  });

  it("wears the design: its colours and font, the button in the links' colour, dark rules for the button too", async () => {
    const { html } = await renderNewsletterMessage(confirmation());
    expect(html).toContain(`background-color:${design.emailBackgroundColor}`);
    expect(html).toContain(`background-color:${design.cardBackgroundColor};border:1px solid ${design.borderColor}`);
    expect(html).toContain(`color:${design.cardTextColor}`);
    expect(html).toContain(`background-color:${design.footerBackgroundColor}`);
    expect(html).toContain('font-family:Verdana, Geneva, sans-serif');
    // A dark link colour takes white text; in dark mode the light one takes near-black.
    expect(html).toMatch(new RegExp(`<td[^>]*bgcolor="${design.linkColor}"[^>]*>\\s*<a [^>]*color:#ffffff`));
    expect(darkVariant(html)).toContain(
      `.x-card .x-btn a{background:${design.linkColorDark}!important;background-color:${design.linkColorDark}!important;color:#111111!important}`,
    );
    // Without a banner the newsletter's title heads the card; with one, the banner links to its page.
    expect(html).toContain('>Sabah &amp; Akşam</div>');
    const withBanner = (await renderNewsletterMessage(confirmation({ design: { ...design, banner: '/uploads/banner.png' } }))).html;
    expect(withBanner).toMatch(
      /<a href="https:\/\/bulten\.test\/n\/sabah-aksam"[^>]*>\s*<img alt="Sabah &amp; Akşam"[^>]*src="https:\/\/bulten\.test\/uploads\/banner\.png"/,
    );
    expect(withBanner).not.toContain('>Sabah &amp; Akşam</div>');
  });

  it("puts the button in the newsletter's own colour, light and dark alike, when it has one", async () => {
    const { html } = await renderNewsletterMessage(confirmation({ newsletter: { title: 'Sabah & Akşam', key: 'sabah-aksam', lang: 'tr', color: '#b3261e' } }));
    expect(html).toMatch(/<td[^>]*bgcolor="#b3261e"[^>]*>\s*<a [^>]*color:#ffffff/);
    expect(darkVariant(html)).toContain('.x-card .x-btn a{background:#b3261e!important;background-color:#b3261e!important;color:#ffffff!important}');
    // A colour that is not one keeps the design's link colours.
    const plain = await renderNewsletterMessage(confirmation({ newsletter: { title: 'Sabah & Akşam', key: 'sabah-aksam', lang: 'tr', color: 'red;x' } }));
    expect(plain.html).toMatch(new RegExp(`<td[^>]*bgcolor="${design.linkColor}"`));
  });

  it('greets the reader by the name given where the text holds the mark, or without a name as it reads', () => {
    const html = '<p>Merhaba [[name]], hoş geldiniz!</p><p>Sevgili&nbsp;[[name]]</p>';
    expect(withReaderName(html, ' Ayşe <Yılmaz> ')).toBe('<p>Merhaba Ayşe &lt;Yılmaz&gt;, hoş geldiniz!</p><p>Sevgili&nbsp;Ayşe &lt;Yılmaz&gt;</p>');
    expect(withReaderName(html, '  ')).toBe('<p>Merhaba, hoş geldiniz!</p><p>Sevgili</p>');
  });

  it('has a plain-text part of the same content: paragraphs, the button’s address alone, the closing, the footer', async () => {
    const { text } = await renderNewsletterMessage(confirmation());
    expect(text).toBe(
      [
        'Merhaba Ayşe,',
        'Bu bağlantıyı açın: sayfamız (https://bulten.test/n/sabah-aksam)',
        'https://bulten.test/n/sabah-aksam/confirm/abc?x=1&y=2',
        'Siz istemediyseniz yok sayın.',
        'Bu e-posta <ayse@example.com> adresine gönderildi.\nAbonelikten çık: https://bulten.test/u/tok',
      ].join('\n\n') + '\n',
    );
  });

  it('leaves out the button and the preheader it was not given', async () => {
    const { html, text } = await renderNewsletterMessage(confirmation({ button: undefined, closingHtml: undefined }));
    expect(html).not.toContain('x-btn');
    expect(html).not.toContain('&#847;&zwnj;');
    expect(text).not.toContain('confirm/abc');
    const previewed = await renderNewsletterMessage(confirmation({ preview: 'Bir adım kaldı' }));
    expect(previewed.html).toMatch(/<div style="display:none;[^"]*">Bir adım kaldı/);
  });
});

describe("Masthead's own mail to staff", () => {
  const reset = () =>
    renderStaffMail({
      title: 'Choose a new password',
      paragraphs: ['Hello <Ayşe> & co,', 'Open this link to choose a new password. It works once and expires in 60 minutes:'],
      button: { label: 'Reset my password', url: 'https://console.test/forgot-password?code=a&email=b%40c.d' },
      closing: ['If you did not ask for this, ignore this e-mail.'],
      publicUrl: 'https://console.test/',
    });

  it('is a branded card: the wordmark, the heading, a yellow button, a sans-serif stack, 600 px at most, dark in dark mode', async () => {
    const { html } = await reset();
    expect(html).toContain('<title>Choose a new password</title>');
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('>Masthead</a>');
    expect(html).toContain('Hello &lt;Ayşe&gt; &amp; co,');
    expect(html).toMatch(
      /<td[^>]*bgcolor="#ffce14"[^>]*>\s*<a href="https:\/\/console\.test\/forgot-password\?code=a&amp;email=b%40c\.d"[^>]*>\s*Reset my password\s*<\/a>/,
    );
    expect(html).toContain("font-family:-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif");
    expect(html).toContain('max-width:600px');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toMatch(/@media \(prefers-color-scheme:dark\)\{body,\.m-bg,div\[role=article\]\{background-color:#1b1a19!important\}/);
    expect(html).toContain('[data-ogsc] .m-tx{color:#f3f2f1!important}');
  });

  it('has the plain-text part it always had: the paragraphs, the address, the closing', async () => {
    const { text } = await reset();
    expect(text).toBe(
      'Hello <Ayşe> & co,\n\nOpen this link to choose a new password. It works once and expires in 60 minutes:\n\nhttps://console.test/forgot-password?code=a&email=b%40c.d\n\nIf you did not ask for this, ignore this e-mail.',
    );
  });
});
