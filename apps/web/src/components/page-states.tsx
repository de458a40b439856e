import { CircleAlert, RotateCw } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { errorMessageOf } from './server-errors.ts';

/** A failed load, with a retry. */
export function LoadError({ error, onRetry, what }: { error: unknown; onRetry: () => void; what: string }) {
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
      <CircleAlert aria-hidden="true" className="mx-auto size-7 text-red-600" />
      <p className="mt-3 font-semibold text-red-900">We could not load {what}.</p>
      <p className="mt-1 text-sm text-red-800">{errorMessageOf(error)}</p>
      <button type="button" onClick={onRetry} className="btn-secondary mt-4">
        <RotateCw aria-hidden="true" className="size-4" />
        Try again
      </button>
    </div>
  );
}

/** Nothing to show yet: an icon, a sentence and what to do next. */
type EmptyStateProps = { icon: LucideIcon; title: string; children?: ReactNode; actions?: ReactNode; level?: 'h1' | 'h2' | 'h3'; compact?: boolean };

export function EmptyState({ icon: Icon, title, children, actions, level: Heading = 'h2', compact = false }: EmptyStateProps) {
  return (
    <div className={`rounded-2xl border border-dashed border-slate-300 bg-white text-center ${compact ? 'px-4 py-5' : 'px-6 py-10'}`}>
      <span className={`mx-auto flex items-center justify-center rounded-2xl bg-teal-50 text-teal-700 ${compact ? 'size-10' : 'size-12'}`}>
        <Icon aria-hidden="true" className={compact ? 'size-5' : 'size-6'} />
      </span>
      <Heading className={`font-semibold text-slate-900 ${compact ? 'mt-3 text-base' : 'mt-4 text-lg'}`}>{title}</Heading>
      {children && <div className="mx-auto mt-1.5 max-w-md text-sm text-slate-600">{children}</div>}
      {actions && <div className="mt-5 flex flex-wrap justify-center gap-3">{actions}</div>}
    </div>
  );
}
