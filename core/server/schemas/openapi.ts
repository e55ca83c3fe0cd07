/**
 * The OpenAPI document's shared schemas, self-contained: each schema of `schemas/` becomes a
 * component named after its `$id` ('api/date-range' is 'api.date-range'), and the `$ref`s the
 * schemas write relative to their own `$id` ('date-range', '../entities/profile') point at those
 * components. @fastify/swagger resolves only references written as a whole `$id`; without this,
 * 23 references stayed relative and no OpenAPI tool could read the document.
 */

type Json = Record<string, unknown>;

/** A component's name for a schema's `$id` (component names hold letters, digits, '.', '-' and '_'). */
const nameOf = (id: string) => id.replace(/#$/, '').replace(/[^A-Za-z0-9._-]/g, '.');

export function openApiReferences() {
  /** The `$id` of each component made from a shared schema, by its name. */
  const ids = new Map<string, string>();

  /** The `$id` a component's relative references are read against (a nested definition's is its schema's). */
  const baseOf = (name: string): string | undefined => {
    if (ids.has(name)) return ids.get(name);
    let best: string | undefined;
    for (const candidate of ids.keys()) if (name.startsWith(`${candidate}-`) && candidate.length > (best?.length ?? 0)) best = candidate;
    return best ? ids.get(best) : undefined;
  };

  /** '#/components/schemas/…' for a reference relative to `base`, or the reference as it was. */
  const resolve = (ref: string, base: string, components: Json): string => {
    if (ref.startsWith('#')) return ref;
    const url = new URL(ref, `schema:/${base}`);
    const name = nameOf(url.pathname.slice(1));
    const fragment = url.hash.match(/^#\/(?:definitions|\$defs)\/(.+)$/)?.[1];
    const target = fragment ? `${name}-${fragment}` : name;
    return target in components ? `#/components/schemas/${target}` : ref;
  };

  const rewrite = (node: unknown, base: string, components: Json): void => {
    if (Array.isArray(node)) for (const item of node) rewrite(item, base, components);
    else if (node && typeof node === 'object') {
      const object = node as Json;
      if (typeof object.$ref === 'string') object.$ref = resolve(object.$ref, base, components);
      for (const [key, value] of Object.entries(object)) if (key !== '$ref') rewrite(value, base, components);
    }
  };

  return {
    /** @fastify/swagger's refResolver: components named after their `$id`. */
    refResolver: {
      buildLocalReference(json: Json, _baseUri: unknown, _fragment: unknown, index: number): string {
        if (typeof json.$id !== 'string') return `def-${index}`;
        const name = nameOf(json.$id);
        ids.set(name, json.$id.replace(/#$/, ''));
        return name;
      },
    },
    /** @fastify/swagger's transformObject: the relative references point at their components. */
    transformObject({ openapiObject }: { openapiObject: Json }): Json {
      const components = ((openapiObject.components as Json | undefined)?.schemas ?? {}) as Json;
      for (const [name, schema] of Object.entries(components)) {
        const base = baseOf(name);
        if (base) rewrite(schema, base, components);
      }
      return openapiObject;
    },
  };
}
