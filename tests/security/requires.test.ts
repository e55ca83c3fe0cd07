/**
 * Each plugin started with only what its manifest requires: the server starts, seeds its demo
 * data, and every route the plugin registers answers as it should with a well-formed request on
 * real records (never a 500, e.g. from a table of a plugin it forgot to require). Then the
 * loader's refusal of a config that leaves out a required plugin, naming both.
 *
 * A plugin's set (it and what it requires, all the way down) often holds another plugin's whole
 * set: the issues' set holds the stories', which holds the subscribers'. Such a server starts where
 * a server of the largest set inside its own left off, seeded (decision 0046): it migrates and
 * seeds only the plugins that set lacks, the plugin itself always among them, so every plugin
 * still seeds in a server of exactly its set, and no table of a plugin outside the set is there.
 * Seeding each set from nothing took most of this file's time.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readManifests } from '../../core/server/plugins/registry';
import { withRequired } from '../../core/shared/plugin';
import { seededPoint, startTestServer, type SeededPoint, type TestServer } from '../api/server';
import { operationsOf, sampleBody } from './openapi';
import { adminSession, demoIds, finding, send, type Finding } from './walker';

const manifests = await readManifests(join(import.meta.dirname, '..', '..', 'plugins'));

/** Each plugin's set: the plugin and what it requires, all the way down. */
const sets = new Map(manifests.map((manifest) => [manifest.id, withRequired([manifest.id], manifests)]));

/** The plugin whose set is the largest other set inside this plugin's (ties: the first by id), if any. */
function baseOf(id: string): string | undefined {
  const set = sets.get(id)!;
  let base: string | undefined;
  for (const [other, inner] of sets) {
    if (other === id || inner.length >= set.length || !inner.every((plugin) => set.includes(plugin))) continue;
    if (!base || inner.length > sets.get(base)!.length) base = other;
  }
  return base;
}

const dumps = mkdtempSync(join(tmpdir(), 'masthead-requires-'));
afterAll(() => rmSync(dumps, { recursive: true, force: true }));

/** A server of the plugin's set, started where its base's server left off (or from nothing). */
async function startAlone(id: string): Promise<TestServer> {
  const base = baseOf(id);
  return startTestServer('pglite', {}, { enabledPlugins: sets.get(id), from: base ? await seeded(base) : undefined });
}

const seededSets = new Map<string, Promise<SeededPoint>>();

/** The plugin's set as its server seeded it, dumped once for the sets built on it. */
function seeded(id: string): Promise<SeededPoint> {
  let point = seededSets.get(id);
  if (!point) {
    point = (async () => {
      const api = await startAlone(id);
      try {
        return await seededPoint(api, mkdtempSync(join(dumps, `${id}-`)));
      } finally {
        await api.close();
      }
    })();
    seededSets.set(id, point);
  }
  return point;
}

const bases = new Set(manifests.map((manifest) => baseOf(manifest.id)));

describe('plugins with only what they require', () => {
  it.each(manifests.map((manifest) => manifest.id))(
    '%s starts alone with its requirements and walks its routes',
    async (id) => {
      // A base's server is dumped as it started, before any route changes what it holds.
      const api = bases.has(id) ? await startTestServer('pglite', {}, { enabledPlugins: sets.get(id), from: await seeded(id) }) : await startAlone(id);
      try {
        const ids = await demoIds(api);
        const operations = operationsOf(api.server.app.swagger() as never, api.server.routes).filter((operation) => operation.route.owner === id);
        const findings: Finding[] = [];
        const admin = adminSession(api);
        for (const operation of operations) {
          const realId = (name: string) => ids[`${operation.route.url.split('/')[2]}:${name}`] ?? ids[name] ?? randomUUID();
          const body = operation.body ? sampleBody(operation.body) : undefined;
          const attempt = {
            name: 'well-formed',
            method: operation.method,
            url: operation.path(realId),
            token: operation.route.access === 'public' ? undefined : await admin(),
            headers: body === undefined ? undefined : { 'content-type': 'application/json' },
            payload: body === undefined ? undefined : JSON.stringify(body),
          };
          const answer = await send(api, attempt);
          if (answer.status >= 500) findings.push(finding(attempt, answer));
        }
        expect(findings).toEqual([]);
      } finally {
        await api.close();
      }
    },
    60_000,
  );

  it('refuses to start without a required plugin, naming both', async () => {
    await expect(
      startTestServer('pglite', {}, { enabledPlugins: ['stories', 'newsletters', 'images', 'episodes', 'recordings', 'subscribers'] }),
    ).rejects.toThrow("config/plugins.json: 'stories' requires 'settings', which is not enabled");
  });
});
