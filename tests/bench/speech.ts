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
import { beside, times } from './baseline';

type SpeechModule = typeof import('../../plugins/speech/server/engine/index');

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
  /** The baseline, just after, on the same threads: the story's first chunk spoken on each thread at once (and its CPU time). */
  baselineSeconds: number;
  baselineCpuSeconds: number;
}

/** Whole sentences up to the 9,000th character. */
function benchStory(): string {
  const sentences = paragraph.repeat(Math.ceil((2 * storyCharacters) / paragraph.length)).match(/[^.!?]+[.!?]+\s*/g)!;
  let story = '';
  while (story.trimEnd().length < storyCharacters) story += sentences.shift();
  return story;
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
  const built = resolve(root, 'dist-server/plugins/speech/server/engine/index.js');
  const compiled = existsSync(built);
  const speech = (await import(compiled ? pathToFileURL(built).href : '../../plugins/speech/server/engine/index')) as SpeechModule;
  const story = benchStory();
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
    const joined = await speech.joinSpeech(parts);
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;

    // The baseline, just after on the same warm threads: one fixed chunk on each, what the machine gives the engine now.
    started = performance.now();
    const baselineCpuBefore = process.cpuUsage();
    await Promise.all(Array.from({ length: workers }, () => engine.speak({ ...request, text: chunks[0]! })));
    const baselineSeconds = (performance.now() - started) / 1000;
    const baselineCpu = process.cpuUsage(baselineCpuBefore);
    return {
      characters,
      chunks: chunks.length,
      seconds,
      audioSeconds: joined.duration,
      cpuSeconds,
      realTimeFactor: joined.duration / cpuSeconds,
      startSeconds,
      compiled,
      baselineSeconds,
      baselineCpuSeconds: (baselineCpu.user + baselineCpu.system) / 1e6,
    };
  } finally {
    await engine.close();
  }
}

/** Prints the figures; answers whether the budget was missed. */
export function printSpeech(figures: SpeechFigures): boolean {
  const over = figures.seconds > budgetSeconds;
  console.log(
    `speech: ${figures.characters.toLocaleString('en')} characters generated and joined in ${beside(figures.seconds, figures.baselineSeconds, 's', 2)} (goal ${budgetSeconds} s), real-time factor ${figures.realTimeFactor.toFixed(1)}${over ? '  OVER BUDGET' : ''}`,
  );
  console.log(
    `  baseline: the story's first chunk (${chunkCharacters} characters at most) spoken on each of the ${workers} threads at once, just after: ${figures.baselineSeconds.toFixed(2)} s, ${figures.baselineCpuSeconds.toFixed(2)} s of CPU time (the story: ${times(figures.cpuSeconds, figures.baselineCpuSeconds)} its CPU time)`,
  );
  console.log(
    `  ${figures.chunks} chunks of at most ${chunkCharacters} characters, ${workers} worker threads (${figures.compiled ? 'compiled' : 'source'}), ${(figures.audioSeconds / 60).toFixed(1)} minutes of audio, ${figures.cpuSeconds.toFixed(1)} s of CPU time (the real-time factor is per second of it); the threads started in ${figures.startSeconds.toFixed(1)} s`,
  );
  return over;
}

export interface SpeechApiFigures {
  chunks: number;
  /** From the first GENERATE to the built MP3, as the story audio screen asks (two chunks at a time, then BUILD STORY). */
  seconds: number;
  audioSeconds: number;
}

/**
 * The same story through the server, as a user waits for it: its HTML split by POST /chunks/create,
 * each chunk stored, an audio made, every chunk generated (the screen's Generate All Chunks: two
 * GET /chunks/generate?type=instant at a time, each a job on the queue) and the audio built (GET
 * /audios/concat). The server runs in this process on the embedded database, with demo data.
 */
export async function measureSpeechThroughApi(): Promise<SpeechApiFigures> {
  const { buildServer } = await import('../../core/server/app');
  const { readEnv } = await import('../../core/server/env');
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const dataDir = mkdtempSync(join(tmpdir(), 'masthead-bench-speech-'));
  const server = await buildServer({
    env: readEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_PASSWORD: 'Masthead-demo-1', SPEECH_WORKERS: String(workers) }),
    memoryDatabase: true,
    logger: false,
  });
  await server.app.ready();
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, body?: object) => {
    const response = await server.app.inject({ method, url: `/api${url}`, headers: token ? { authorization: `Bearer ${token}` } : {}, payload: body });
    if (response.statusCode !== 200) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    return JSON.parse(response.body).data;
  };
  try {
    const token = (await call('POST', '/auth/login', undefined, { email: 'editor@masthead.local', password: 'Masthead-demo-1' })) as string;
    const newsletter = ((await call('GET', '/auth/verify', token)).scopes as { _id: string; type: string }[]).find((scope) => scope.type === 'newsletter')!._id;
    const story = (
      (
        await server.app.inject({
          method: 'GET',
          url: `/api/stories/list?newsletter=${newsletter}&type=article&limit=1`,
          headers: { authorization: `Bearer ${token}` },
        })
      ).json() as {
        data: { _id: string }[];
      }
    ).data[0]!;
    const html = `<p>${benchStory()}</p>`;
    const texts = (await call('POST', '/chunks/create', token, { text: html, chunk_size: chunkCharacters })) as string[];
    const ids: string[] = [];
    for (const text of texts) ids.push((await call('PUT', '/chunks/create', token, { content_id: story._id, content_type: 'article', text })).id);
    const audio = await call('POST', '/audios/create', token, { chunks: ids });

    const started = performance.now();
    let next = 0;
    const generateNext = async (): Promise<void> => {
      while (next < ids.length) {
        const index = next++;
        await call('GET', `/chunks/generate/${ids[index]}?type=instant&previous_chunk_id=${ids[index - 1] ?? ''}&next_chunk_id=${ids[index + 1] ?? ''}`, token);
      }
    };
    await Promise.all(Array.from({ length: workers }, generateNext));
    const built = await call('GET', `/audios/concat/${audio.id}`, token);
    return { chunks: ids.length, seconds: (performance.now() - started) / 1000, audioSeconds: built.duration };
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Prints the figure through the API, beside the same story spoken by the engine alone in the same
 * run (`direct`, measureSpeech's) when given; answers whether the budget was missed.
 */
export function printSpeechThroughApi(figures: SpeechApiFigures, direct?: SpeechFigures): boolean {
  const over = figures.seconds > budgetSeconds;
  const seconds = direct ? beside(figures.seconds, direct.seconds, 's', 1) : `${figures.seconds.toFixed(1)} s`;
  console.log(
    `speech through the API: ${figures.chunks} chunks generated on the job queue and built in ${seconds} (goal ${budgetSeconds} s), ${(figures.audioSeconds / 60).toFixed(1)} minutes of audio${over ? '  OVER BUDGET' : ''}`,
  );
  if (direct) console.log(`  baseline: the same story spoken and joined by the engine alone, above`);
  return over;
}
