/**
 * The house format of spoken audio and the figures the speech pipeline works to, in one place:
 * every chunk the engines speak is mono MP3 at this rate and bit rate, at one loudness, so that a
 * story's chunks joined one after another sound like one recording.
 */

/** Samples per second: espeak-ng's own rate, and the PCM rate ElevenLabs is asked for. */
export const speechSampleRate = 22050;
/** Constant bit rate of the MP3 (kbit/s): plenty for a voice at 22050 Hz. */
export const speechKbps = 64;
/** Samples in one MP3 frame at this rate (MPEG-2 Layer III). */
export const samplesPerFrame = 576;

/** Every chunk's loudness, as RMS of its sounding parts (dBFS): near broadcast speech levels. */
export const loudnessTargetDbfs = -20;
/** No sample goes above this (dBFS): head room so the MP3's decoded waveform does not clip. */
export const peakLimitDbfs = -1;
/** Quieter than this (dBFS) is silence: left out of the loudness measure, trimmed at the ends. */
export const silenceDbfs = -50;
/** Length of the blocks loudness is measured in (seconds). */
export const loudnessBlockSeconds = 0.05;
/** Silence kept before the first and after the last sound of a chunk (seconds), so no onset is cut. */
export const trimMarginSeconds = 0.05;

/** The pause between two joined chunks (seconds). */
export const defaultPauseSeconds = 0.6;

/** The voice spoken when a request names one the offline engine does not have. */
export const defaultVoiceId = 'tr-female';

/** How long ElevenLabs may take to answer one request. */
export const elevenLabsTimeoutMs = 60_000;
export const elevenLabsModel = 'eleven_multilingual_v2';
export const elevenLabsDefaultUrl = 'https://api.elevenlabs.io';
