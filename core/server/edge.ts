/**
 * The request edge: checks every request passes before any route's code sees it, installed once
 * for the whole server so that a new plugin cannot forget them.
 * - No character a database cannot store, in any string or key of a body: a NUL (PostgreSQL refuses
 *   it in text) or half of a surrogate pair (`"\ud800"` in JSON is no character at all: no UTF-8
 *   encodes it, and PostgreSQL refuses it in json). Nothing legitimate sends either; refusing them
 *   here, for every field of every operation, is one rule rather than a repair in each store.
 *   A URL cannot carry half a pair: percent-decoding never makes one.
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
    const refused = refusedCharacter(request.body);
    if (refused) throw invalid(refused.message, refused.at.join('.'));
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
    throw invalid(nulText, safeDecode(splitOnce(pair, '=')[0] ?? ''));
  }
}

export const nulText = 'The request contains a character that is not allowed (NUL).';
export const surrogateText = 'The request contains a character that is not allowed (half of a surrogate pair).';

/** A code unit of a surrogate pair standing alone: in a u regex, a whole pair is one code point and does not match. */
const loneSurrogate = /\p{Surrogate}/u;

/** Why a string cannot be stored, or undefined when it can. */
function refusal(text: string): string | undefined {
  if (text.includes('\u0000')) return nulText;
  if (loneSurrogate.test(text)) return surrogateText;
  return undefined;
}

/** Where in a parsed body (a key or a string) a character no database stores sits, and what it is; undefined when there is none. */
export function refusedCharacter(value: unknown, at: string[] = [], depth = 0): { at: string[]; message: string } | undefined {
  if (typeof value === 'string') {
    const message = refusal(value);
    return message ? { at, message } : undefined;
  }
  if (value === null || typeof value !== 'object' || depth > 64) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const message = refusal(key);
    if (message) return { at: [...at, '(key)'], message };
    const found = refusedCharacter(item, [...at, key], depth + 1);
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
