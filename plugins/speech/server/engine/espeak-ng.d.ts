/** The part of @echogarden/espeak-ng-emscripten (which ships no types) the offline engine uses. */
declare module '@echogarden/espeak-ng-emscripten' {
  export interface ESpeakNGWorker {
    /** gender: 1 male, 2 female; variant 0 is the voice's own, others pick one of espeak-ng's variants. */
    set_voice(name: string, language: string, gender: number, age: number, variant: number): number;
    set_rate(wordsPerMinute: number): number;
    set_pitch(pitch: number): number;
    set_range(range: number): number;
    get_samplerate(): number;
    /** Calls back with each block of 16-bit mono PCM; answering true stops the synthesis. */
    synthesize(text: string, callback: (samples: Int16Array, events: unknown[]) => boolean): number;
    list_voices(): { name: string; identifier: string; languages: { priority: number; name: string }[] }[];
  }
  export interface ESpeakNGModule {
    eSpeakNGWorker: new () => ESpeakNGWorker;
  }
  export default function createModule(): Promise<ESpeakNGModule>;
}
