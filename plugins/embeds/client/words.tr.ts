/**
 * The embeds plugin's words in Turkish (core/client/words.ts: English → Turkish): it has no screens,
 * but the editor's embed dialog and its toasts show the service's answers (rules.ts, server/).
 */
import type { Words } from '../../../core/client/words';

const words: Words = {
  Embeds: 'Gömülü içerikler',
  'This address is on a private network; embeds must show public pages.': 'Bu adres özel bir ağda; gömülü içerikler herkese açık sayfaları göstermelidir.',
  'An embed is already being generated for you. Please wait for it to finish.': 'Sizin için zaten bir gömülü içerik hazırlanıyor. Lütfen bitmesini bekleyin.',
  'This is not the address of a post on X (Twitter).': "Bu, X'teki (Twitter) bir gönderinin adresi değil.",
  'Content not found.': 'İçerik bulunamadı.',
  'The image could not be drawn.': 'Görsel çizilemedi.',
  'The page is too large.': 'Sayfa çok büyük.',
  'The image is too large.': 'Görsel çok büyük.',
  'Too large.': 'Çok büyük.',
  'The page did not load.': 'Sayfa yüklenmedi.',
  'Twitter did not answer with a post.': 'Twitter bir gönderiyle yanıt vermedi.',
  'Twitter answered more than a post.': 'Twitter bir gönderiden fazlasıyla yanıt verdi.',
};

export default words;
