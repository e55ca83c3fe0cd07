/** Pieces of route schemas every plugin uses: a schema of schemas/ by its $id, and an id in the path. */

/** A schema of schemas/ by its $id ('api/story-create'); the validators and the OpenAPI document know them all. */
export const ref = (id: string) => ({ $ref: `${id}#` });

/** A path's `:id`. The request edge (core/server/edge.ts) has already answered 404 for anything not shaped like an id. */
export const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 64 } } } as const;

/** A public page's `:key` (a slug, or a story's id). */
export const keyParams = { type: 'object', required: ['key'], properties: { key: { type: 'string', minLength: 1, maxLength: 120 } } } as const;
