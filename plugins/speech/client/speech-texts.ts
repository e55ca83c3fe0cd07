/**
 * The speech messages of ../rules.ts that carry a value, in the console's language: the same
 * English text is the key, the value a placeholder (words.tr.ts has their Turkish). The messages
 * without a value are shown through `t` (or a toast) as rules.ts writes them.
 */
import { formatNumber } from '../../../core/client/format';
import { t } from '../../../core/client/words';

export const speechTexts = {
  chunkRetrieval: (id: string) => t('Failed to retrieve chunk with ID {id}. Try refreshing', { id }),
  chunkStore: (text: string) => t('Failed to store chunk with text {text}... Try refreshing.', { text: text.slice(0, 30) }),
  chunkGenerate: (id: string) => t('Failed to generate chunk with ID {id}. Try refreshing.', { id }),
  chunkNotReady: (number: number) => t('Chunk {number} has no audio yet.', { number: formatNumber(number) }),
};
