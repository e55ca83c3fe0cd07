/**
 * Embeds and custom buttons outside the editor (issue 32): which address makes which embed and at
 * what size, the spec's trims and ids, the button's text and link, what the sanitizer keeps of
 * them, and how a public page and an e-mail show them (an e-mail: each embed a card of text).
 */
import { describe, expect, it } from 'vitest';
import { emailRichText, webRichText } from '../../core/server/rich-text-media';
import { sanitizeRichText } from '../../core/server/sanitize';
import { readableTextOn } from '../../core/shared/color';
import {
  buttonLink,
  buttonText,
  embedExcerpt,
  embedSize,
  embedTargetOf,
  embedText,
  hasPendingEmbed,
  newEmbedId,
  productCardSize,
  storedEmbedHtml,
  withoutEmojis,
} from '../../core/shared/embeds';

const own = 'https://bulten.example.com';

describe('embedTargetOf', () => {
  it('knows YouTube in its address forms', () => {
    for (const address of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://m.youtube.com/shorts/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
    ])
      expect(embedTargetOf(address)).toEqual({ kind: 'youtube', videoId: 'dQw4w9WgXcQ', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    expect(embedTargetOf('https://www.youtube.com/watch')).toBeNull();
  });

  it('knows the six Spotify types, in localised addresses too', () => {
    for (const type of ['album', 'track', 'playlist', 'artist', 'show', 'episode'])
      expect(embedTargetOf(`https://open.spotify.com/${type}/4uLU6hMCjMI75M1A2tKUQC?si=x`)).toMatchObject({
        kind: 'spotify',
        type,
        id: '4uLU6hMCjMI75M1A2tKUQC',
      });
    expect(embedTargetOf('https://open.spotify.com/intl-tr/track/4uLU6hMCjMI75M1A2tKUQC')).toMatchObject({ type: 'track' });
    expect(embedTargetOf('https://open.spotify.com/user/someone')).toBeNull();
  });

  it('knows a post on Twitter or X', () => {
    expect(embedTargetOf('https://x.com/masthead/status/1234567890')).toEqual({
      kind: 'twitter',
      user: 'masthead',
      statusId: '1234567890',
      url: 'https://twitter.com/masthead/status/1234567890',
    });
    expect(embedTargetOf('https://twitter.com/masthead')).toBeNull();
  });

  it('takes our own public pages as product links, of the five kinds', () => {
    for (const product of ['i', 'n', 's', 'c', 'p'])
      expect(embedTargetOf(`${own}/${product}/sabah-bulteni`, own)).toEqual({
        kind: 'product',
        product,
        key: 'sabah-bulteni',
        url: `${own}/${product}/sabah-bulteni`,
      });
    expect(embedTargetOf(`${own}/x/sabah-bulteni`, own)).toBeNull();
    expect(embedTargetOf('https://elsewhere.example.com/s/sabah', own)).toBeNull();
    expect(embedTargetOf('javascript:alert(1)')).toBeNull();
  });
});

describe('sizes, trims and ids (spec 002 section 9)', () => {
  it('sizes each embed as the spec says', () => {
    expect(embedSize({ kind: 'youtube' })).toEqual({ width: 600, height: 340 });
    expect(embedSize({ kind: 'spotify', type: 'show' })).toEqual({ width: 600, height: 232 });
    expect(embedSize({ kind: 'spotify', type: 'episode' })).toEqual({ width: 600, height: 232 });
    expect(embedSize({ kind: 'spotify', type: 'track' })).toEqual({ width: 300, height: 380 });
    expect(embedSize({ kind: 'spotify', type: 'album' })).toEqual({ width: 600, height: 380 });
    expect(productCardSize('wide', true)).toEqual({ width: 550, height: 420 });
    expect(productCardSize('wide', false)).toEqual({ width: 550, height: 255 });
    expect(productCardSize('square', true)).toEqual({ width: 420, height: 380 });
  });

  it('trims excerpts at 100 or 200 characters on a word, and removes emojis from titles', () => {
    const long = 'Kelime '.repeat(60);
    const square = embedExcerpt(long, 'square');
    const wide = embedExcerpt(long, 'wide');
    expect(square.length).toBeLessThanOrEqual(101);
    expect(wide.length).toBeLessThanOrEqual(201);
    expect(square.endsWith('Kelime…')).toBe(true);
    expect(embedExcerpt('Kısa bir özet.', 'wide')).toBe('Kısa bir özet.');
    expect(withoutEmojis('🚇 Şehirde yeni metro 🇹🇷 hattı 👍🏽 açıldı ❤️')).toBe('Şehirde yeni metro hattı açıldı');
  });

  it('makes ids of 10 random characters', () => {
    const ids = new Set(Array.from({ length: 50 }, newEmbedId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{10}$/);
  });
});

describe('custom buttons (spec 002 section 5)', () => {
  it('cuts the text at 50 characters plus an ellipsis', () => {
    expect(buttonText('  Oku  ')).toBe('Oku');
    expect(buttonText('x'.repeat(50))).toBe('x'.repeat(50));
    expect(buttonText('x'.repeat(51))).toBe(`${'x'.repeat(50)}…`);
    // An emoji across the cut is left out whole, never halved.
    expect(buttonText(`${'x'.repeat(49)}😀x`)).toBe(`${'x'.repeat(49)}…`);
  });

  it('trims the link and marks it, once', () => {
    expect(buttonLink('  https://example.com/a?b=1 ')).toBe('https://example.com/a?b=1&a=customButton');
    expect(buttonLink('https://example.com/?a=customButton')).toBe('https://example.com/?a=customButton');
    for (const bad of ['example.com', 'ftp://example.com', 'https://', 'javascript:alert(1)', 'https://nodot']) expect(buttonLink(bad)).toBeNull();
  });

  it('writes light or dark text by the contrast of the colour', () => {
    expect(readableTextOn('#ffce14')).toBe('#111111');
    expect(readableTextOn('#1b3a5c')).toBe('#ffffff');
  });
});

const button =
  '<div class="mh-button" data-color="#ffce14"><a href="https://example.com/?a=customButton" style="background-color:#ffce14;color:#111111">Raporu oku</a></div>';
const youtube =
  '<figure class="mh-embed" data-embed="youtube" data-embed-id="Ab3dE5gH9k" data-url="https://www.youtube.com/watch?v=dQw4w9WgXcQ"><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"><img src="/uploads/embeds/abc.png" alt="Bir video" width="600" height="340" /></a></figure>';
/** As the embed service now makes it: the card's words and small picture kept beside its picture. */
const videoCard = storedEmbedHtml({
  id: 'Ab3dE5gH9k',
  shown: 'youtube',
  source: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  image: '/uploads/embeds/abc.png',
  width: 600,
  height: 340,
  title: 'Haftanın videosu',
  excerpt: 'Metro hattının açılışı, bir dakikada.',
  picture: '/uploads/embeds/small.png',
  site: 'YouTube',
});
const product =
  '<figure class="mh-embed" data-embed="product" data-embed-id="Zz3dE5gH9k" data-url="https://bulten.example.com/s/metro"><a href="https://bulten.example.com/s/metro"><img src="/uploads/embeds/card.png" alt="Metro" width="550" height="420" /></a></figure>';

describe('the sanitizer', () => {
  it('keeps a button and an embed as the editor writes them', () => {
    expect(sanitizeRichText(`<p>Önce</p>${button}${youtube}`)).toBe(`<p>Önce</p>${button}${youtube}`);
    expect(sanitizeRichText(videoCard)).toBe(videoCard.replace('height="340">', 'height="340" />'));
  });

  it("keeps an embed's card words to their lengths on one line, and its small picture only at an http(s) or /uploads address", () => {
    const figure = (attributes: string) =>
      sanitizeRichText(`<figure class="mh-embed" ${attributes}><a href="https://a.example"><img src="/uploads/a.png"></a></figure>`);
    const long = figure(`data-excerpt="${'çok '.repeat(100)}" data-site="  Bir\n site  " data-picture="https://img.example/a.jpg"`);
    expect(/data-excerpt="([^"]*)"/.exec(long)![1]!.length).toBe(embedText.excerptMax);
    expect(long).toContain('data-site="Bir site"');
    expect(long).toContain('data-picture="https://img.example/a.jpg"');
    for (const picture of ['javascript:alert(1)', '//evil.example/a.png', '/etc/passwd', '/uploads/../secret', 'data:image/png;base64,AAAA'])
      expect(figure(`data-picture="${picture}"`)).not.toContain('data-picture');
  });

  it('keeps nothing else of them: no script address, no other style, no unknown kind or bad id', () => {
    const html = sanitizeRichText(
      '<div class="mh-button x" data-color="red" onclick="x()"><a href="javascript:alert(1)" style="position:fixed;color:#111111">Hi</a></div>' +
        '<figure class="mh-embed" data-embed="bogus" data-embed-id="short" data-url="javascript:alert(1)" onload="x()"><a href="https://a.example"><img src="/uploads/a.png"></a></figure>',
    );
    expect(html).toBe(
      '<div class="mh-button"><a style="color:#111111">Hi</a></div><figure class="mh-embed"><a href="https://a.example"><img src="/uploads/a.png" /></a></figure>',
    );
  });

  it('keeps an embed whose picture was never made as the link it stands for', () => {
    const html =
      '<p>a</p><figure class="mh-embed-pending" data-embed-id="Ab3dE5gH9k" data-url="https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC"></figure>';
    expect(hasPendingEmbed(html)).toBe(true);
    const kept = sanitizeRichText(html);
    expect(hasPendingEmbed(kept)).toBe(false);
    expect(kept).toBe('<p>a</p><a href="https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC">https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC</a>');
  });
});

describe('where embeds are read', () => {
  it('plays YouTube and Spotify in their frames on a public page, at the embed size', () => {
    const html = webRichText(sanitizeRichText(`<p>Önce</p>${youtube}${button}`));
    expect(html).toContain('<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Bir video" width="600" height="340" loading="lazy"');
    expect(html).toContain('style="aspect-ratio:600/340"');
    // The rest stays byte for byte.
    expect(html.startsWith('<p>Önce</p>')).toBe(true);
    expect(html.endsWith(button)).toBe(true);
  });

  it("wraps a Twitter post's picture in Twitter's widget, and keeps our own content's card as its linked picture", () => {
    const tweet = youtube
      .replace('data-embed="youtube"', 'data-embed="twitter"')
      .replaceAll('https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://twitter.com/masthead/status/123');
    const html = webRichText(sanitizeRichText(tweet + product));
    expect(html).toContain(
      '<blockquote class="twitter-tweet" data-dnt="true"><a href="https://twitter.com/masthead/status/123"><img src="/uploads/embeds/abc.png"',
    );
    expect(html).toContain('<script async src="https://platform.twitter.com/widgets.js"></script>');
    expect(html.endsWith(product)).toBe(true);
  });

  it('gives an e-mail each embed as a card of text beside its small picture, at absolute addresses, and a bulletproof button', () => {
    const html = emailRichText(sanitizeRichText(`${videoCard}${button}<p><img src="/uploads/images/a.png" alt="" /></p>`), 'https://bulten.example.com/');
    expect(html).not.toContain('<iframe');
    // The picture of the whole card is not used: its words would shrink with it on a phone.
    expect(html).not.toContain('/uploads/embeds/abc.png');
    expect(html).toContain(
      '<a class="x-embed-a" href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" target="_blank"><img src="https://bulten.example.com/uploads/embeds/small.png" alt="" width="160" style="display:block;width:160px;max-width:100%',
    );
    expect(html).toContain('<a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" target="_blank">Haftanın videosu</a>');
    expect(html).toContain('>Metro hattının açılışı, bir dakikada.</div>');
    expect(html).toContain('>▶ YouTube · youtube.com</div>');
    // Beside the picture on a wide screen, under it on a narrow one; Outlook gets a table.
    expect(html).toContain('<div class="x-embed-pic" style="display:inline-block;vertical-align:top;width:100%;max-width:176px">');
    expect(html).toContain('<!--[if mso]><table role="presentation"');
    expect(html).toContain('<td align="center" bgcolor="#ffce14"');
    expect(html).toContain('href="https://example.com/?a=customButton" target="_blank" style="display:inline-block;padding:12px 24px');
    expect(html).toContain('color:#111111;background-color:#ffce14">Raporu oku</a></td></tr></table>');
    expect(html).toContain('<img src="https://bulten.example.com/uploads/images/a.png"');
  });

  it('reads an embed stored before its words were kept as text: its title from the description, its source from the link, no picture', () => {
    const html = emailRichText(sanitizeRichText(youtube), 'https://bulten.example.com');
    expect(html).not.toContain('<img');
    expect(html).toContain('<a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" target="_blank">Bir video</a>');
    expect(html).toContain('>▶ YouTube · youtube.com</div>');
  });

  it('links our own content at PUBLIC_URL as it is now, and names no host a reader cannot reach', () => {
    const made = storedEmbedHtml({
      id: 'Zz3dE5gH9k',
      shown: 'product',
      source: 'http://localhost:8080/s/metro',
      link: 'http://localhost:8080/s/metro',
      image: '/uploads/embeds/card.png',
      width: 550,
      height: 420,
      title: 'Şehirde Yeni Metro Hattı',
      excerpt: 'Yeni hat bu sabah açıldı.',
      site: 'Sabah Bülteni',
    });
    const sent = emailRichText(sanitizeRichText(made), 'https://bulten.example.com');
    expect(sent).toContain('<a href="https://bulten.example.com/s/metro" target="_blank">Şehirde Yeni Metro Hattı</a>');
    expect(sent).toContain('>Sabah Bülteni · bulten.example.com</div>');
    expect(sent).not.toContain('localhost');
    // PUBLIC_URL unset (http://localhost:8080): the line names the newsletter alone.
    const local = emailRichText(sanitizeRichText(made), 'http://localhost:8080');
    expect(local).toContain('>Sabah Bülteni</div>');
    expect(local.replace(/href="[^"]*"/g, '')).not.toContain('localhost');
  });

  it('leaves rich text without embeds or buttons untouched', () => {
    const html = '<p>Merhaba <a href="https://example.com">dünya</a> &amp; <strong>herkes</strong></p>';
    expect(webRichText(html)).toBe(html);
    expect(emailRichText(html, 'https://bulten.example.com')).toBe(html);
  });
});
