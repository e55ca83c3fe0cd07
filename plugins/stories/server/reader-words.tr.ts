/** The stories' reader words in Turkish (core/server/reader-words.ts: English → Turkish): what a premium story shows whoever does not pay. */
import type { ReaderWords } from '../../../core/server/reader-words';

const words: ReaderWords = {
  'This story is for subscribers only.': 'Bu yazı abonelere özeldir.',
  'Subscribe to read it all': 'Abone olun, tamamını okuyun',
};
export default words;
