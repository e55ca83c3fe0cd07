/** Demo recordings for Kuzey Medya: short chimes the project makes itself (no file is shipped). */
import type { SeedContext } from '../../../core/server/plugins/contract';
import { demoTone } from '../../../core/server/services/demo-audio';
import { createRecording } from './public';

/** Notes in Hz: C5 E5 G5 C6 and friends, so each demo sounds a little different. */
const demoRecordings = [
  {
    title: 'Sabah Bülteni açılış müziği',
    description: 'Her sabah bültenin sesli sürümünü açan kısa melodi.',
    seconds: 6,
    notes: [523.25, 659.25, 783.99, 1046.5],
    uploader: 'director',
  },
  {
    title: 'Haftanın özeti — 12 Kasım',
    description: 'Haftanın öne çıkan haberlerinin sesli özeti için jenerik.',
    seconds: 10,
    notes: [392, 493.88, 587.33, 783.99, 587.33],
    uploader: 'editor',
  },
  {
    title: 'Teknoloji Notları geçiş sesi',
    description: 'Bölümler arasında çalınan kısa geçiş sesi.',
    seconds: 4,
    notes: [880, 659.25, 880],
    uploader: 'editor',
  },
  {
    title: 'Kültür Sanat Haftalık kapanış',
    description: 'Haftalık kültür sanat bülteninin kapanış melodisi.',
    seconds: 8,
    notes: [440, 523.25, 659.25, 523.25, 440],
    uploader: 'director',
  },
] as const;

export async function seedRecordings({ db, storage, demo }: SeedContext): Promise<void> {
  for (const recording of demoRecordings) {
    await createRecording(
      { db, storage },
      {
        publisherId: demo.publisherId,
        uploaderId: demo.userIds[recording.uploader],
        title: recording.title,
        description: recording.description,
        audio: { buffer: await demoTone({ seconds: recording.seconds, notes: [...recording.notes] }), mime: 'audio/mpeg', ext: 'mp3' },
      },
    );
  }
}
