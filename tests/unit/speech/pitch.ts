/**
 * A rough pitch track for the tests: the fundamental frequency of each voiced 50 ms window, by
 * autocorrelation. Enough to hear in numbers what a listener hears: how much the voice's pitch
 * moves (intonation) and where it sits.
 */
const windowSeconds = 0.05;
const lowestHz = 70;
const highestHz = 400;
/** Quieter windows are pauses or consonants, and less periodic ones unvoiced. */
const voicedRms = 1500;
const voicedCorrelation = 0.6;

export function pitchTrack(samples: Int16Array, sampleRate: number): number[] {
  const window = Math.round(windowSeconds * sampleRate);
  const shortest = Math.round(sampleRate / highestHz);
  const longest = Math.round(sampleRate / lowestHz);
  const track: number[] = [];
  for (let start = 0; start + window <= samples.length; start += window) {
    let energy = 0;
    for (let index = start; index < start + window; index++) energy += samples[index]! ** 2;
    if (Math.sqrt(energy / window) < voicedRms) continue;
    const correlations: number[] = [];
    for (let lag = shortest; lag <= longest; lag++) {
      let product = 0;
      let first = 0;
      let second = 0;
      for (let index = start; index + lag < start + window; index++) {
        product += samples[index]! * samples[index + lag]!;
        first += samples[index]! ** 2;
        second += samples[index + lag]! ** 2;
      }
      correlations.push(product / Math.sqrt(first * second || 1));
    }
    const best = Math.max(...correlations);
    if (best < voicedCorrelation) continue;
    // The first peak near the best: twice the period correlates as well and would halve the pitch.
    let at = 0;
    while (!(correlations[at]! >= 0.9 * best && (at + 1 >= correlations.length || correlations[at]! >= correlations[at + 1]!))) at++;
    track.push(sampleRate / (shortest + at));
  }
  return track;
}

/** How far the pitch moves around its mean, in semitones (standard deviation). */
export function pitchSpreadSemitones(track: number[]): number {
  const meanLog = track.reduce((sum, hz) => sum + Math.log2(hz), 0) / track.length;
  return 12 * Math.sqrt(track.reduce((sum, hz) => sum + (Math.log2(hz) - meanLog) ** 2, 0) / track.length);
}

export function medianHz(track: number[]): number {
  return [...track].sort((a, b) => a - b)[track.length >> 1]!;
}

export const semitonesBetween = (a: number, b: number): number => Math.abs(12 * Math.log2(a / b));
