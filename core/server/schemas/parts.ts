/**
 * Pieces of the schemas of public pages (`api.page`): a schema of schemas/ by its $id, a page's
 * key, and answers that are not JSON. The API's calls are declared in core/shared/endpoints.ts.
 */
import { document, empty } from '../../shared/endpoints';

/** A schema of schemas/ by its $id ('api/story-create'); the validators and the OpenAPI document know them all. */
export const ref = (id: string) => ({ $ref: `${id}#` });

/** A public page's `:key` (a slug, or a story's id). */
export const keyParams = { type: 'object', required: ['key'], properties: { key: { type: 'string', minLength: 1, maxLength: 120 } } } as const;

/** The answer of a public page, a feed or a file: its body is not JSON. */
export const documentAnswer = (contentType: string, description: string) => document(contentType, description).statuses;

/** An answer with no body. */
export const emptyAnswer = (status: 204 | 304, description: string) => empty(status, description).statuses;
