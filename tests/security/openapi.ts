/**
 * Reading the server's OpenAPI document for the attack walk: each registered route with its
 * parameters and its body schema ($refs resolved), a plausible body built from that schema, and
 * the places in it where a string goes.
 */
import { randomUUID } from 'node:crypto';
import type { RegisteredRoute } from '../../core/server/plugins/contract';

type Schema = Record<string, any>;

interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { parameters?: Array<{ in: string; name: string; schema?: Schema }>; requestBody?: { content: Record<string, { schema: Schema }> } }>
  >;
  components?: { schemas?: Record<string, Schema> };
}

export interface Operation {
  method: string;
  route: RegisteredRoute;
  pathParameters: string[];
  queryParameters: Array<{ name: string; type: string }>;
  body?: Schema;
  /** The route's address with each path parameter filled in (the filler's value is used as is). */
  path(fill: (parameter: string) => string): string;
}

export function operationsOf(document: OpenApiDocument, routes: RegisteredRoute[]): Operation[] {
  const resolve = resolverOf(document);
  return routes.map((route) => {
    const openApiPath = route.url.replace(/:([A-Za-z0-9_]+)\??/g, '{$1}');
    const described = document.paths[openApiPath]?.[route.method.toLowerCase()];
    const parameters = described?.parameters ?? [];
    const body = described?.requestBody?.content['application/json']?.schema;
    return {
      method: route.method,
      route,
      pathParameters: parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
      queryParameters: parameters
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => ({ name: parameter.name, type: String(resolve(parameter.schema ?? {}).type ?? 'string') })),
      body: body ? resolveDeep(body, resolve) : undefined,
      path: (fill) => route.url.replace(/:([A-Za-z0-9_]+)\??/g, (_match, name: string) => fill(name)),
    };
  });
}

function resolverOf(document: OpenApiDocument) {
  return (schema: Schema): Schema => {
    let current = schema;
    for (let hops = 0; typeof current.$ref === 'string' && hops < 10; hops++) {
      const name = current.$ref.replace('#/components/schemas/', '');
      current = document.components?.schemas?.[name] ?? {};
    }
    return current;
  };
}

function resolveDeep(schema: Schema, resolve: (schema: Schema) => Schema, depth = 0): Schema {
  if (depth > 8) return {};
  const current = resolve(schema);
  const out: Schema = { ...current };
  if (current.properties)
    out.properties = Object.fromEntries(Object.entries<Schema>(current.properties).map(([key, value]) => [key, resolveDeep(value, resolve, depth + 1)]));
  if (current.items && !Array.isArray(current.items)) out.items = resolveDeep(current.items, resolve, depth + 1);
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const)
    if (Array.isArray(current[key])) out[key] = current[key].map((part: Schema) => resolveDeep(part, resolve, depth + 1));
  return out;
}

/** A body the schema would plausibly accept: every property filled, so every string can be tried. */
export function sampleBody(schema: Schema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.default !== undefined && typeof schema.default !== 'object') return schema.default;
  for (const key of ['oneOf', 'anyOf'] as const) if (Array.isArray(schema[key]) && schema[key].length > 0) return sampleBody(schema[key][0]);
  if (Array.isArray(schema.allOf)) return Object.assign({}, ...schema.allOf.map((part: Schema) => sampleBody(part)));
  const type = Array.isArray(schema.type) ? schema.type.find((candidate: string) => candidate !== 'null') : schema.type;
  switch (type ?? (schema.properties ? 'object' : 'string')) {
    case 'object':
      return Object.fromEntries(Object.entries<Schema>(schema.properties ?? {}).map(([key, value]) => [key, sampleBody(value)]));
    case 'array':
      return schema.items ? [sampleBody(schema.items)] : [];
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    default:
      return sampleString(schema);
  }
}

function sampleString(schema: Schema): string {
  switch (schema.format) {
    case 'email':
      return 'walker@example.com';
    case 'uri':
      return 'https://example.com/walk';
    case 'date-time':
      return new Date(Date.now() + 86_400_000).toISOString();
    case 'date':
      return '2030-01-01';
    case 'uuid':
      return randomUUID();
  }
  return 'walk'.padEnd(Math.max(4, schema.minLength ?? 0), 'k');
}

/** The paths (keys and indexes) of every string, or every number, in a value. */
export function leavesOf(value: unknown, kind: 'string' | 'number', at: Array<string | number> = []): Array<Array<string | number>> {
  if (typeof value === kind) return [at];
  if (Array.isArray(value)) return value.flatMap((item, index) => leavesOf(item, kind, [...at, index]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => leavesOf(item, kind, [...at, key]));
  return [];
}

export function withValueAt(value: unknown, at: Array<string | number>, replacement: unknown): unknown {
  if (at.length === 0) return replacement;
  const [head, ...rest] = at;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  copy[head!] = withValueAt(copy[head!], rest, replacement);
  return copy;
}
