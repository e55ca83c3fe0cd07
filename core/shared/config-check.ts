/**
 * Validates a config file against its schema and names the file and the field in the error, e.g.
 * "config/constants.json: /pageSizes/images must be integer". Used at server start, at build, and
 * when features.json changes.
 */
import type { AnySchema } from 'ajv';
import { createAjv } from './validation';

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const ajv = createAjv();

export function checkConfig(name: string, value: unknown, schema: AnySchema): void {
  const id = (schema as { $id?: string }).$id;
  const validate = (id && ajv.getSchema(id)) || ajv.compile(schema);
  if (validate(value)) return;
  const problems = (validate.errors ?? []).map((error) => {
    const field = error.instancePath || '/';
    const extra = error.keyword === 'additionalProperties' ? ` '${(error.params as { additionalProperty: string }).additionalProperty}'` : '';
    return `${field} ${error.message}${extra}`;
  });
  throw new ConfigError(`config/${name}.json: ${problems.join('; ')}`);
}
