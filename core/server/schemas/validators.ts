/** The validators Fastify uses: our shared ajv setup, with every schema of schemas/ known by its $id. */
import type Ajv from 'ajv';
import type { AnySchema, ValidateFunction } from 'ajv';
import fastJson from 'fast-json-stringify';
import type { FastifyInstance } from 'fastify';
import { createAjv } from '../../shared/validation';
import { installAnswerCheck } from './answers';
import { inlineReferences, readSchemaFiles } from './files';

/** PostgreSQL's integer: a request's whole number beyond it fits no column, offset or limit. */
const integerRange = { minimum: -2_147_483_648, maximum: 2_147_483_647 };

/** A compiler that keeps what it compiled: the same schema (by its text) is compiled once per process. */
export type CachedCompiler = (schema: AnySchema) => ValidateFunction;

function cachedCompiler(ajv: Ajv, prepare: (schema: AnySchema) => AnySchema = (schema) => schema): CachedCompiler {
  const compiled = new Map<string, ValidateFunction>();
  return (schema) => {
    const key = JSON.stringify(schema);
    let validate = compiled.get(key);
    if (!validate) compiled.set(key, (validate = ajv.compile(prepare(schema))));
    return validate;
  };
}

/**
 * What every server of a process shares: the schema files (they do not change while it runs), the
 * ajv instances that know them, and every validator compiled from them. A server's start compiled
 * each route's validators anew, about half a second of CPU; the API tests start some two hundred
 * servers in a few processes.
 */
interface Compilers {
  raw: ReturnType<typeof readSchemaFiles>;
  files: ReturnType<typeof readSchemaFiles>;
  byId: ReadonlyMap<string, unknown>;
  body: CachedCompiler;
  text: CachedCompiler;
  answers?: CachedCompiler;
}

let shared: Compilers | undefined;

/** The ajv with the schema files added, so that their $refs resolve. */
function withSchemas(ajv: Ajv, files: Compilers['files']): Ajv {
  for (const { schema } of files) ajv.addSchema(schema);
  return ajv;
}

function compilers(): Compilers {
  if (shared) return shared;
  const raw = readSchemaFiles();
  const files = raw.map((file) => ({ ...file, schema: boundIntegers(file.schema) as Record<string, unknown> }));
  const bounded = (schema: AnySchema) => boundIntegers(schema) as AnySchema;
  return (shared = {
    raw,
    files,
    byId: new Map(raw.map((file) => [file.id, file.schema])),
    body: cachedCompiler(withSchemas(createAjv(), files), bounded),
    text: cachedCompiler(withSchemas(createAjv({ coerceTypes: true }), files), bounded),
  });
}

/** The answers' check compiles the schemas as declared (no integer bounds added): made on the first server that checks answers. */
function answerCompiler(): CachedCompiler {
  const all = compilers();
  if (!all.answers) {
    all.answers = cachedCompiler(withSchemas(createAjv(), all.raw));
  }
  return all.answers;
}

/**
 * With `checkAnswers`, every JSON answer is checked against its route's declared answer
 * (core/server/schemas/answers.ts). Answers the check of a socket event's payload, on the same
 * schemas as a JSON body (core/server/realtime.ts).
 */
export function installValidators(app: FastifyInstance, options: { checkAnswers?: boolean } = {}): (schema: AnySchema) => (payload: unknown) => boolean {
  const { files, byId, body, text } = compilers();
  // Known to Fastify as well, for the serializer and the OpenAPI document.
  for (const { schema } of files) if (!String(schema.$id).startsWith('config/')) app.addSchema(schema);
  if (options.checkAnswers) installAnswerCheck(app, answerCompiler());
  app.setSerializerCompiler(({ schema }) => serializerOf(schema, byId));
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? body : text)(schema as AnySchema));
  return (schema) => {
    const validate = body(schema);
    return (payload) => validate(payload) === true;
  };
}

/** Serializers by the schema they were built from: shared by the routes with the same answer, and by every server of a process. */
const serializers = new Map<string, (data: unknown) => string>();

/**
 * An answer's serializer (fast-json-stringify), from the declared schema with every reference
 * inlined (it reads only whole $ids). Built on the route's first answer, not at start: a route
 * costs nothing until it is called.
 */
function serializerOf(schema: unknown, byId: ReadonlyMap<string, unknown>): (data: unknown) => string {
  let serialize: ((data: unknown) => string) | undefined;
  return (data) => {
    if (!serialize) {
      const key = JSON.stringify(schema);
      serialize = serializers.get(key) ?? fastJson(inlineReferences(schema, byId) as object);
      serializers.set(key, serialize);
    }
    return serialize(data);
  };
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
