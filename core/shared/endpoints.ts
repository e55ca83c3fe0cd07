/**
 * A call of the API declared once, for both sides: its method, its path, and the schemas of
 * schemas/ its query, body and answer follow. The server serves it (`api.serve` in
 * core/server/routes.ts builds the route's schema from it: validation, serialization, OpenAPI),
 * and the console calls it (`call` in core/client/api.ts): the address, the parameters and the
 * answer's type all come from the declaration, so a call the server does not answer, or answers
 * otherwise, does not compile. A plugin keeps its declarations in `plugins/<id>/endpoints.ts`.
 *
 *   export const storyEndpoints = {
 *     fetch: endpoint('GET', '/stories/list/:id', { answer: data(schema('entities/story')) }),
 *   };
 */
import type { AnySchema } from 'ajv';
import type { SchemaTypes } from '../../schemas/generated/index';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** The $id of a schema of schemas/api or schemas/entities. */
export type SchemaId = keyof SchemaTypes;

/** A JSON Schema with the type of what it describes. */
export interface Typed<T> {
  readonly schema: AnySchema;
  /** Only for the compiler: the type the schema describes. */
  readonly type?: T;
}

/** A schema of schemas/ by its $id ('api/story-create'); its type is the generated one. */
export const schema = /* @__NO_SIDE_EFFECTS__ */ <Id extends SchemaId>(id: Id): Typed<SchemaTypes[Id]> => ({ schema: { $ref: `${id}#` } });

/** A small schema written in place (a flag or two in a query), with its type written beside it. */
export const inline = /* @__NO_SIDE_EFFECTS__ */ <T>(json: AnySchema): Typed<T> => ({ schema: json });

/** A call's answers by status (the registrar adds the error envelope of 4xx and 5xx). */
export interface Answer<T> {
  readonly statuses: { readonly [status: number]: AnySchema };
  readonly type?: T;
}

/** The 200 answer `{ data, msg? }` (spec section 8). */
export const data = /* @__NO_SIDE_EFFECTS__ */ <T>(item: Typed<T>): Answer<{ data: T; msg?: string }> => ({
  statuses: {
    200: { type: 'object', additionalProperties: false, required: ['data'], properties: { data: item.schema, msg: { type: 'string' } } },
  },
});

/** The 200 answer of a list call `{ data: [...], count }`: one page of items and how many there are in all. */
export const list = /* @__NO_SIDE_EFFECTS__ */ <T>(item: Typed<T>): Answer<{ data: T[]; count: number }> => ({
  statuses: {
    200: {
      type: 'object',
      additionalProperties: false,
      required: ['data', 'count'],
      properties: { data: { type: 'array', items: item.schema }, count: { type: 'integer', minimum: 0 } },
    },
  },
});

/** The 200 answer that is a whole schema of schemas/api: its envelope carries more than data and msg. */
export const whole = /* @__NO_SIDE_EFFECTS__ */ <T>(body: Typed<T>): Answer<T> => ({ statuses: { 200: body.schema } });

/** The 200 answer of a delete call `{ data: { _id }, msg? }`: the id of what is gone. */
export const deleted = /* @__NO_SIDE_EFFECTS__ */ () => data(schema('api/deleted'));

/** An answer whose body is not JSON (a file, a CSV, a preview page). */
export const document = /* @__NO_SIDE_EFFECTS__ */ (contentType: string, description: string): Answer<string> => ({
  statuses: { 200: { description, content: { [contentType]: { schema: { type: 'string' } } } } },
});

/** An answer with no body. */
export const empty = /* @__NO_SIDE_EFFECTS__ */ (status: 204 | 304, description: string): Answer<void> => ({
  statuses: { [status]: { description, type: 'null' } },
});

/** The names of a path's parameters: '/stories/list/:id' has `id`. */
type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

export type ParamsOf<Path extends string> = { [Name in ParamNames<Path>]: string };

export interface Endpoint<Path extends string = string, Query = unknown, Body = unknown, Result = unknown> {
  readonly method: HttpMethod;
  /** Below /api, with `:name` for a parameter. */
  readonly path: Path;
  /** The path parameters' schema when they are not plain ids (1 to 64 characters). */
  readonly params?: AnySchema;
  readonly query?: AnySchema;
  readonly body?: AnySchema;
  readonly answer: Answer<Result>;
  /** The body is a multipart upload (core/server/uploads.ts), not JSON. */
  readonly upload?: true;
  /** Only for the compiler. */
  readonly types?: { query: Query; body: Body };
}

interface EndpointSpec<Query, Body, Result> {
  params?: AnySchema;
  query?: Typed<Query>;
  body?: Typed<Body>;
  answer: Answer<Result>;
  upload?: true;
}

export function endpoint<const Path extends string, Query = undefined, Body = undefined, Result = unknown>(
  method: HttpMethod,
  path: Path,
  spec: EndpointSpec<Query, Body, Result>,
): Endpoint<Path, Query, Body, Result> {
  return { method, path, params: spec.params, query: spec.query?.schema, body: spec.body?.schema, answer: spec.answer, upload: spec.upload };
}

/** A list call: `{ data: [...], count }` of T, whatever its query. */
export type ListEndpoint<T> = Endpoint<string, unknown, unknown, { data: T[]; count: number }>;

export type QueryOf<E> = E extends Endpoint<string, infer Query> ? Query : never;
export type BodyOf<E> = E extends Endpoint<string, unknown, infer Body> ? Body : never;
export type ResultOf<E> = E extends Endpoint<string, unknown, unknown, infer Result> ? Result : never;
export type PathParamsOf<E> = E extends Endpoint<infer Path> ? ParamsOf<Path> : never;

/** A path with its parameters filled in, each encoded. */
export function pathOf(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}

/** The schema of a path's parameters: each a non-empty string of at most 64 characters (an id), unless the endpoint says otherwise. */
export function paramsSchemaOf(endpoint: Endpoint): AnySchema | undefined {
  if (endpoint.params) return endpoint.params;
  const names = [...endpoint.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
  if (names.length === 0) return undefined;
  return {
    type: 'object',
    required: names,
    properties: Object.fromEntries(names.map((name) => [name, { type: 'string', minLength: 1, maxLength: 64 }])),
  };
}
