/** The signed-in layout: sidebar, top bar, beta banner, and the page. Keeps the current scope in step with the address. */
import { Spinner } from '@fluentui/react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import AdBlockDialog from '../screens/AdBlockDialog';
import { currentScopeAtom, scopesAtom } from '../stores';
import { BetaBanner } from './BetaBanner';
import { DialogHost } from './dialogs';
import { drawerOpenAtom, useNarrow } from './narrow';
import { scopeIdOf } from './scope';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import { t } from '../words';

const Drawer = lazy(() => import('./Drawer'));

export function useScopeFromAddress(): boolean {
  const [location, navigate] = useLocation();
  const scopes = useAtomValue(scopesAtom);
  const setCurrent = useSetAtom(currentScopeAtom);
  const named = scopeIdOf(location);
  const scope = named ? scopes.find((candidate) => candidate._id === named.id && candidate.type === named.type) : undefined;
  const namedId = named?.id;
  useEffect(() => {
    if (!namedId) return;
    if (scope) setCurrent(scope);
    else navigate('/', { replace: true });
  }, [namedId, scope, navigate, setCurrent]);
  return !named || Boolean(scope);
}

/**
 * A page about one newsletter's content (an issue's analytics, a story's audio) whose address names
 * no scope keeps the console in that newsletter: opened from a link, a bookmark or another scope, it
 * moves the scope there, as the newsletter's own pages do.
 */
export function useNewsletterScope(newsletterId: string | undefined): void {
  const scopes = useAtomValue(scopesAtom);
  const [current, setCurrent] = useAtom(currentScopeAtom);
  const scope = newsletterId ? scopes.find((candidate) => candidate.type === 'newsletter' && candidate._id === newsletterId) : undefined;
  useEffect(() => {
    if (scope && current?._id !== scope._id) setCurrent(scope);
  }, [scope, current, setCurrent]);
}

export function Shell({ children }: { children: ReactNode }) {
  const known = useScopeFromAddress();
  const narrow = useNarrow();
  const [drawer, setDrawer] = useAtom(drawerOpenAtom);
  const [location] = useLocation();
  // A link followed in the drawer closes it; so does the window growing past the drawer's width.
  useEffect(() => setDrawer(false), [location, narrow, setDrawer]);
  return (
    <div style={{ display: 'flex', minHeight: '100vh' }}>
      {narrow ? (
        // Fluent's Panel is loaded only by a narrow window that opens it: the first screen stays light (design.md section 6).
        drawer ? (
          <Suspense fallback={null}>
            <Drawer onDismiss={() => setDrawer(false)} />
          </Suspense>
        ) : null
      ) : (
        <Sidebar />
      )}
      <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <TopBar />
        <BetaBanner />
        <main className="mh-main">
          <Suspense fallback={<Spinner label={t('Loading...')} style={{ marginTop: 48 }} />}>{known ? children : null}</Suspense>
        </main>
      </div>
      <DialogHost />
      <AdBlockDialog />
    </div>
  );
}
