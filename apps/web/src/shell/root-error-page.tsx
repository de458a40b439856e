import { ErrorFallback } from './error-fallback.tsx';

/** Last resort when the shell itself fails; a page's own crash is caught closer, by its boundary. */
export function RootErrorPage() {
  return (
    <main id="main" className="min-h-screen bg-slate-50 px-4 py-10">
      <ErrorFallback onRetry={() => window.location.reload()} />
    </main>
  );
}
