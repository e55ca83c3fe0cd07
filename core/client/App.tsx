/**
 * What the console shows, in order: the signed-out screens; the wait for verification; then
 * what follows sign-in (SignedInApp: the publisher picker, maintenance, onboarding, the shell),
 * loaded only then, so the login screen loads no more than it shows.
 */
import { Spinner, SpinnerSize } from '@fluentui/react';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import LoginPage from './screens/LoginPage';
import { fetchEditorVersion, verify } from './session';
import { tokenAtom, userAtom, verificationAtom } from './stores';
import { t } from './words';

const SignedInApp = lazy(() => import('./SignedInApp'));
const ForgotPage = lazy(() => import('./screens/ForgotPage'));
const ResetPasswordPage = lazy(() => import('./screens/ResetPasswordPage'));

/** The whole window's wait, in the console's language when it is drawn. */
function Loading() {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Spinner size={SpinnerSize.large} label={t('Loading...')} />
    </div>
  );
}

const loading = <Loading />;

export function App() {
  const token = useAtomValue(tokenAtom);
  const verification = useAtomValue(verificationAtom);
  const user = useAtomValue(userAtom);

  useEffect(() => {
    void fetchEditorVersion();
  }, [token]);
  useEffect(() => {
    if (token && !user && verification !== 'verifying') void verify();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per token: verify() itself changes user and verification
  }, [token]);

  if (!token) return <SignedOutRoutes />;
  if (!user) return loading;
  return (
    <Suspense fallback={loading}>
      <SignedInApp loading={loading} />
    </Suspense>
  );
}

function SignedOutRoutes() {
  return (
    <Suspense fallback={loading}>
      <Switch>
        <Route path="/" component={LoginPage} />
        <Route path="/forgot" component={ForgotPage} />
        <Route path="/forgot-password" component={ResetPasswordPage} />
        <Route>
          <Redirect to="/" replace />
        </Route>
      </Switch>
    </Suspense>
  );
}
