/** The collections' reader words in Turkish (core/server/reader-words.ts: English → Turkish). */
import type { ReaderWords } from '../../../core/server/reader-words';

const words: ReaderWords = {
  Collections: 'Koleksiyonlar',
};
export default words;
