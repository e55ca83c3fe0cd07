/** Pieces of route schemas every plugin uses: a schema of schemas/ by its $id, an id in the path, and the answers' envelopes. */
import type { AnySchema } from 'ajv';

/** A schema of schemas/ by its $id ('api/story-create'); the validators and the OpenAPI document know them all. */
export const ref = (id: string) => ({ $ref: `${id}#` });

/** A path's `:id`. The request edge (core/server/edge.ts) has already answered 404 for anything not shaped like an id. */
export const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 64 } } } as const;

/** A public page's `:key` (a slug, or a story's id). */
export const keyParams = { type: 'object', required: ['key'], properties: { key: { type: 'string', minLength: 1, maxLength: 120 } } } as const;

const schemaOf = (data: AnySchema | string): AnySchema => (typeof data === 'string' ? ref(data) : data);

/** The 200 answer `{ data, msg? }` (spec section 8) carrying `data`: a schema's $id ('entities/story') or a schema. */
export const answer = (data: AnySchema | string) => ({
  200: {
    type: 'object',
    additionalProperties: false,
    required: ['data'],
    properties: { data: schemaOf(data), msg: { type: 'string' } },
  },
});

/** The 200 answer of a list call `{ data: [...], count }`: one page of items and how many there are in all. */
export const listAnswer = (item: AnySchema | string) => ({
  200: {
    type: 'object',
    additionalProperties: false,
    required: ['data', 'count'],
    properties: { data: { type: 'array', items: schemaOf(item) }, count: { type: 'integer', minimum: 0 } },
  },
});

/** The 200 answer that is a whole schema of schemas/api ('api/subscriber-import-result'): its envelope carries more than data and msg. */
export const wholeAnswer = (id: string) => ({ 200: ref(id) });

/** The answer of a public page, a feed or a file: its body is not JSON. */
export const documentAnswer = (contentType: string, description: string) => ({
  200: { description, content: { [contentType]: { schema: { type: 'string' } } } },
});

/** An answer with no body. */
export const emptyAnswer = (status: 204 | 304, description: string) => ({ [status]: { description, type: 'null' } });

/** The 200 answer of a delete call `{ data: { _id }, msg? }`: the id of what is gone. */
export const deletedAnswer = () => answer('api/deleted');
