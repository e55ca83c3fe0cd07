/** What the embed service reads of a page's head (OpenGraph, Twitter cards, title) and how it cleans a post's oEmbed html. */
import { describe, expect, it } from 'vitest';
import { decodePage, readPageMeta } from '../../plugins/embeds/server/meta';
import { cleanPostHtml } from '../../plugins/embeds/server/twitter';

const page = new URL('https://haber.example/yazi/1?ref=x');

describe('readPageMeta', () => {
  it('reads the OpenGraph tags, entities decoded, the image made absolute', () => {
    const html = `<html><head>
      <title>Sekme başlığı</title>
      <meta property="og:title" content="  Kıyıda   Bir Gün &amp; Şehir ">
      <meta property="og:description" content="Uzun bir açıklama">
      <meta property="og:image" content="/kapak.jpg">
      <meta property="og:site_name" content="Haber Sitesi">
    </head><body></body></html>`;
    expect(readPageMeta(html, page)).toEqual({
      title: 'Kıyıda Bir Gün & Şehir',
      description: 'Uzun bir açıklama',
      image: 'https://haber.example/kapak.jpg',
      siteName: 'Haber Sitesi',
    });
  });

  it('falls back to Twitter card tags, then the title and the description, then the host name', () => {
    const twitter = `<head><meta name="twitter:title" content="Kart başlığı"><meta name="twitter:image" content="https://cdn.example/k.png"><meta name="description" content="Açıklama"></head>`;
    expect(readPageMeta(twitter, page)).toEqual({
      title: 'Kart başlığı',
      description: 'Açıklama',
      image: 'https://cdn.example/k.png',
      siteName: 'haber.example',
    });
    expect(readPageMeta('<title>Yalnız başlık</title>', new URL('https://www.site.example/'))).toEqual({
      title: 'Yalnız başlık',
      description: '',
      image: '',
      siteName: 'site.example',
    });
  });

  it('keeps the first of each tag, prefers a secure image URL, and ignores tags in the body and images that are not http(s)', () => {
    const html = `<head>
      <meta property="og:title" content="Birinci"><meta property="og:title" content="İkinci">
      <meta property="og:image" content="http://eski.example/a.png"><meta property="og:image:secure_url" content="https://yeni.example/a.png">
      </head><body><meta property="og:description" content="Gövdedeki"></body>`;
    expect(readPageMeta(html, page)).toMatchObject({ title: 'Birinci', image: 'https://yeni.example/a.png', description: '' });
    expect(readPageMeta('<head><meta property="og:image" content="javascript:alert(1)"></head>', page).image).toBe('');
    expect(readPageMeta('<head><meta property="og:image" content="data:image/png;base64,AAAA"></head>', page).image).toBe('');
  });

  it('decodes a page in the charset it declares', () => {
    const latin5 = Buffer.from([0x3c, 0x74, 0x69, 0x74, 0x6c, 0x65, 0x3e, 0xfe, 0x65, 0x68, 0x69, 0x72, 0x3c, 0x2f, 0x74, 0x69, 0x74, 0x6c, 0x65, 0x3e]);
    expect(readPageMeta(decodePage(latin5, 'text/html; charset=iso-8859-9'), page).title).toBe('şehir');
    expect(decodePage(Buffer.from('<meta charset="utf-8"><title>Çay</title>'), 'text/html')).toContain('Çay');
  });
});

describe('cleanPostHtml', () => {
  it('keeps a blockquote of paragraphs, links and line breaks, and nothing else', () => {
    const html = cleanPostHtml(
      '<blockquote class="twitter-tweet other" style="x" onclick="y()"><p lang="tr" dir="ltr" class="z">Merhaba<br>dünya <a href="https://t.co/a" onclick="x">bağlantı</a><img src=x onerror=alert(1)></p>&mdash; Biri <a href="javascript:alert(1)">tarih</a></blockquote><script>alert(1)</script><iframe src="https://evil.example"></iframe>',
    );
    expect(html).toBe(
      '<blockquote class="twitter-tweet"><p lang="tr" dir="ltr">Merhaba<br />dünya <a href="https://t.co/a" rel="noopener noreferrer nofollow" target="_blank">bağlantı</a></p>— Biri <a rel="noopener noreferrer nofollow" target="_blank">tarih</a></blockquote>',
    );
  });
});
