import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createRouteObjects } from '../app/router.tsx';
import { ToastContainer, toastDefaults } from '../lib/toast.ts';

/** Renders the whole app (real routes, guards, shell and session) at `path`. */
export function renderApp(path = '/') {
  const router = createMemoryRouter(createRouteObjects(), { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToastContainer {...toastDefaults} />
    </QueryClientProvider>,
  );
  return { ...view, router, user, pathname: () => router.state.location.pathname };
}
