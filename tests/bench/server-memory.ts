/**
 * The memory budget (design.md section 6): the production server at rest on the embedded database
 * under 300 MB RSS, started as `npm start` starts it on a fresh data folder with the demo data;
 * and what eight uploads at once of the largest accepted image add (issue 11: under 300 MB).
 */
import sharp from 'sharp';
import { constants } from '../../core/shared/config';
import { startProductionServer } from './production-server';

export const budgetMb = 300;
const uploadsAtOnce = 8;

export interface MemoryFigures {
  idleMb: number;
  uploadGrowthMb: number;
  idleAfterUploadsMb: number;
  uploadSeconds: number;
}

export async function measureServerMemory(): Promise<MemoryFigures> {
  const server = await startProductionServer();
  try {
    // Idle: the first start's work is done and V8 has shrunk its heap (it does, some 20-40 s after).
    const idleMb = await server.idleRssMb({ steadySeconds: 15, atLeastSeconds: 45 });
    const { longSide, shortSide } = constants.limits.imageMaxPixels;
    const png = await sharp({ create: { width: longSide, height: shortSide, channels: 4, background: '#2b88d8' } })
      .png()
      .toBuffer();
    const token = await server.signIn('editor@masthead.local');
    const before = server.rssMb();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, server.rssMb())), 20);
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: uploadsAtOnce }, (_, index) => server.uploadPng(token, png, `bench-${index}.png`)));
    clearInterval(sampler);
    const refused = answers.filter((answer) => answer.status !== 200);
    if (refused.length > 0) throw new Error(`uploads refused: ${JSON.stringify(refused[0])}`);
    const uploadSeconds = (Date.now() - started) / 1000;
    const idleAfterUploadsMb = await server.idleRssMb({ steadySeconds: 10, timeoutSeconds: 60 });
    return { idleMb, uploadGrowthMb: Math.max(peak, server.rssMb()) - before, idleAfterUploadsMb, uploadSeconds };
  } finally {
    await server.stop();
  }
}

/** Prints the figures; answers whether a budget was missed. */
export function printServerMemory(figures: MemoryFigures): boolean {
  const { longSide, shortSide } = constants.limits.imageMaxPixels;
  const mb = (value: number) => `${value.toFixed(0)} MB`.padStart(8);
  console.log(`Server memory (RSS, production build, embedded database), budget ${budgetMb} MB`);
  console.log(`  at rest after a first start with demo data   ${mb(figures.idleMb)}`);
  console.log(
    `  ${uploadsAtOnce} uploads at once of ${longSide} x ${shortSide} PNG  +${mb(figures.uploadGrowthMb).trimStart()} at peak, in ${figures.uploadSeconds.toFixed(1)} s`,
  );
  console.log(`  at rest after those uploads                  ${mb(figures.idleAfterUploadsMb)}`);
  let failed = false;
  if (figures.idleMb > budgetMb) {
    console.log('  OVER BUDGET: the server at rest');
    failed = true;
  }
  if (figures.uploadGrowthMb > budgetMb) {
    console.log('  OVER BUDGET: the uploads');
    failed = true;
  }
  return failed;
}
