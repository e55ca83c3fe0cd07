/**
 * MP3 encoding for every part of the server that makes audio: the speech plugin's engine (its
 * house format, plugins/speech/server/engine/mp3.ts) and the demo audio (demo-audio.ts). The
 * encoder is LAME compiled to WebAssembly (wasm-media-encoders, its binary shipped in the package:
 * nothing downloaded, nothing to install), four times as fast as the pure-JS port design.md names
 * (decision 0019). Every file it makes starts with a frame that borrows nothing from before it and
 * carries no tag frame.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { WasmMediaEncoder } from 'wasm-media-encoders';
import { onFirstUse } from '../on-first-use';

export interface Mp3Format {
  /** Samples per second of the PCM, and of the MP3. */
  sampleRate: number;
  /** Constant bit rate (kbit/s): one of LAME's. */
  kbps: NonNullable<Parameters<WasmMediaEncoder<'audio/mpeg'>['configure']>[0]['bitrate']>;
}

/** One encoder per thread, made by its first encode (a server that makes no audio holds no LAME); each encode configures it afresh. */
const loadLame = onFirstUse(async () => {
  const { createEncoder } = await import('wasm-media-encoders');
  return createEncoder('audio/mpeg', readFileSync(createRequire(import.meta.url).resolve('wasm-media-encoders/wasm/mp3')));
});

/** Samples handed to the encoder at a time. */
const encoderBlock = 16 * 1152;

/** 16-bit mono PCM as CBR MP3 in the given format. */
export async function encodeMonoMp3(samples: Int16Array, format: Mp3Format): Promise<Buffer> {
  const lame = await loadLame();
  // From here on nothing waits: no other encode can configure the encoder in between.
  lame.configure({ channels: 1, sampleRate: format.sampleRate, bitrate: format.kbps });
  const chunks: Buffer[] = [];
  // The encoder's answers live in its own memory until the next call: copy them.
  const keep = (chunk: Uint8Array) => chunk.byteLength > 0 && chunks.push(Buffer.from(chunk));
  const block = new Float32Array(encoderBlock);
  for (let start = 0; start < samples.length; start += encoderBlock) {
    const length = Math.min(encoderBlock, samples.length - start);
    for (let index = 0; index < length; index++) block[index] = samples[start + index]! / 32768;
    keep(lame.encode([block.subarray(0, length)]));
  }
  keep(lame.finalize());
  return Buffer.concat(chunks);
}
