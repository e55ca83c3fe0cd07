/**
 * POST /chunks/create: a story's HTML split into chunks the speech engine speaks one at a time.
 * A chunk is at most `size` characters and ends at a sentence's end (a sentence longer than that
 * ends at a clause or a word), so every chunk reads as whole speech; line breaks and asterisks go
 * (spec 002 section 5). Paragraphs start a new chunk once the current one is half full, so a
 * chunk rarely runs across a change of subject.
 */
import { sanitizeRichText } from '../../../core/server/sanitize';
import { htmlToText } from '../../../core/shared/text';
import { cleanChunkText } from '../rules';

const blockEnd = /<\/(?:p|h[1-6]|li|blockquote|div|figure|figcaption|pre|td|th)>|<br\s*\/?>/gi;

export function splitIntoChunks(html: string, size: number, language: string): string[] {
  const paragraphs = sanitizeRichText(html)
    .split(blockEnd)
    .map((block) => cleanChunkText(htmlToText(block)))
    .filter(Boolean)
    // A heading or a line without a full stop would run into the next one when spoken.
    .map((paragraph) => (/[.!?…:;]["'”’)]*$/.test(paragraph) ? paragraph : `${paragraph}.`));
  const chunks: string[] = [];
  let current = '';
  const flush = () => {
    if (current) chunks.push(current);
    current = '';
  };
  for (const paragraph of paragraphs) {
    if (current.length >= size / 2) flush();
    for (const piece of piecesOf(paragraph, size, language)) {
      if (current && current.length + 1 + piece.length > size) flush();
      current = current ? `${current} ${piece}` : piece;
    }
  }
  flush();
  return chunks;
}

/** A paragraph's sentences, each cut further when longer than `size`. */
function piecesOf(paragraph: string, size: number, language: string): string[] {
  const sentences = [...new Intl.Segmenter(language, { granularity: 'sentence' }).segment(paragraph)].map((part) => part.segment.trim()).filter(Boolean);
  return sentences.flatMap((sentence) => (sentence.length <= size ? [sentence] : cutLong(sentence, size)));
}

/** A sentence longer than `size`, cut after a clause (',', ';', ':') when one falls in the second half, else at a space. */
function cutLong(sentence: string, size: number): string[] {
  const pieces: string[] = [];
  let rest = sentence;
  while (rest.length > size) {
    const window = rest.slice(0, size);
    const clause = Math.max(window.lastIndexOf(', '), window.lastIndexOf('; '), window.lastIndexOf(': '));
    const space = window.lastIndexOf(' ');
    const cut = clause >= size / 2 ? clause + 1 : space > 0 ? space : size;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}
