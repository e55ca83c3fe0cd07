/** The validators Fastify uses: our shared ajv setup, with every schema of schemas/ known by its $id. */
import type Ajv from 'ajv';
import type { FastifyInstance } from 'fastify';
import { createAjv } from '../../shared/validation';
import { readSchemaFiles } from './files';

/** PostgreSQL's integer: a request's whole number beyond it fits no column, offset or limit. */
const integerRange = { minimum: -2_147_483_648, maximum: 2_147_483_647 };

export function installValidators(app: FastifyInstance): void {
  const files = readSchemaFiles().map((file) => ({ ...file, schema: boundIntegers(file.schema) as Record<string, unknown> }));
  const withSchemas = (ajv: Ajv) => {
    for (const { schema } of files) ajv.addSchema(schema);
    return ajv;
  };
  const body = withSchemas(createAjv());
  const text = withSchemas(createAjv({ coerceTypes: true }));
  // Known to Fastify as well, so the OpenAPI document resolves the references.
  for (const { schema } of files) if (!String(schema.$id).startsWith('config/')) app.addSchema(schema);
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? body : text).compile(boundIntegers(schema) as object));
}

/**
 * A copy of a schema where every integer without bounds of its own gets PostgreSQL's, once for
 * every route: `page=99999999999999999999` is a 422, not an offset the database refuses.
 */
export function boundIntegers(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(boundIntegers);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, key === 'enum' || key === 'const' || key === 'default' ? value : boundIntegers(value)]),
  );
  const type = (copy as { type?: unknown }).type;
  if (type === 'integer' || (Array.isArray(type) && type.includes('integer'))) {
    return { minimum: integerRange.minimum, maximum: integerRange.maximum, ...copy };
  }
  return copy;
}
