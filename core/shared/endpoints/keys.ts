/** The core's key check (spec section 7), declared once: core/server/keys.ts serves it, the console's slug fields call it. */
import { data, endpoint, schema } from '../endpoints';

export const keyEndpoints = {
  /** msg is AVAILABLE or EXISTS. */
  check: endpoint('GET', '/keys/check', { query: schema('api/key-check-query'), answer: data(schema('api/key-availability')) }),
};
