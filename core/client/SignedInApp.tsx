/**
 * Everything after sign-in, loaded only then (the login screen stays light): the admin's
 * publisher picker, the maintenance screen (everyone but admins), onboarding or the not-ready
 * fallback, then the shell with the core's and the plugins' pages. Mounted while there is a
 * token and a verified user, so the socket lives exactly as long.
 */
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { homeOf } from './layout/scope';
import { Shell } from './layout/Shell';
import { orderScopes } from './layout/ScopeSwitcher';
import { useCan } from './permissions';
import { newsletterCreateRoute } from './refs';
import { linkTo, registry, type ClientRoute } from './registry';
import NotFoundPage from './screens/NotFoundPage';
import { startSocket, stopSocket } from './socket';
import { adminPublishersAtom, currentScopeAtom, editorVersionAtom, scopesAtom, userAtom } from './stores';

const PublisherPicker = lazy(() => import('./screens/PublisherPicker'));
const MaintenanceScreen = lazy(() => import('./screens/MaintenanceScreen'));
const NotReadyScreen = lazy(() => import('./screens/NotReadyScreen'));
const WelcomePage = lazy(() => import('./screens/WelcomePage'));
const ProfilePage = lazy(() => import('./screens/ProfilePage'));
const DashboardPage = lazy(() => import('./screens/DashboardPage'));

export default function SignedInApp({ loading }: { loading: ReactNode }) {
  const user = useAtomValue(userAtom);
  const adminPublishers = useAtomValue(adminPublishersAtom);
  const editorVersion = useAtomValue(editorVersionAtom);

  useEffect(() => {
    startSocket();
    return stopSocket;
  }, []);

  // App shows this only with a user; on sign-out it goes in the same render.
  if (!user) return null;
  let screen;
  if (adminPublishers) screen = <PublisherPicker />;
  else if (editorVersion === 'maintenance' && user.role.key !== 'admin') screen = <MaintenanceScreen />;
  else if (!user.status.ready) screen = user.role.key === 'author' ? <WelcomePage /> : <NotReadyScreen />;
  else screen = <SignedInRoutes />;
  return <Suspense fallback={loading}>{screen}</Suspense>;
}

/** A plugin's page, behind its permission. */
function Guarded({ route }: { route: ClientRoute }) {
  const can = useCan();
  const Page = route.page as ComponentType;
  return can(route.requires) ? <Page /> : <NotFoundPage />;
}

/** '/': the home of the current scope (or of the first one). */
function HomeRedirect() {
  const scopes = useAtomValue(scopesAtom);
  const current = useAtomValue(currentScopeAtom);
  const user = useAtomValue(userAtom);
  const [, navigate] = useLocation();
  const createPath = linkTo(newsletterCreateRoute);
  const target = current && scopes.some((scope) => scope._id === current._id) ? current : orderScopes(scopes)[0];
  useEffect(() => {
    // A director with only the publisher scope starts by creating a newsletter.
    if (user?.role.key === 'director' && scopes.length === 1 && createPath) navigate(`${createPath}?redirect=true`, { replace: true });
    else if (target) navigate(homeOf(target), { replace: true });
  }, [target, user, scopes.length, createPath, navigate]);
  if (!target) return <NotFoundPage />;
  return null;
}

function SignedInRoutes() {
  const inShell = registry.routes.filter((route) => route.chrome !== 'bare');
  const shell = (
    <Shell>
      <Switch>
        <Route path="/newsletters/show/:newsletterId">
          <DashboardPage type="newsletter" />
        </Route>
        <Route path="/publishers/show/:publisherId">
          <DashboardPage type="publisher" />
        </Route>
        <Route path="/users/show/:userId" component={ProfilePage} />
        {inShell.map((route) => (
          <Route key={route.path} path={route.path}>
            <Guarded route={route} />
          </Route>
        ))}
        <Route path="/" component={HomeRedirect} />
        <Route component={NotFoundPage} />
      </Switch>
    </Shell>
  );
  // Bare pages and the shell's pages in one order (registry.ts, bySpecificity), so that a shell page
  // more specific than a bare one wins its addresses. Every shell entry has the same key: going
  // from one to another keeps the shell mounted.
  return (
    <Switch>
      <Route path="/admin/publishers/?">
        <PublisherPicker changing />
      </Route>
      {registry.routes.map((route) =>
        route.chrome === 'bare' ? (
          <Route key={route.path} path={route.path}>
            <Guarded route={route} />
          </Route>
        ) : (
          <Route key="shell" path={route.path}>
            {shell}
          </Route>
        ),
      )}
      <Route key="shell">{shell}</Route>
    </Switch>
  );
}
