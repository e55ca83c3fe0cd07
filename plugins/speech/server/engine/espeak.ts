/**
 * espeak-ng compiled to WebAssembly: text to 16-bit mono PCM with no network and nothing to
 * install. Loading takes about 120 ms and some megabytes, so each worker thread loads it once.
 */
import type { EspeakSettings } from './voices';
import { speechSampleRate } from './format';

export interface Espeak {
  synthesize(text: string, settings: EspeakSettings): Int16Array;
}

export async function loadEspeak(): Promise<Espeak> {
  const { default: createEspeakModule } = await import('@echogarden/espeak-ng-emscripten');
  const module = await createEspeakModule();
  const engine = new module.eSpeakNGWorker();
  if (engine.get_samplerate() !== speechSampleRate) throw new Error(`espeak-ng speaks at ${engine.get_samplerate()} Hz, not ${speechSampleRate}`);
  return {
    synthesize(text, { language, gender, variant, rate, pitch, range }) {
      engine.set_voice(language, language, gender, 0, variant);
      engine.set_rate(rate);
      engine.set_pitch(pitch);
      engine.set_range(range);
      const blocks: Int16Array[] = [];
      engine.synthesize(text, (samples) => {
        blocks.push(samples);
        return false;
      });
      const result = new Int16Array(blocks.reduce((total, block) => total + block.length, 0));
      let offset = 0;
      for (const block of blocks) {
        result.set(block, offset);
        offset += block.length;
      }
      return result;
    },
  };
}
