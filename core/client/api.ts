/**
 * The API client: one ky instance that carries the bearer token, the interface language (Turkish)
 * and the request source (editor) on every call.
 */
import ky from 'ky';
import { signInAgainText } from '../shared/envelope';
import { clearSession, store, tokenAtom } from './stores';

/** The server writes API_URL into index.html (core/server/web.ts). */
export const apiBase = document.querySelector<HTMLMetaElement>('meta[name="masthead-api"]')?.content || '/api';

export const interfaceLanguage = 'tr';
export const requestSource = 'editor';

export const api = ky.create({
  prefixUrl: apiBase,
  timeout: 30_000,
  retry: 0,
  headers: {
    'accept-language': interfaceLanguage,
    'x-request-source': requestSource,
  },
  hooks: {
    beforeRequest: [
      (request) => {
        const token = store.get(tokenAtom);
        if (token) request.headers.set('authorization', `Bearer ${token}`);
      },
    ],
    afterResponse: [
      async (request, _options, response) => {
        // The token stopped counting (its session ended: Logout elsewhere, a password reset, a role
        // change): the console forgets it and shows the sign-in screen. A refusal for lack of a
        // permission is a 401 with another text and changes nothing.
        if (response.status !== 401 || !request.headers.has('authorization')) return;
        const body = (await response
          .clone()
          .json()
          .catch(() => ({}))) as { msg?: unknown };
        if (body.msg === signInAgainText && request.headers.get('authorization') === `Bearer ${store.get(tokenAtom)}`) clearSession();
      },
    ],
  },
});

/** Calls the API and answers the envelope's data. */
export async function call<T>(
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  body?: unknown,
  searchParams?: Record<string, string | number | boolean>,
): Promise<{ data: T; msg?: string }> {
  const response = await api(path.replace(/^\//, ''), { method, json: body, searchParams });
  return (await response.json()) as { data: T; msg?: string };
}

/** A list call: `{ data, count }` (spec section 7). */
export async function list<T>(path: string, searchParams: Record<string, string | number | boolean>): Promise<{ data: T[]; count: number }> {
  const response = await api(path.replace(/^\//, ''), { searchParams });
  return (await response.json()) as { data: T[]; count: number };
}

/** Sends a multipart form (file uploads); uploads of large audio get a longer time limit. */
export async function upload<T>(path: string, form: FormData, method: 'post' | 'put' = 'post'): Promise<{ data: T; msg?: string }> {
  const response = await api(path.replace(/^\//, ''), { method, body: form, timeout: 10 * 60_000 });
  return (await response.json()) as { data: T; msg?: string };
}
