import { useState } from 'react';
import { createPortal } from 'react-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ApiError } from '../api/api-error.ts';
import { ToastContainer, toastDefaults } from '../lib/toast.ts';
import { createRouteObjects } from './router.tsx';

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not change by asking again; network trouble and 5xx get one more try.
        retry: (failureCount, error) =>
          failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createBrowserRouter(createRouteObjects()));
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {createPortal(<ToastContainer {...toastDefaults} />, document.getElementById('toasts') ?? document.body)}
    </QueryClientProvider>
  );
}
