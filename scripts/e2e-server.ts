/**
 * A server for the end-to-end journeys: the built console and the server from its sources, on the
 * worker's slot (TEST_PARALLEL_INDEX, 0 by default: port E2E_PORT or 8090) with a fresh copy of
 * the seeded demo data and its own features file. tests/e2e/fixtures.ts starts one per worker;
 * `npx tsx scripts/e2e-server.ts` starts slot 0 by hand.
 */
import { clockControl } from '../core/server/clock';
import { e2eSlot, slotOf } from '../tests/e2e/paths';
import { prepareSlot, serverEnv } from '../tests/e2e/server';

prepareSlot(e2eSlot);
Object.assign(process.env, serverEnv(slotOf(e2eSlot)));
// Started by the journeys (tests/e2e/server.ts), the server's clock moves when a journey asks.
process.on('message', (message: { advanceClock?: number }) => {
  if (typeof message.advanceClock !== 'number') return;
  clockControl.advance(message.advanceClock);
  process.send?.({ clockAdvanced: message.advanceClock });
});
await import('../core/server/main');
