/** The newsletters plugin's words in Turkish (core/client/words.ts: English → Turkish): the newsletter list and the admins' switches. */
import type { Words } from '../../../core/client/words';

const words: Words = {
  // The plugin (plugin.ts) and the list.
  Newsletters: 'Bültenler',
  'Back to Dashboard': 'Panoya Dön',
  'Search newsletters': 'Bültenlerde ara',
  'There are no newsletters yet.': 'Henüz bülten yok.',
  Title: 'Başlık',
  Key: 'Anahtar',
  Subscribers: 'Aboneler',
  Status: 'Durum',
  Created: 'Oluşturulma',
  '{count} subscriber': '{count} abone',
  '{count} subscribers': '{count} abone',
  Open: 'Aç',

  // The admins' switches (newsletter-actions.ts, StatusSwitches.tsx).
  Publish: 'Yayınla',
  Unpublish: 'Yayından kaldır',
  Feature: 'Öne çıkar',
  Unfeature: 'Öne çıkarmayı kaldır',
  Published: 'Yayında',
  Featured: 'Öne çıkan',

  // The server's answers the console shows (plugins/newsletters/server).
  'Success!': 'Başarılı!',
  'Newsletter created.': 'Bülten oluşturuldu.',
  'Newsletter published.': 'Bülten yayınlandı.',
  'Newsletter unpublished.': 'Bülten yayından kaldırıldı.',
  'Newsletter featured.': 'Bülten öne çıkarıldı.',
  'Newsletter unfeatured.': 'Bülten artık öne çıkarılmıyor.',
  'Newsletter not found.': 'Bülten bulunamadı.',
  'Publisher not found.': 'Yayıncı bulunamadı.',
};

export default words;
