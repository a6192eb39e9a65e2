import { Container } from '@mantine/core';
import { Suspense, useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { PageLoading } from './components/PageLoading.js';
import { AppLayout } from './layout/AppLayout.js';
import { NotFoundPage } from './pages/NotFoundPage.js';
import { Guard } from './routing/Guard.js';
import { routes } from './routing/routes.js';
import { useScrollToTop } from './routing/useScrollToTop.js';
import { UNAUTHORIZED_EVENT } from './session.js';

/** The 'unauthorized' event sends the user to /signin unless already there. */
function useUnauthorizedRedirect() {
  const [location, navigate] = useLocation();
  useEffect(() => {
    const onUnauthorized = () => {
      if (location !== '/signin') navigate('/signin');
    };
    window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    return () => window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
  }, [location, navigate]);
}

export function App() {
  useUnauthorizedRedirect();
  useScrollToTop();
  return (
    <AppLayout>
      <Container size="xl">
        {/* Pages load lazily (routing/routes.tsx); header and footer stay while one arrives. */}
        <Suspense fallback={<PageLoading />}>
          <Switch>
            {routes.map(({ path, access, component: Page }) => (
              <Route key={path} path={path}>
                <Guard access={access}>
                  <Page />
                </Guard>
              </Route>
            ))}
            <Route>
              <NotFoundPage />
            </Route>
          </Switch>
        </Suspense>
      </Container>
    </AppLayout>
  );
}
