/**
 * The request edge: checks every request passes before any route's code sees it, installed once
 * for the whole server so that a new plugin cannot forget them.
 * - No NUL character anywhere: PostgreSQL refuses it in text, and nothing legitimate sends it.
 * - A path parameter that names a record (`id`, `newsletterId`, ...) has the shape of an id;
 *   anything else cannot exist and is not found.
 * Integers are bounded by the validators (core/server/schemas/validators.ts), uploads by
 * core/server/uploads.ts, and every error's envelope by core/server/errors.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalid, notFound } from './errors';

// eslint-disable-next-line no-control-regex -- a NUL, raw or percent-encoded, is what this finds
const nulInUrl = /%00|\u0000/i;
/** Our ids are UUIDs; a provider's (a Megaphone podcast) are letters, digits, '-' and '_' too. */
const idPattern = /^[A-Za-z0-9_-]{1,128}$/;
const isIdParameter = (name: string) => name === 'id' || /[a-z]Id$/.test(name);

export function installRequestEdge(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    checkAddress(request);
  });
  app.addHook('preValidation', async (request) => {
    const at = nulPath(request.body);
    if (at) throw invalid('The request contains a character that is not allowed (NUL).', at.join('.'));
  });
}

function checkAddress(request: FastifyRequest): void {
  const [path = '', query = ''] = splitOnce(request.raw.url ?? '', '?');
  if (nulInUrl.test(path)) throw notFound();
  for (const [name, value] of Object.entries((request.params ?? {}) as Record<string, unknown>)) {
    if (isIdParameter(name) && typeof value === 'string' && !idPattern.test(value)) throw notFound();
  }
  if (nulInUrl.test(query)) {
    const pair = query.split('&').find((part) => nulInUrl.test(part)) ?? '';
    throw invalid('The request contains a character that is not allowed (NUL).', safeDecode(splitOnce(pair, '=')[0] ?? ''));
  }
}

/** Where in a parsed body a NUL sits (a key or a string), or undefined. */
export function nulPath(value: unknown, at: string[] = [], depth = 0): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? at : undefined;
  if (value === null || typeof value !== 'object' || depth > 64) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...at, '(key)'];
    const found = nulPath(item, [...at, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

function splitOnce(text: string, separator: string): [string, string] {
  const index = text.indexOf(separator);
  return index === -1 ? [text, ''] : [text.slice(0, index), text.slice(index + 1)];
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/%00/gi, ''));
  } catch {
    return '';
  }
}
