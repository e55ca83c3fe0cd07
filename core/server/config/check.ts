/** Validates every file of config/ against its schema at start; a problem names the file and the field. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkConfig } from '../../shared/config-check';
import { configFiles, type ConfigName } from '../../shared/config';

const schemaDir = join(import.meta.dirname, '..', '..', '..', 'schemas', 'config');

export function configSchema(name: ConfigName): object {
  return JSON.parse(readFileSync(join(schemaDir, `${name}.schema.json`), 'utf8')) as object;
}

export function checkAllConfig(): void {
  for (const name of Object.keys(configFiles) as ConfigName[]) checkConfig(name, configFiles[name], configSchema(name));
}
