/**
 * The issue e-mail as a subscriber receives it (plugins/issues/server/email/render.ts): every
 * field of the newsletter's e-mail design shows in the message, light and dark; rich text is
 * sanitized and addresses absolute; the personal marks are filled per subscriber, escaped in the
 * HTML, cheaply enough for a send of 100,000; the size Gmail clips at is reported.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { constants } from '../../core/shared/config';
import {
  darkVariant,
  personalise,
  personalMarks,
  renderIssueEmail,
  type EmailStory,
  type IssueEmailInput,
  type RenderedEmail,
} from '../../plugins/issues/server/email/render';
import { defaultEmailDesign, emailFonts, withDefaultDesign, type EmailDesign } from '../../core/shared/email-design';

const publicUrl = 'https://bulten.test';

/** A design whose every colour is distinct, so that each can be found in the message. */
const design: EmailDesign = {
  ...defaultEmailDesign,
  emailBackgroundColor: '#f1e2d3',
  emailBackgroundColorDark: '#101112',
  cardBackgroundColor: '#fffdf5',
  cardBackgroundColorDark: '#202122',
  cardTextColor: '#2a2b2c',
  cardTextColorDark: '#eaebec',
  borderColor: '#d0d1d2',
  borderColorDark: '#404142',
  fontFamily: "Georgia, 'Times New Roman', Times, serif",
  linkColor: '#0a4b8c',
  linkColorDark: '#9ac0f1',
  linkStylingColor: '#f5c518',
  linkStylingColorDark: '#c59a05',
  footerBackgroundColor: '#121314',
  footerBackgroundColorDark: '#050607',
  footerTextColor: '#c1c2c3',
  footerTextColorDark: '#b1b2b3',
  footerLinkColor: '#f7d04a',
  footerLinkColorDark: '#e7c03a',
};

const darkColours = Object.entries(design).filter(([key]) => key.endsWith('Dark')) as [keyof EmailDesign, string][];
const lightColours = Object.entries(design).filter(([key]) => key.endsWith('Color')) as [keyof EmailDesign, string][];

const bullet = (id: string, html: string, readingMs = 30_000): EmailStory => ({
  id,
  type: 'bullet',
  title: '',
  subtitle: '',
  image: '',
  html,
  url: null,
  readingMs,
});
const article = (id: string, title: string, subtitle: string, slug: string | null, readingMs = 120_000): EmailStory => ({
  id,
  type: 'article',
  title,
  subtitle,
  image: `/uploads/images/${id}.jpg`,
  html: '<p>Makalenin tamamı web sayfasında.</p>',
  url: slug ? `${publicUrl}/s/${slug}` : null,
  readingMs,
});

function sample(changes: Partial<EmailDesign> = {}): IssueEmailInput {
  return {
    issue: {
      id: 'issue-1',
      subject: 'Haftanın özeti: faizler, İzmir ve <yeni> sergiler',
      preview: 'Merkez Bankası kararı, Ege’de hafta sonu ve kaçırılmayacak üç sergi.',
      image: '/uploads/images/kapak.jpg',
      introHtml: '<p>Günaydın! Bu hafta <strong>üç başlık</strong> öne çıktı. <a href="/i/gecen-hafta">Geçen haftanın sayısı</a> da burada.</p>',
      url: `${publicUrl}/i/haftanin-ozeti`,
    },
    newsletter: { title: 'Sabah Bülteni', key: 'sabah-bulteni', url: `${publicUrl}/n/sabah-bulteni`, lang: 'tr', image: '/uploads/images/logo.png' },
    channels: [
      {
        title: 'Gündem',
        stories: [
          bullet('b1', '<p>Merkez Bankası politika faizini <strong>sabit</strong> tuttu; karar metni <a href="https://tcmb.example/karar">burada</a>.</p>'),
          bullet(
            'b2',
            '<p onclick="steal()">Köprü trafiği hafta sonu kapanıyor.<script>alert("x")</script> <img src="/uploads/images/kopru.png" alt="Köprü"></p>',
          ),
          article('a1', 'Şehirde ulaşım: yeni hatlar', 'Üç yeni metro hattı için ihale tarihi belli oldu.', 'sehirde-ulasim'),
        ],
      },
      {
        title: 'Ekonomi',
        stories: [
          article('a2', 'Enflasyon beklentileri', 'Piyasa katılımcıları anketinin ayrıntıları.', 'enflasyon-beklentileri', 180_000),
          bullet('b3', '<ul><li>Altın: yatay</li><li>Euro: hafif yükseliş</li></ul>'),
        ],
      },
      {
        title: 'Kültür Sanat',
        stories: [
          article('a3', 'Haftanın sergileri', 'İstanbul ve İzmir’de görülecek üç sergi.', null),
          bullet('b4', '<p>Film festivali programı açıklandı.</p>'),
        ],
      },
    ],
    design: { ...design, ...changes },
    publicUrl,
  };
}

