import { lazy, Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import type { RouteObject } from 'react-router';
import { routes } from '../routes.tsx';
import type { AppRoute } from '../routes.tsx';
import { logError } from '../lib/log-error.ts';
import { AuthProvider, useAuth } from '../session/auth-context.tsx';
import { Layout } from '../shell/layout.tsx';
import { RootErrorPage } from '../shell/root-error-page.tsx';
import { RealtimeProvider } from './realtime-provider.tsx';
import { RouteElement } from './route-element.tsx';

// Only a session fetches its vendor status; the fetch (with the API client and the contract's schemas) loads then.
const VendorStatusSync = lazy(() => import('../features/vendors/vendor-status-sync.tsx').then((module) => ({ default: module.VendorStatusSync })));

function SessionSync() {
  const { isAuthenticated } = useAuth();
  if (!isAuthenticated) return null;
  return (
    // One that cannot load changes nothing: the session goes on with the approval it knows (the login's).
    <ErrorBoundary fallback={null} onError={(error) => logError('Could not check the vendor status', error)}>
      <Suspense fallback={null}>
        <VendorStatusSync />
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * The router's tree: one root (auth + shell) with every row of the route table beneath it.
 * The auth provider sits inside the router because logout navigates; the vendor-status fetch and the realtime socket
 * sit inside it.
 */
export function createRouteObjects(table: readonly AppRoute[] = routes): RouteObject[] {
  return [
    {
      element: (
        <AuthProvider>
          <SessionSync />
          <RealtimeProvider>
            <Layout />
          </RealtimeProvider>
        </AuthProvider>
      ),
      errorElement: <RootErrorPage />,
      children: table.map((route) => ({
        path: route.path,
        element: <RouteElement key={route.path} route={route} />,
      })),
    },
  ];
}
