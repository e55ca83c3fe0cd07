/** The core's words in Turkish (core/client/words.ts: English → Turkish). */
import type { Words } from './words';

const words: Words = {
  Close: 'Kapat',
  'Error!': 'Hata!',
  'CONSOLE LANGUAGE': 'KONSOL DİLİ',
  "The browser's language": 'Tarayıcının dili',
};

export default words;
