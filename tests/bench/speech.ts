/**
 * The speech budget (design.md section 6): a 9,000-character story generated and built in under
 * 15 s. The story is split into 500-character chunks as the speech plugin splits it, every chunk
 * spoken by the offline engine with its worker pool (2 threads) and the chunks joined into one
 * MP3. The compiled engine (dist-server, as `npm start` runs it) is measured when built, else the
 * source. The threads start (and load espeak-ng) before the clock runs; that start is printed too.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

type SpeechModule = typeof import('../../core/server/services/speech/index');

const root = resolve(import.meta.dirname, '..', '..');
export const budgetSeconds = 15;
const storyCharacters = 9000;
const chunkCharacters = 500;
const workers = 2;

const paragraph =
  'Belediye meclisi dün akşam yaptığı toplantıda kentin yeni ulaşım planını kabul etti. Plana göre önümüzdeki iki yıl içinde ' +
  'otuz kilometrelik yeni bisiklet yolu yapılacak, otobüs hatları yeniden düzenlenecek ve merkezdeki üç cadde yayalara açılacak. ' +
  'Belediye başkanı, planın hazırlanmasında mahalle toplantılarında dile getirilen önerilerin dikkate alındığını söyledi. ' +
  'Esnaf temsilcileri ise yaya bölgesinin dükkânlara ulaşımı zorlaştırabileceği endişesini taşıyor; başkan, yükleme ' +
  'saatlerinin esnafla birlikte belirleneceğini ve ilk altı ayın bir deneme dönemi olacağını açıkladı. Uzmanlar, benzer ' +
  'uygulamaların başka şehirlerde hava kirliliğini belirgin biçimde azalttığını hatırlatıyor. ';

export interface SpeechFigures {
  characters: number;
  chunks: number;
  seconds: number;
  audioSeconds: number;
  /** CPU time of the whole process, both threads included: what the work costs, whatever else the machine runs. */
  cpuSeconds: number;
  /** Seconds of audio per second of CPU time. */
  realTimeFactor: number;
  startSeconds: number;
  compiled: boolean;
}

/** Whole sentences packed into chunks of at most `size` characters. */
function chunksOf(text: string, size: number): string[] {
  const chunks: string[] = [];
  let current = '';
  for (const sentence of text.match(/[^.!?]+[.!?]+\s*/g)!) {
    if (current && current.length + sentence.length > size) {
      chunks.push(current.trim());
      current = '';
    }
    current += sentence;
  }
  if (current.trim()) chunks.push(current.trim());
  return chunks;
}

export async function measureSpeech(): Promise<SpeechFigures> {
  const built = resolve(root, 'dist-server/core/server/services/speech/index.js');
  const compiled = existsSync(built);
  const speech = (await import(compiled ? pathToFileURL(built).href : '../../core/server/services/speech/index')) as SpeechModule;
  // Whole sentences up to the 9,000th character.
  const sentences = paragraph.repeat(Math.ceil((2 * storyCharacters) / paragraph.length)).match(/[^.!?]+[.!?]+\s*/g)!;
  let story = '';
  while (story.trimEnd().length < storyCharacters) story += sentences.shift();
  const chunks = chunksOf(story, chunkCharacters);
  const characters = story.trim().length;
  const engine = speech.createSpeechEngine({ workers });
  try {
    const request = { voiceId: 'tr-female', stability: 0.5, similarityBoost: 0.5 };
    let started = performance.now();
    await Promise.all(Array.from({ length: workers }, () => engine.speak({ ...request, text: 'Merhaba.' })));
    const startSeconds = (performance.now() - started) / 1000;

    started = performance.now();
    const cpuBefore = process.cpuUsage();
    const parts = await Promise.all(
      chunks.map((text, index) => engine.speak({ ...request, text, previousText: chunks[index - 1], nextText: chunks[index + 1] })),
    );
    const joined = speech.joinSpeech(parts);
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    return {
      characters,
      chunks: chunks.length,
      seconds,
      audioSeconds: joined.duration,
      cpuSeconds,
      realTimeFactor: joined.duration / cpuSeconds,
      startSeconds,
      compiled,
    };
  } finally {
    await engine.close();
  }
}

/** Prints the figures; answers whether the budget was missed. */
export function printSpeech(figures: SpeechFigures): boolean {
  const over = figures.seconds > budgetSeconds;
  console.log(
    `speech: ${figures.characters.toLocaleString('en')} characters generated and joined in ${figures.seconds.toFixed(1)} s (goal ${budgetSeconds} s), real-time factor ${figures.realTimeFactor.toFixed(1)}${over ? '  OVER BUDGET' : ''}`,
  );
  console.log(
    `  ${figures.chunks} chunks of at most ${chunkCharacters} characters, ${workers} worker threads (${figures.compiled ? 'compiled' : 'source'}), ${(figures.audioSeconds / 60).toFixed(1)} minutes of audio, ${figures.cpuSeconds.toFixed(1)} s of CPU time (the real-time factor is per second of it); the threads started in ${figures.startSeconds.toFixed(1)} s`,
  );
  return over;
}
