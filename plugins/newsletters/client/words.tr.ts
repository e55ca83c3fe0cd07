/** The newsletters plugin's words in Turkish (core/client/words.ts: English → Turkish): the newsletter list and the admins' switches. */
import type { Words } from '../../../core/client/words';

const words: Words = {
  // The plugin (plugin.ts) and the list.
  'Search newsletters': 'Bültenlerde ara',
  Created: 'Oluşturulma',

  // The admins' switches (newsletter-actions.ts, StatusSwitches.tsx).
  Unpublish: 'Yayından kaldır',

  // The server's answers the console shows (plugins/newsletters/server).
  'Newsletter created.': 'Bülten oluşturuldu.',
  'Newsletter published.': 'Bülten yayınlandı.',
  'Newsletter unpublished.': 'Bülten yayından kaldırıldı.',
  'Newsletter featured.': 'Bülten öne çıkarıldı.',
  'Newsletter unfeatured.': 'Bülten artık öne çıkarılmıyor.',
};

export default words;
