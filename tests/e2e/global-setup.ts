/** Before the journeys: the demo data, seeded once, that every worker's server starts from. */
import { seedTemplate } from './server';

export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  await seedTemplate();
  console.log(`Seeded the journeys' demo data in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
