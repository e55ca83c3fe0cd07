/**
 * `npm run test:prepare`: the journeys' global setup (the build, then the demo data) run ahead of
 * them. `npm test` runs it beside the type check and the lint, whose second core the build and the
 * seeding, each on one thread, would otherwise leave idle; the journeys' global setup then finds
 * both done.
 */
import globalSetup from './global-setup';

await globalSetup();
