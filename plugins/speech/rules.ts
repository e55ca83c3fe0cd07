/** The text rules of text to speech both sides apply (spec 002 sections 2.2, 2.3, 5, 8, 9). */

export const speechMessages = {
  chunkGeneration: 'Error in chunk generation, try again.',
  chunkRetrieval: (id: string) => `Failed to retrieve chunk with ID ${id}. Try refreshing`,
  chunkStore: (text: string) => `Failed to store chunk with text ${text.slice(0, 30)}... Try refreshing.`,
  audioCreation: 'Failed to create audio. Try refreshing.',
  chunkGenerate: (id: string) => `Failed to generate chunk with ID ${id}. Try refreshing.`,
  audioList: 'Error happened while fetching items',
  notReady: 'Every chunk needs its audio before the audio is built.',
  chunkNotReady: (number: number) => `Chunk ${number} has no audio yet.`,
  bulletAttach: 'Only an article or an issue can have an episode.',
  emptyChunk: 'A chunk needs some text before it is spoken.',
  chunkNotInAudio: 'A part of the audio is not a chunk of its story or issue.',
  chunkRepeated: 'A chunk is a part of the audio once.',
  audioTooLong: (minutes: number) => `An audio is at most ${minutes} minutes long: take out some chunks or split it in two.`,
  premiumEpisode: 'Premium content is for subscribers: its audio cannot be a public podcast episode.',
} as const;

/** The content a TTS record is made of: a story of either type, or an issue. */
export const speechContentTypes = ['article', 'bullet', 'issue'] as const;
export type SpeechContentType = (typeof speechContentTypes)[number];

/** Words of a text with its bracketed parts ('[Foto: AA]', '(video)') and its marks ('•', '—') removed. */
function wordsOf(text: string): string[] {
  return text
    .replace(/\[[^\]]*\]|\([^)]*\)|\{[^}]*\}/g, ' ')
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word));
}

/** The first `count` words of a text with bracketed parts removed; '' when there are none. */
export function firstWords(text: string, count: number): string {
  return wordsOf(text).slice(0, count).join(' ');
}

/** Chunk text as it is stored: no line breaks and no asterisks (spec 002 section 5). */
export function cleanChunkText(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .replace(/\*/g, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
}
