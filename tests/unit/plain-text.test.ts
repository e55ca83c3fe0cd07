/**
 * The plain-text part of an e-mail (core/server/email/plain-text.ts): it reads like the HTML part,
 * paragraph for paragraph, with every link's address, a button's and an embed's included.
 */
import { describe, expect, it } from 'vitest';
import { plainParagraphs, plainText } from '../../core/server/email/plain-text';
import { storedButtonHtml, storedEmbedHtml } from '../../core/shared/embeds';

const publicUrl = 'https://bulten.test';

describe('the plain-text part of rich text', () => {
  it('keeps paragraphs, headings and quotes apart with a blank line, and a line break as a line break', () => {
    const html =
      '<h2>Günün özeti</h2><p>Günaydın!</p><p>Bugün üç başlık var:<br>ulaşım, bütçe ve <strong>hafta sonu</strong>.</p><blockquote><p>“Şehir uyanıyor.”</p></blockquote>';
    expect(plainText(html, publicUrl)).toBe('Günün özeti\n\nGünaydın!\n\nBugün üç başlık var:\nulaşım, bütçe ve hafta sonu.\n\n“Şehir uyanıyor.”');
  });

  it('marks list items once: a bullet in a bulleted list, the number in an ordered one', () => {
    const html = '<ul><li>Metro</li><li>Bütçe</li></ul><ol><li>Birinci</li><li>İkinci</li></ol><p>• Yazıldığı gibi</p>';
    expect(plainParagraphs(html, publicUrl)).toEqual(['• Metro', '• Bütçe', '1. Birinci', '2. İkinci', '• Yazıldığı gibi']);
  });

  it("writes each link's address after its text, relative ones made absolute, and an address shown as text once", () => {
    const html =
      '<p>Kararın <a href="https://tcmb.example/karar?a=1&amp;b=2">metni</a> ve <a href="/i/gecen-hafta">geçen sayı</a>; <a href="https://ornek.example/">https://ornek.example/</a></p>';
    expect(plainText(html, publicUrl)).toBe(
      'Kararın metni (https://tcmb.example/karar?a=1&b=2) ve geçen sayı (https://bulten.test/i/gecen-hafta); https://ornek.example/',
    );
  });

  it("gives a custom button its label and address, and an embed its picture's description and address", () => {
    const embed = storedEmbedHtml({
      id: 'aB3dE5gH7j',
      shown: 'product',
      source: 'https://bulten.test/s/gece-pazari',
      link: 'https://bulten.test/s/gece-pazari',
      image: '/uploads/embeds/aB3dE5gH7j.png',
      title: 'Gece Pazarı "Geri" Dönüyor & Sürüyor',
      width: 550,
      height: 420,
    });
    const html = `<p>Önce buna bakın:</p>${embed}${storedButtonHtml('Hemen katıl', 'https://bulten.test/n/sabah/katil', '#0a4b8c')}<p>Son.</p>`;
    expect(plainParagraphs(html, publicUrl)).toEqual([
      'Önce buna bakın:',
      'Gece Pazarı "Geri" Dönüyor & Sürüyor (https://bulten.test/s/gece-pazari)',
      'Hemen katıl (https://bulten.test/n/sabah/katil)',
      'Son.',
    ]);
  });

  it('keeps written characters and drops what the sanitizer drops', () => {
    const html = '<p onclick="x()">R&amp;D &lt;beta&gt; için <em>iki</em>  boşluk</p><script>alert(1)</script><p></p>';
    expect(plainParagraphs(html, publicUrl)).toEqual(['R&D <beta> için iki boşluk']);
  });
});
