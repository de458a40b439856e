import type { RouteObject } from 'react-router';
import { routes } from '../routes.tsx';
import type { AppRoute } from '../routes.tsx';
import { VendorStatusSync } from '../features/vendors/vendor-status-sync.tsx';
import { AuthProvider } from '../session/auth-context.tsx';
import { Layout } from '../shell/layout.tsx';
import { RootErrorPage } from '../shell/root-error-page.tsx';
import { RealtimeProvider } from './realtime-provider.tsx';
import { RouteElement } from './route-element.tsx';

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
          <VendorStatusSync />
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
