import { RotateCcw, TriangleAlert } from 'lucide-react';

type ErrorFallbackProps = { onRetry: () => void; onReload?: () => void };

/** The spec's page-crash fallback; the texts are required to the letter. */
export function ErrorFallback({ onRetry, onReload = () => window.location.reload() }: ErrorFallbackProps) {
  return (
    <section
      role="alert"
      data-testid="error-fallback"
      className="mx-auto my-16 max-w-md rounded-2xl border border-red-100 bg-white p-8 text-center shadow-sm"
    >
      <TriangleAlert aria-hidden="true" className="mx-auto size-10 text-red-600" />
      {/* It stands in for the whole page, so it is the page's one h1 (and takes the focus after a route change). */}
      <h1 className="mt-4 text-xl font-semibold text-slate-900">Oops! Something went wrong.</h1>
      <p className="mt-2 text-sm text-slate-600">This part of the page failed to load. You can try it again.</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <button type="button" onClick={onRetry} className="btn-primary">
          <RotateCcw aria-hidden="true" className="size-4" />
          Try Again
        </button>
        <button type="button" onClick={onReload} className="btn-secondary">
          Reload Page
        </button>
      </div>
    </section>
  );
}
