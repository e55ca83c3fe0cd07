/**
 * The live features: config/features.json is watched, and a valid edit takes effect without a
 * restart. An invalid edit is refused with a logged error and the last good settings stay.
 */
import { watch, readFileSync, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { checkConfig } from '../../shared/config-check';
import { shippedFeatures, type Features } from '../../shared/config';
import { configSchema } from './check';

export interface LiveFeatures {
  current(): Features;
  /** Reads the file again now (the watcher calls this; tests may too). */
  reload(): boolean;
  close(): void;
}

export function watchFeatures(configDir: string, log: FastifyBaseLogger): LiveFeatures {
  const file = join(configDir, 'features.json');
  const schema = configSchema('features');
  let features: Features = shippedFeatures;
  let timer: NodeJS.Timeout | undefined;

  const reload = (): boolean => {
    try {
      const next = JSON.parse(readFileSync(file, 'utf8')) as unknown;
      checkConfig('features', next, schema);
      const changed = JSON.stringify(next) !== JSON.stringify(features);
      features = next as Features;
      if (changed) log.info({ features: { ...features, $schema: undefined } }, 'features changed');
      return true;
    } catch (error) {
      log.error({ err: { message: (error as Error).message } }, 'config/features.json refused; the last good settings stay');
      return false;
    }
  };

  reload();
  let watcher: FSWatcher | undefined;
  try {
    // Watch the folder: editors often replace the file rather than write into it.
    watcher = watch(configDir, (_event, name) => {
      if (name !== 'features.json') return;
      clearTimeout(timer);
      timer = setTimeout(reload, 50);
    });
  } catch (error) {
    log.warn({ err: { message: (error as Error).message } }, 'cannot watch config/; features change on restart only');
  }

  return {
    current: () => features,
    reload,
    close() {
      clearTimeout(timer);
      watcher?.close();
    },
  };
}
