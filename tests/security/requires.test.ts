/**
 * Each plugin started with only what its manifest requires: the server starts, seeds its demo
 * data, and every route the plugin registers answers as it should with a well-formed request on
 * real records (never a 500, e.g. from a table of a plugin it forgot to require). Then the
 * loader's refusal of a config that leaves out a required plugin, naming both.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readManifests } from '../../core/server/plugins/registry';
import { withRequired } from '../../core/shared/plugin';
import { startTestServer } from '../api/server';
import { operationsOf, sampleBody } from './openapi';
import { adminSession, demoIds, finding, send, type Finding } from './walker';

const manifests = await readManifests(join(import.meta.dirname, '..', '..', 'plugins'));

describe('plugins with only what they require', () => {
  it.each(manifests.map((manifest) => manifest.id))(
    '%s starts alone with its requirements and walks its routes',
    async (id) => {
      const api = await startTestServer('pglite', {}, { enabledPlugins: withRequired([id], manifests) });
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
