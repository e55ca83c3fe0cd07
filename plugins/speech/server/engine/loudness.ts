/**
 * Even loudness between chunks: espeak-ng's voices and ElevenLabs' answers come out at different
 * levels, and a listener hears every jump between two chunks of one story. Each chunk is brought
 * to one RMS target, its peaks held under a limit by a smooth gain (no clipping, no clicks), and
 * its silent ends trimmed so the pause between joined chunks is the one we choose.
 */
import { loudnessBlockSeconds, loudnessTargetDbfs, peakLimitDbfs, silenceDbfs, speechSampleRate, trimMarginSeconds } from './format';

const fullScale = 32767;
/** The limiter's gain falls to a peak over this long and recovers over the release (seconds). */
const limiterAttackSeconds = 0.002;
const limiterReleaseSeconds = 0.05;
/** Close enough to the target (dB): the limiter's effect is corrected in a few passes. */
const loudnessTolerance = 0.2;
const loudnessPasses = 4;

export interface PcmLevel {
  /** RMS of the blocks louder than silence (dBFS); -Infinity when all is silence. */
  rmsDbfs: number;
  /** The largest absolute sample. */
  peak: number;
  peakDbfs: number;
}

export const dbfsToAmplitude = (dbfs: number): number => fullScale * 10 ** (dbfs / 20);
const amplitudeToDbfs = (amplitude: number): number => 20 * Math.log10(amplitude / fullScale);

/**
 * How loud 16-bit PCM is. The RMS leaves out blocks quieter than `silenceDbfs` (as EBU R128's
 * absolute gate does), so the pauses between sentences do not make a chunk count as quieter.
 */
export function pcmLevel(samples: Int16Array, sampleRate = speechSampleRate): PcmLevel {
  const block = Math.max(1, Math.round(loudnessBlockSeconds * sampleRate));
  const gate = dbfsToAmplitude(silenceDbfs) ** 2;
  let peak = 0;
  let loudSum = 0;
  let loudBlocks = 0;
  for (let start = 0; start < samples.length; start += block) {
    const end = Math.min(samples.length, start + block);
    let sum = 0;
    for (let index = start; index < end; index++) {
      const value = samples[index]!;
      sum += value * value;
      if (Math.abs(value) > peak) peak = Math.abs(value);
    }
    const meanSquare = sum / (end - start);
    if (meanSquare > gate) {
      loudSum += meanSquare;
      loudBlocks++;
    }
  }
  return { rmsDbfs: loudBlocks > 0 ? amplitudeToDbfs(Math.sqrt(loudSum / loudBlocks)) : -Infinity, peak, peakDbfs: amplitudeToDbfs(peak) };
}

/** The samples at `loudnessTargetDbfs`, no peak above `peakLimitDbfs`. Silence stays silence. */
export function normaliseLoudness(samples: Int16Array, sampleRate = speechSampleRate): Int16Array {
  const level = pcmLevel(samples, sampleRate);
  if (!Number.isFinite(level.rmsDbfs)) return samples.slice();
  let gainDb = loudnessTargetDbfs - level.rmsDbfs;
  let result = samples;
  for (let pass = 0; pass < loudnessPasses; pass++) {
    result = withLimitedGain(samples, 10 ** (gainDb / 20), sampleRate);
    // Limiting the peaks takes a little off the RMS: ask for that much more gain and try again.
    const missed = loudnessTargetDbfs - pcmLevel(result, sampleRate).rmsDbfs;
    if (Math.abs(missed) < loudnessTolerance) break;
    gainDb += missed;
  }
  return result;
}

/**
 * Applies `gain`, lowering it smoothly around every sample that would pass the limit: the gain
 * ramps down over the attack before such a sample (a look-ahead) and back up over the release.
 */
function withLimitedGain(samples: Int16Array, gain: number, sampleRate: number): Int16Array {
  const limit = dbfsToAmplitude(peakLimitDbfs);
  const envelope = new Float32Array(samples.length);
  for (let index = 0; index < samples.length; index++) {
    const amplified = Math.abs(samples[index]! * gain);
    envelope[index] = amplified > limit ? limit / amplified : 1;
  }
  const attackStep = 1 / (limiterAttackSeconds * sampleRate);
  const releaseStep = 1 / (limiterReleaseSeconds * sampleRate);
  // Each pass only lowers the envelope, so it stays at or under what every sample needs.
  for (let index = samples.length - 2; index >= 0; index--) envelope[index] = Math.min(envelope[index]!, envelope[index + 1]! + attackStep);
  for (let index = 1; index < samples.length; index++) envelope[index] = Math.min(envelope[index]!, envelope[index - 1]! + releaseStep);
  const result = new Int16Array(samples.length);
  for (let index = 0; index < samples.length; index++) {
    result[index] = Math.max(-fullScale, Math.min(fullScale, Math.round(samples[index]! * gain * envelope[index]!)));
  }
  return result;
}

/** The samples from just before the first sound to just after the last (empty when none). */
export function trimSilence(samples: Int16Array, sampleRate = speechSampleRate): Int16Array {
  const threshold = dbfsToAmplitude(silenceDbfs);
  let first = 0;
  while (first < samples.length && Math.abs(samples[first]!) <= threshold) first++;
  if (first === samples.length) return samples.subarray(0, 0);
  let last = samples.length - 1;
  while (Math.abs(samples[last]!) <= threshold) last--;
  const margin = Math.round(trimMarginSeconds * sampleRate);
  return samples.subarray(Math.max(0, first - margin), Math.min(samples.length, last + 1 + margin));
}
