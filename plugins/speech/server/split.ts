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

/**
 * A paragraph's sentences, each cut further when longer than `size`. The segmenter reads a window
 * of the paragraph at a time: given a whole long paragraph at once its memory grows with the square
 * of the text (issue 26), so a window's last sentence, which may go on past it, is read again at the
 * start of the next window.
 */
function* piecesOf(paragraph: string, size: number, language: string): Generator<string> {
  const segmenter = new Intl.Segmenter(language, { granularity: 'sentence' });
  const window = size * segmentWindowSizes;
  let start = 0;
  while (start < paragraph.length) {
    const end = Math.min(paragraph.length, start + window);
    const text = paragraph.slice(start, end);
    const segments = Array.from(segmenter.segment(text), ({ segment, index }) => ({ segment, index }));
    const last = segments.at(-1)!;
    const unfinished = end < paragraph.length;
    if (unfinished && last.index === 0) {
      // One sentence fills the window: its first piece is final, the rest is read again.
      const lead = text.length - text.trimStart().length;
      const cut = cutPoint(text.slice(lead), size);
      yield text.slice(lead, lead + cut).trim();
      start += lead + cut;
      continue;
    }
    const complete = unfinished ? segments.slice(0, -1) : segments;
    for (const { segment } of complete) {
      const sentence = segment.trim();
      if (sentence) yield* sentence.length <= size ? [sentence] : cutLong(sentence, size);
    }
    start += unfinished ? last.index : text.length;
  }
}

/** How many chunk sizes of a paragraph the sentence segmenter reads at a time. */
const segmentWindowSizes = 8;

/** A sentence longer than `size`, cut after a clause (',', ';', ':') when one falls in the second half, else at a space. */
function cutLong(sentence: string, size: number): string[] {
  const pieces: string[] = [];
  let rest = sentence;
  while (rest.length > size) {
    const cut = cutPoint(rest, size);
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

/** Where a text longer than `size` is cut: after its last clause in the second half of `size`, else at its last space, else at `size`. */
function cutPoint(text: string, size: number): number {
  const window = text.slice(0, size);
  const clause = Math.max(window.lastIndexOf(', '), window.lastIndexOf('; '), window.lastIndexOf(': '));
  const space = window.lastIndexOf(' ');
  return clause >= size / 2 ? clause + 1 : space > 0 ? space : size;
}
