/** The stories' texts for readers, in the newsletter's language (core/server/reader-words.ts). */
import { readerWords } from '../../../core/server/reader-words';
import turkish from './reader-words.tr';

export const readerText = readerWords({ tr: turkish });
