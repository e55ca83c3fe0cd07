/** The premium plugin's words in Turkish (core/client/words.ts: English → Turkish): the story settings' switch and its toasts. */
import type { Words } from '../../../core/client/words';

const words: Words = {
  'Premium stories': 'Premium yazılar',

  // The service's answers and refusals (plugins/premium/server, messages.ts).
  'The story is premium.': 'Yazı artık premium.',
  'The story is no longer premium.': 'Yazı artık premium değil.',
  'Invalid story object: missing ID.': 'Geçersiz yazı nesnesi: kimlik eksik.',
  'Failed to update the story.': 'Yazı güncellenemedi.',
  'Failed to revalidate the story.': 'Yazı yeniden doğrulanamadı.',
  'Invalid response data.': 'Geçersiz yanıt verisi.',
};

export default words;
