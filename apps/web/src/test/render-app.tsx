import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createRouteObjects } from '../app/router.tsx';
import { ToastContainer, toastDefaults } from '../lib/toast.ts';

type Entry = string | { pathname: string; search?: string; state?: unknown };
type Options = {
  user?: Parameters<typeof userEvent.setup>[0];
  /** Wraps the app, e.g. in a context provider that swaps a dependency for the test. */
  wrap?: (app: ReactNode) => ReactNode;
};

/**
 * Renders the whole app (real routes, guards, shell and session) at `path`; an object entry carries
 * router state, as a previous step's navigate() would. `user` options go to userEvent.setup (fake timers).
 */
export function renderApp(path: Entry = '/', options: Options = {}) {
  const router = createMemoryRouter(createRouteObjects(), { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const user = userEvent.setup(options.user);
  const wrap = options.wrap ?? ((app: ReactNode) => app);
  const view = render(
    wrap(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <ToastContainer {...toastDefaults} />
      </QueryClientProvider>,
    ),
  );
  return {
    ...view,
    router,
    queryClient,
    user,
    pathname: () => router.state.location.pathname,
    location: () => router.state.location,
  };
}
