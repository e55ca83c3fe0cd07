/** What the speech component tests share: the page at an address with its toasts, the session, and the shapes the speech API answers. */
import { setIconOptions } from '@fluentui/react';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Audio, Chunk } from '../../../plugins/speech/client/speech-api';
import type { Permission } from '../../../core/shared/permissions';

export const origin = 'http://localhost';

type Core = {
  Toaster: typeof import('../../../core/client/toasts').Toaster;
  stores: typeof import('../../../core/client/stores');
};
let core: Core;

/** Before the modules load: the address the API client takes its origin from, icons without warnings. */
export async function prepareConsole(): Promise<void> {
  setIconOptions({ disableWarnings: true });
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/`);
  // happy-dom has no IntersectionObserver; the growing lists fetch their first page without it.
  (globalThis as unknown as { IntersectionObserver: unknown }).IntersectionObserver = class {
    observe() {}
    disconnect() {}
  };
  core = { Toaster: (await import('../../../core/client/toasts')).Toaster, stores: await import('../../../core/client/stores') };
}

export function signIn(...permissions: string[]): void {
  const { store, tokenAtom, currentScopeAtom, permissionsAtom } = core.stores;
  store.set(tokenAtom, 'token');
  store.set(currentScopeAtom, { _id: 'n1', type: 'newsletter', title: 'Sabah Bülteni', image: '', lang: 'tr' });
  store.set(permissionsAtom, new Set<Permission>(permissions as Permission[]));
}

/** Renders `page` at `path` as the route `pattern` (its parameters), with the toasts. */
export function renderAt(path: string, pattern: string, page: ReactNode) {
  const [pathname, search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname, searchPath: search, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Route path={pattern}>{page}</Route>
      <core.Toaster />
    </Router>,
  );
  return location;
}

export function chunkOf(id: string, text: string, changes: Partial<Chunk> = {}): Chunk {
  return {
    id,
    text,
    url: null,
    index: 0,
    status: 'draft',
    generating: false,
    error: null,
    parameters: { stability: 0.5, similarity_boost: 0.5 },
    voice_id: 'tr-female',
    versions: [],
    origin: null,
    content_id: 's1',
    content_type: 'article',
    duration: null,
    type: 'chunk',
    updated_at: '2026-11-20T10:00:00.000Z',
    ...changes,
  };
}

export function audioOf(id: string, parts: Chunk[], changes: Partial<Audio> = {}): Audio {
  return {
    id,
    url: null,
    duration: null,
    status: 'draft',
    building: false,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    content_id: 's1',
    content_type: 'article',
    newsletter_id: 'n1',
    created_by: 'u1',
    content: { id: 's1', type: 'article', title: 'Şehirde Yeni Metro Hattı Açıldı', url: '/stories/edit/s1' },
    episode: null,
    parts,
    ...changes,
  };
}

export const voiceDefaults = {
  article: { voice: 'tr-female', stability: 0.5, similarity_boost: 0.5 },
  bullet: { voice: 'tr-male', stability: 0.6, similarity_boost: 0.4 },
};
