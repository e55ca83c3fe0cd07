/** The validators Fastify uses: our shared ajv setup, with every schema of schemas/ known by its $id. */
import type Ajv from 'ajv';
import type { FastifyInstance } from 'fastify';
import { createAjv } from '../../shared/validation';
import { readSchemaFiles } from './files';

export function installValidators(app: FastifyInstance): void {
  const files = readSchemaFiles();
  const withSchemas = (ajv: Ajv) => {
    for (const { schema } of files) ajv.addSchema(schema);
    return ajv;
  };
  const body = withSchemas(createAjv());
  const text = withSchemas(createAjv({ coerceTypes: true }));
  // Known to Fastify as well, so the OpenAPI document resolves the references.
  for (const { schema } of files) if (!String(schema.$id).startsWith('config/')) app.addSchema(schema);
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? body : text).compile(schema));
}
