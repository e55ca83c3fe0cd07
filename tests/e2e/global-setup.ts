/**
 * Before the journeys: the built console and server, then the demo data, seeded once, that every
 * worker's server starts from. A part already built from the same sources is not built again, and
 * a template seeded from this build within the hour is kept: `npm test` runs this ahead of the
 * journeys (`npm run test:prepare`, tests/e2e/prepare.ts), beside the type check and the lint.
 */
import { buildPart, consolePart, serverPart } from '../../scripts/build/parts';
import { seedTemplate } from './server';

export default async function globalSetup(): Promise<void> {
  for (const part of [consolePart, serverPart]) {
    if (await buildPart(part, { onlyIfChanged: true, quiet: true })) console.log(`Built the ${part.name}: its sources had changed.`);
  }
  const started = Date.now();
  if (await seedTemplate({ unlessFresh: true })) console.log(`Seeded the journeys' demo data in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  else console.log("The journeys' demo data is seeded from this build already.");
}
