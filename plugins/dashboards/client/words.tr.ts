/** The dashboards plugin's words in Turkish (core/client/words.ts: English → Turkish): the home panels. */
import type { Words } from '../../../core/client/words';

const words: Words = {
  // The plugin (plugin.ts) and its panels' titles (index.tsx).
  Dashboards: 'Panolar',

  // The greeting.
  'Good Morning, {name}!': 'Günaydın, {name}!',
  'Good Afternoon, {name}!': 'İyi günler, {name}!',
  'Good Evening, {name}!': 'İyi akşamlar, {name}!',
  'Good Night, {name}!': 'İyi geceler, {name}!',

  // The cards and the newsletters panel.
  'Finish and publish it': 'Tamamlayıp yayınlayın',

  // The updates (constants.dashboard.updates).
  'Publisher Handbook': 'Yayıncı El Kitabı',
  'What the law asks of every commercial e-mail: consent, sender, unsubscribe.':
    'Yasanın her ticari e-postadan istedikleri: izin, gönderen, abonelikten çıkma.',
  'Release Notes': 'Sürüm Notları',
  'What is new in this version of Masthead.': "Masthead'in bu sürümündeki yenilikler.",

  // The server's answers (plugins/dashboards/server).
};

export default words;
