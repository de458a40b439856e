import { Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import type { FallbackProps } from 'react-error-boundary';
import { useLocation } from 'react-router';
import { PageSpinner } from '../components/spinner.tsx';
import { ErrorFallback } from './error-fallback.tsx';
import type { LazyPage } from './lazy-page.ts';

type PageBoundaryProps = { page: LazyPage; title: string };

function LoadedPage({ page, title }: PageBoundaryProps) {
  const Component = page.Component;
  return <Component title={title} />;
}

function PageErrorFallback({ resetErrorBoundary }: FallbackProps) {
  return <ErrorFallback onRetry={resetErrorBoundary} />;
}

/** One page: its own error boundary (with a real retry) and a spinner while its chunk loads. */
export function PageBoundary({ page, title }: PageBoundaryProps) {
  const { pathname } = useLocation();
  return (
    <>
      <title>{`${title} · LocalLoop`}</title>
      <ErrorBoundary FallbackComponent={PageErrorFallback} onReset={() => page.reset()} resetKeys={[pathname]}>
        {/* The screen's height while the page loads: the footer waits below the fold, so the page arriving does not push it. */}
        <Suspense fallback={<div className="min-h-[calc(100svh-4rem)]"><PageSpinner /></div>}>
          <LoadedPage page={page} title={title} />
        </Suspense>
      </ErrorBoundary>
    </>
  );
}
