import { LocationProvider, Route, Router } from 'preact-iso';
import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { ApiError, execute } from './api/client';
import { Layout } from './components/layout';
import { Loading } from './components/states';
import { ViewerDocument } from './generated/graphql';
import { ChannelPage } from './pages/channel';
import { ChannelsPage } from './pages/channels';
import { LivePage } from './pages/live';
import { NotFoundPage } from './pages/not-found';
import { OrderPage } from './pages/order';
import { OrdersPage } from './pages/orders';
import { OverviewPage } from './pages/overview';
import { SignInPage } from './pages/sign-in';
import { StockPage } from './pages/stock';
import { TokensPage } from './pages/tokens';
import { DeliveryPage } from './pages/delivery';
import { WebhooksPage } from './pages/webhooks';
import { LocaleProvider, useT } from './i18n/locale';
import { SessionContext, type Session, type Viewer } from './session-context';
import { forgetToken, keepToken, storedToken } from './session';

type SignIn = { state: 'out'; error?: ApiError } | { state: 'checking'; token: string } | { state: 'in'; token: string; viewer: Viewer };

export function App() {
  return (
    <LocaleProvider>
      <Console />
    </LocaleProvider>
  );
}

function Console() {
  const t = useT();
  const [signIn, setSignIn] = useState<SignIn>(() => {
    const token = storedToken();
    return token ? { state: 'checking', token } : { state: 'out' };
  });

  const signOut = useCallback(() => {
    forgetToken();
    setSignIn({ state: 'out' });
  }, []);

  // A token (pasted or kept for this tab) is in once the viewer query accepts it.
  useEffect(() => {
    if (signIn.state !== 'checking') return;
    execute(signIn.token, ViewerDocument, {}).then(
      ({ viewer }) => {
        keepToken(signIn.token);
        setSignIn({ state: 'in', token: signIn.token, viewer });
      },
      (error: ApiError) => {
        forgetToken();
        setSignIn({ state: 'out', error });
      },
    );
  }, [signIn]);

  const session = useMemo<Session | null>(
    () =>
      signIn.state === 'in'
        ? { token: signIn.token, viewer: signIn.viewer, can: (scope) => signIn.viewer.scopes.includes(scope), signOut }
        : null,
    [signIn, signOut],
  );

  if (signIn.state === 'checking') return <Loading label={t.app.checkingToken} />;
  if (!session) {
    const error = signIn.state === 'out' ? signIn.error : undefined;
    return <SignInPage error={error} onToken={(token) => setSignIn({ state: 'checking', token })} />;
  }
  return (
    <SessionContext.Provider value={session}>
      <LocationProvider scope="/console">
        <Layout>
          <Router>
            <Route path="/console" component={OverviewPage} />
            <Route path="/console/orders" component={OrdersPage} />
            <Route path="/console/orders/:id" component={OrderPage} />
            <Route path="/console/stock" component={StockPage} />
            <Route path="/console/channels" component={ChannelsPage} />
            <Route path="/console/channels/:code" component={ChannelPage} />
            <Route path="/console/webhooks" component={WebhooksPage} />
            <Route path="/console/webhooks/deliveries/:id" component={DeliveryPage} />
            <Route path="/console/live" component={LivePage} />
            <Route path="/console/tokens" component={TokensPage} />
            <Route default component={NotFoundPage} />
          </Router>
        </Layout>
      </LocationProvider>
    </SessionContext.Provider>
  );
}
