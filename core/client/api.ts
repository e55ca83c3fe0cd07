/**
 * The API client: one ky instance that carries the bearer token, the interface language (Turkish)
 * and the request source (editor) on every call.
 */
import ky from 'ky';
import { pathOf, type BodyOf, type Endpoint, type ListEndpoint, type PathParamsOf, type QueryOf, type ResultOf } from '../shared/endpoints';
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

/** What a call of an endpoint takes: its path's parameters, its query and its body, as declared (and a time limit in ms, for a slow call). */
export type CallInput<E extends Endpoint> = { headers?: Record<string, string>; timeout?: number } & ([keyof PathParamsOf<E>] extends [never]
  ? { params?: undefined }
  : { params: PathParamsOf<E> }) &
  (QueryOf<E> extends undefined ? { query?: undefined } : { query?: QueryOf<E> }) &
  (BodyOf<E> extends undefined ? { body?: undefined } : { body: BodyOf<E> });

/** The input as an argument: left out when nothing in it is required. */
export type InputArgument<E extends Endpoint> = Partial<CallInput<E>> extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/** A query's values as the address carries them (a value left undefined is left out). */
function searchOf(query: object | undefined): URLSearchParams | undefined {
  if (!query) return undefined;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) search.append(key, String(value));
  return search;
}

/** An endpoint's address below the API's prefix, its parameters filled in. */
const addressOf = (endpoint: Endpoint, params?: Record<string, string>) => pathOf(endpoint.path, params).slice(1);

/** Calls a declared endpoint (core/shared/endpoints.ts) and answers its answer, typed as declared. */
export async function call<E extends Endpoint>(endpoint: E, ...[input]: InputArgument<E>): Promise<ResultOf<E>> {
  const { params, query, body, headers, timeout } = (input ?? {}) as CallInput<Endpoint> & { params?: Record<string, string>; query?: object };
  const response = await api(addressOf(endpoint, params), {
    method: endpoint.method.toLowerCase(),
    json: body,
    searchParams: searchOf(query),
    headers,
    ...(timeout === undefined ? {} : { timeout }),
  });
  return (await response.json()) as ResultOf<E>;
}

/** Sends a multipart form to an upload endpoint (files); uploads of large audio get a longer time limit. */
export async function upload<E extends Endpoint>(endpoint: E, form: FormData, ...[input]: InputArgument<E>): Promise<ResultOf<E>> {
  const { params } = (input ?? {}) as { params?: Record<string, string> };
  const response = await api(addressOf(endpoint, params), { method: endpoint.method.toLowerCase(), body: form, timeout: 10 * 60_000 });
  return (await response.json()) as ResultOf<E>;
}

/**
 * One page of a declared list call, for the list hooks whose query is put together as the user
 * filters (core/client/infinite-list.tsx, list/use-list-page.ts); a value left undefined is left out.
 */
export async function listPage<T>(endpoint: ListEndpoint<T>, query: object, params?: Record<string, string>): Promise<{ data: T[]; count: number }> {
  const response = await api(addressOf(endpoint, params), { searchParams: searchOf(query) });
  return (await response.json()) as { data: T[]; count: number };
}
