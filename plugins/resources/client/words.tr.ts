/**
 * The resources' words in Turkish (core/client/words.ts: English → Turkish). The guides themselves
 * are written in Turkish (./guides) and stay so in every console language.
 */
import type { Words } from '../../../core/client/words';

const words: Words = {
  '← Tips & Tricks': '← İpuçları ve Püf Noktaları',
  'READ MORE': 'DEVAMINI OKU',
};

export default words;
