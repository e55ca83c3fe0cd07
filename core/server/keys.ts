/**
 * GET /keys/check?model&key&_id (spec section 7): is a key (a slug) free for a model? Each model's
 * owner registers how to look its keys up (`api.keys.register('Newsletter', ...)`); the answer is
 * msg AVAILABLE or EXISTS.
 */
import type { Session } from './auth/session';
import { invalid } from './errors';
import type { PluginApi } from './plugins/contract';
import { keyEndpoints } from '../shared/endpoints/keys';

/** Whether `key` is taken by a record other than `exceptId`, among what the caller's publisher could collide with. */
export type KeyLookup = (key: string, exceptId: string | undefined, session: Session) => Promise<boolean>;

export interface KeyRegistry {
  register(model: string, lookup: KeyLookup): void;
}

export function createKeyRegistry(): KeyRegistry & { lookups: Map<string, KeyLookup> } {
  const lookups = new Map<string, KeyLookup>();
  return {
    lookups,
    register(model, lookup) {
      if (lookups.has(model)) throw new Error(`keys: ${model} is registered twice`);
      lookups.set(model, lookup);
    },
  };
}

export function registerKeyCheck(api: PluginApi, lookups: Map<string, KeyLookup>): void {
  api.serve(keyEndpoints.check, {
    signedIn: true,
    summary: 'Whether a key (slug) is free for a model: msg AVAILABLE or EXISTS.',
    async handler(request, _reply, session) {
      const lookup = lookups.get(request.query.model);
      if (!lookup) throw invalid(`Unknown model: ${request.query.model}.`, 'model');
      const taken = await lookup(request.query.key.trim().toLowerCase(), request.query._id || undefined, session);
      return { data: { key: request.query.key, available: !taken }, msg: taken ? 'EXISTS' : 'AVAILABLE' };
    },
  });
}
