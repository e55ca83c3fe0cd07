/**
 * Before the journeys: the built console and server, then the demo data, seeded once, that every
 * worker's server starts from. A part already built from the same sources (`npm test` has just
 * built both) is not built again.
 */
import { buildPart, consolePart, serverPart } from '../../scripts/build/parts';
import { seedTemplate } from './server';

export default async function globalSetup(): Promise<void> {
  for (const part of [consolePart, serverPart]) {
    if (await buildPart(part, { onlyIfChanged: true, quiet: true })) console.log(`Built the ${part.name}: its sources had changed.`);
  }
  const started = Date.now();
  await seedTemplate();
  console.log(`Seeded the journeys' demo data in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