const values = {
  unsubscribeUrl: 'https://bulten.test/u/abc?x=1&y=2',
  referralUrl: 'https://bulten.test/n/sabah-bulteni?ref=abc&src=mail',
  email: 'ayse@example.com',
  name: 'Ayşe <Yılmaz> & "Ortak"',
  track: 'tok.en',
};

/** The WCAG contrast ratio of two '#rrggbb' colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((at) => {
      const value = parseInt(hex.slice(at, at + 2), 16) / 255;
      return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

/** The rules inside the `prefers-color-scheme: dark` query. */
const darkBlock = (html: string) => /@media \(prefers-color-scheme:dark\)\{(.*?\})\}/.exec(html)?.[1] ?? '';

describe('the issue e-mail', () => {
  let email: RenderedEmail;
  beforeAll(async () => {
    email = await renderIssueEmail(sample());
  });

  it('shows the issue: preheader, title header, cover, subject, intro and every channel with its stories', () => {
    expect(email.html).toContain('<title>Haftanın özeti: faizler, İzmir ve &lt;yeni&gt; sergiler</title>');
    expect(email.html).toMatch(/<div style="display:none;[^"]*">Merkez Bankası kararı, Ege’de hafta sonu/);
    expect(email.html).toContain('>Sabah Bülteni</div>');
    expect(email.html).toContain(`src="${publicUrl}/uploads/images/kapak.jpg"`);
    expect(email.html).toContain('<strong>üç başlık</strong>');
    for (const title of ['Gündem', 'Ekonomi', 'Kültür Sanat']) expect(email.html).toContain(`>${title}</h2>`);
    expect(email.html).toContain('Köprü trafiği hafta sonu kapanıyor.');
    expect(email.html).toContain('<li>Euro: hafif yükseliş</li>');
    // An article: its image, its title linked to its page, its subtitle and a read-more link.
    expect(email.html).toContain(`src="${publicUrl}/uploads/images/a1.jpg"`);
    expect(email.html).toMatch(new RegExp(`<a class="x-a" href="${publicUrl}/s/sehirde-ulasim"[^>]*>Şehirde ulaşım: yeni hatlar</a>`));
    expect(email.html).toContain('Üç yeni metro hattı için ihale tarihi belli oldu.');
    expect(email.html).toMatch(new RegExp(`href="${publicUrl}/s/sehirde-ulasim"[^>]*>Devamını oku</a>`));
    // An article with no page yet has no link to follow.
    expect(email.html).toContain('>Haftanın sergileri</h3>');
    expect(email.html).toContain(`<meta name="color-scheme" content="light dark">`);
    expect(email.html).toContain(`<meta name="supported-color-schemes" content="light dark">`);
    expect(email.html).toContain('<html lang="tr"');
  });

  it('uses the banner as the header when the design has one', async () => {
    const { html } = await renderIssueEmail(sample({ banner: '/uploads/images/banner.png' }));
    expect(html).toMatch(
      new RegExp(`<a href="${publicUrl}/n/sabah-bulteni"[^>]*>\\s*<img alt="Sabah Bülteni"[^>]*src="${publicUrl}/uploads/images/banner.png"`),
    );
    expect(html).not.toContain('>Sabah Bülteni</div>');
  });

  it('paints every light colour of the design, in its font', () => {
    for (const [key, colour] of lightColours) expect(email.html, key).toContain(colour);
    expect(email.html).toContain(`background-color:${design.emailBackgroundColor}`);
    expect(email.html).toContain(`background-color:${design.cardBackgroundColor};border:1px solid ${design.borderColor}`);
    expect(email.html).toContain(`color:${design.cardTextColor}`);
    expect(email.html).toContain(`background-color:${design.footerBackgroundColor}`);
    expect(email.html).toMatch(new RegExp(`<a class="x-fa" href="${publicUrl}/i/haftanin-ozeti" style="color:${design.footerLinkColor}`));
    expect(email.html).toContain("font-family:Georgia, 'Times New Roman', Times, serif");
  });

  it('switches to every Dark colour in dark mode and in Outlook.com', () => {
    const dark = darkBlock(email.html);
    for (const [key, colour] of darkColours) expect(dark, key).toContain(colour);
    expect(dark).toContain(`.x-card td{background-color:${design.cardBackgroundColorDark}!important;border-color:${design.borderColorDark}!important}`);
    expect(dark).toContain(`.x-ct{color:${design.cardTextColorDark}!important}`);
    expect(email.html).toContain(`[data-ogsc] .x-ct{color:${design.cardTextColorDark}!important}`);
    expect(email.html).toContain(`[data-ogsb] .x-card td{background-color:${design.cardBackgroundColorDark}!important}`);
    expect(email.html).toContain(`[data-ogsb] .x-fb{background:${design.footerBackgroundColorDark}!important`);
    expect(email.html).toContain(`[data-ogsc] .x-fa{color:${design.footerLinkColorDark}!important}`);
    // The classes the dark rules name are on the elements they recolour.
    for (const name of ['x-bg', 'x-card', 'x-ct', 'x-sep', 'x-a', 'x-fb', 'x-ft', 'x-fa']) expect(email.html).toMatch(new RegExp(`class="[^"]*\\b${name}\\b`));
  });

  it('darkVariant applies the dark rules whatever the reader chose', () => {
    const dark = darkVariant(email.html);
    expect(dark).not.toMatch(/prefers-color-scheme/);
    expect(dark).toContain(`@media all{body,.x-bg,div[role=article]{background-color:${design.emailBackgroundColorDark}!important}`);
    expect(dark).toContain(`.x-ct{color:${design.cardTextColorDark}!important}`);
    expect(dark).toContain('<meta name="color-scheme" content="dark">');
    expect(dark.length).toBeGreaterThan(email.html.length - 50);
  });

  it('shows the reading time of each channel only when the design asks', async () => {
    // Gündem: 30 + 30 + 120 seconds; Ekonomi: 180 + 30; Kültür Sanat: 120 + 30.
    for (const minutes of ['3 DK', '4 DK']) expect(email.html).toContain(`>${minutes}</div>`);
    const without = await renderIssueEmail(sample({ showReadingTime: false }));
    expect(without.html).not.toMatch(/>\d+ DK</);
    expect(without.text).not.toMatch(/\d+ DK/);
  });

  it('shows channel names only when the design asks, centred when it asks', async () => {
    expect(email.html).toContain('text-align:left">Gündem</h2>');
    const centred = await renderIssueEmail(sample({ channelTitleCentered: true }));
    expect(centred.html).toContain('text-align:center">Gündem</h2>');
    expect(centred.html).toContain('text-align:center">3 DK</div>');
    const nameless = await renderIssueEmail(sample({ showChannelNames: false }));
    expect(nameless.html).not.toContain('>Gündem</h2>');
    expect(nameless.html).toContain('Köprü trafiği hafta sonu kapanıyor.');
  });

  it('draws the cards with the chosen border width and corners', async () => {
    expect(email.html).toContain(`border:1px solid ${design.borderColor};border-radius:12px`);
    const thicker = await renderIssueEmail(sample({ borderWidth: 3, roundedBorders: false }));
    expect(thicker.html).toContain(`border:3px solid ${design.borderColor};vertical-align:top`);
    expect(thicker.html).not.toContain('border-radius:12px');
    // The images still fit inside the thicker border: 600 - 2 × 16 - 2 × 3 - 2 × 24.
    expect(thicker.html).toContain('width="514"');
  });

  it('styles links as underlined or highlighted', () => {
    expect(email.html).toMatch(
      new RegExp(
        `<a class="x-a" style="color:${design.linkColor};text-decoration:underline;text-decoration-color:${design.linkStylingColor}[^"]*" href="https://tcmb.example/karar">`,
      ),
    );
    expect(darkBlock(email.html)).toContain(`.x-a{color:${design.linkColorDark}!important;text-decoration-color:${design.linkStylingColorDark}!important}`);
  });

  it('highlights links on the styling colour when the design asks', async () => {
    const { html } = await renderIssueEmail(sample({ linkStyling: 'highlight' }));
    expect(html).toMatch(
      new RegExp(
        `<a class="x-a" style="color:${design.linkColor};text-decoration:none;background-color:${design.linkStylingColor}[^"]*" href="https://tcmb.example/karar">`,
      ),
    );
    expect(darkBlock(html)).toContain(`.x-a{color:${design.linkColorDark}!important;background-color:${design.linkStylingColorDark}!important}`);
    expect(html).toContain(`[data-ogsb] .x-a{background-color:${design.linkStylingColorDark}!important}`);
  });

  it('invites to the referral campaign only when the design asks', async () => {
    expect(email.html).not.toContain(personalMarks.referralUrl);
    expect(email.text).not.toContain(personalMarks.referralUrl);
    const inviting = await renderIssueEmail(sample({ showReferralCampaign: true }));
    expect(inviting.html).toMatch(new RegExp(`href="${personalMarks.referralUrl.replace(/[[\]]/g, '\\$&')}"[^>]*>Arkadaşlarınızı davet edin</a>`));
    expect(inviting.text).toContain(`Arkadaşlarınızı davet edin: ${personalMarks.referralUrl}`);
  });

  it('makes every address absolute and drops scripts and event handlers', () => {
    expect(email.html).not.toMatch(/(src|href)="\/(?!\/)/);
    expect(email.html).toContain(`src="${publicUrl}/uploads/images/kopru.png"`);
    expect(email.html).toContain(`href="${publicUrl}/i/gecen-hafta"`);
    expect(email.html).not.toMatch(/<script|onclick|steal\(|alert\(/i);
  });

  it('carries the personal marks, and personalise fills them: escaped in the HTML, as they are in the text', async () => {
    const inviting = await renderIssueEmail(sample({ showReferralCampaign: true }));
    expect(inviting.html).toContain(`href="${personalMarks.unsubscribeUrl}"`);
    expect(inviting.html).toContain(personalMarks.email);
    expect(inviting.text).toContain(personalMarks.unsubscribeUrl);

    const copy = personalise(inviting, values);
    for (const mark of Object.values(personalMarks)) {
      expect(copy.html).not.toContain(mark);
      expect(copy.text).not.toContain(mark);
    }
    expect(copy.html).toMatch(/<a class="x-fa" href="https:\/\/bulten\.test\/u\/abc\?x=1&amp;y=2"[^>]*>Abonelikten çık<\/a>/);
    expect(copy.html).toContain('href="https://bulten.test/n/sabah-bulteni?ref=abc&amp;src=mail"');
    expect(copy.html).toContain('Bu e-posta ayse@example.com adresine gönderildi.');
    expect(copy.text).toContain(`Abonelikten çık: ${values.unsubscribeUrl}`);
    expect(copy.text).toContain(`Arkadaşlarınızı davet edin: ${values.referralUrl}`);

    // A name written in the content is filled too, and cannot inject markup.
    const greeting = await renderIssueEmail({ ...sample(), issue: { ...sample().issue, introHtml: '<p>Merhaba [[name]],</p>' } });
    const greeted = personalise(greeting, values);
    expect(greeted.html).toContain('<p>Merhaba Ayşe &lt;Yılmaz&gt; &amp; &quot;Ortak&quot;,</p>');
    expect(greeted.text).toContain('Merhaba Ayşe <Yılmaz> & "Ortak",');

    // Each copy is its subscriber's own.
    const other = personalise(inviting, { ...values, email: 'mehmet@example.com' });
    expect(other.html).toContain('mehmet@example.com');
    expect(other.html).not.toContain('ayse@example.com');
  });

  it('personalises 10,000 copies in well under a second', () => {
    const started = performance.now();
    let total = 0;
    for (let index = 0; index < 10_000; index++) total += personalise(email, { ...values, email: `okur${index}@example.com` }).html.length;
    const elapsed = performance.now() - started;
    expect(total).toBeGreaterThan(10_000 * email.html.length * 0.9);
    expect(elapsed).toBeLessThan(1000);
  });

  it('has a plain-text part with the issue, every channel and story, its web address and the unsubscribe link', () => {
    const { text } = email;
    expect(text.startsWith('Haftanın özeti: faizler, İzmir ve <yeni> sergiler\n')).toBe(true);
    expect(text).toContain('Merkez Bankası kararı, Ege’de hafta sonu');
    expect(text).toContain('Günaydın! Bu hafta üç başlık öne çıktı.');
    for (const heading of ['GÜNDEM · 3 DK', 'EKONOMİ · 4 DK', 'KÜLTÜR SANAT · 3 DK']) expect(text).toContain(heading);
    // A bullet reads as it is written, with its link's address; the intro's paragraphs and links too.
    expect(text).toContain('\n\nMerkez Bankası politika faizini sabit tuttu; karar metni burada (https://tcmb.example/karar).\n');
    expect(text).toContain('\n\n• Altın: yatay\n\n• Euro: hafif yükseliş\n');
    expect(text).toContain(`Geçen haftanın sayısı (${publicUrl}/i/gecen-hafta) da burada.`);
    expect(text).toContain(`Şehirde ulaşım: yeni hatlar\nÜç yeni metro hattı için ihale tarihi belli oldu.\nDevamını oku: ${publicUrl}/s/sehirde-ulasim`);
    expect(text).toContain('Haftanın sergileri\nİstanbul ve İzmir’de görülecek üç sergi.\n');
    expect(text).toContain(`${publicUrl}/i/haftanin-ozeti`);
    expect(text).toContain(`Abonelikten çık: ${personalMarks.unsubscribeUrl}`);
    expect(text).not.toMatch(/<script|alert\(|<p>|<strong>/);
  });

  it('reports its size, under the size Gmail clips at', () => {
    expect(email.bytes).toBe(Buffer.byteLength(email.html));
    expect(email.bytes).toBeLessThan(constants.issues.emailClipBytes / 2);
    expect(email.clipped).toBe(false);
  });

  it('says when an issue is too long for Gmail', async () => {
    const paragraph = `<p>${'Uzun bir haber metni, her satırı ayrı bir cümle. '.repeat(20)}</p>`;
    const huge = sample();
    huge.channels = [{ title: 'Uzun', stories: Array.from({ length: 150 }, (_, index) => bullet(`long-${index}`, paragraph)) }];
    const long = await renderIssueEmail(huge);
    expect(long.bytes).toBeGreaterThan(constants.issues.emailClipBytes);
    expect(long.clipped).toBe(true);
  });
});

describe('the default e-mail design', () => {
  it('reads at WCAG AA: every text colour on its background, light and dark', () => {
    const d = defaultEmailDesign;
    const pairs: [string, string][] = [
      [d.cardTextColor, d.cardBackgroundColor],
      [d.linkColor, d.cardBackgroundColor],
      [d.footerTextColor, d.footerBackgroundColor],
      [d.footerLinkColor, d.footerBackgroundColor],
      [d.cardTextColorDark, d.cardBackgroundColorDark],
      [d.linkColorDark, d.cardBackgroundColorDark],
      [d.footerTextColorDark, d.footerBackgroundColorDark],
      [d.footerLinkColorDark, d.footerBackgroundColorDark],
    ];
    for (const [text, background] of pairs) expect(contrast(text, background), `${text} on ${background}`).toBeGreaterThanOrEqual(4.5);
  });

  it('offers web-safe font stacks, the default among them', () => {
    expect(emailFonts.map((font) => font.name)).toEqual(
      expect.arrayContaining(['Arial', 'Georgia', 'Helvetica', 'Trebuchet MS', 'Verdana', 'Times New Roman']),
    );
    for (const font of emailFonts) expect(font.stack).toMatch(/(sans-serif|serif|monospace)$/);
    expect(emailFonts.map((font) => font.stack)).toContain(defaultEmailDesign.fontFamily);
  });

  it('fills what a stored design lacks or holds in a shape no longer valid', () => {
    const merged = withDefaultDesign({
      cardBackgroundColor: '#123456',
      linkColor: 'red; background:url(x)',
      borderWidth: 7,
      linkStyling: 'highlight',
      showReadingTime: false,
    });
    expect(merged).toEqual({ ...defaultEmailDesign, cardBackgroundColor: '#123456', linkStyling: 'highlight', showReadingTime: false });
    expect(withDefaultDesign(null)).toEqual(defaultEmailDesign);
  });
});
