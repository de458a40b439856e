import { ArrowRight, RotateCw } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type NearbySectionProps<T> = {
  title: string;
  /** One line under the title. */
  lead: string;
  /** The kind's own full list. */
  seeAll: { to: string; label: string };
  /** The list's query as TanStack Query gives it. */
  query: { isPending: boolean; isError: boolean; data: T[] | undefined; refetch: () => unknown };
  /** The cards' place while they load. */
  skeleton: ReactNode;
  /** The cards. */
  children: (items: T[]) => ReactNode;
  /** Said when there is none near. */
  empty: { icon: LucideIcon; text: string };
  /** "deals", "activities": in the failed-load message. */
  what: string;
};

/**
 * A live row of the landing page: what is near the visitor of one kind (popular deals, upcoming activities), with
 * "See all" on the kind's own page. A failed load or an empty area says so in one line and keeps the link, so the
 * front page never shows an error box.
 */
export function NearbySection<T>({ title, lead, seeAll, query, skeleton, children, empty, what }: NearbySectionProps<T>) {
  const headingId = useId();
  const items = query.data ?? [];
  const EmptyIcon = empty.icon;
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-7xl px-4 pt-14 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
        <div className="min-w-0">
          <h2 id={headingId} className="text-2xl font-bold tracking-tight text-slate-900 [overflow-wrap:anywhere] sm:text-3xl">
            {title}
          </h2>
          <p className="mt-1 text-slate-600">{lead}</p>
        </div>
        <Link to={seeAll.to} className="inline-flex items-center gap-1 rounded-lg text-sm font-semibold text-teal-800 hover:text-teal-900 hover:underline">
          {seeAll.label}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      <div className="mt-6">
        {query.isPending ? (
          skeleton
        ) : query.isError ? (
          <p role="alert" className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-2xl border border-slate-200 bg-white px-5 py-4 text-sm text-slate-700">
            We could not load the {what} near you just now.
            <button type="button" onClick={() => void query.refetch()} className="btn-secondary px-3 py-1.5 text-sm">
              <RotateCw aria-hidden="true" className="size-4" />
              Try again
            </button>
          </p>
        ) : items.length === 0 ? (
          <p className="flex items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white px-5 py-4 text-sm text-slate-700">
            <EmptyIcon aria-hidden="true" className="size-5 shrink-0 text-teal-700" />
            {empty.text}
          </p>
        ) : (
          children(items)
        )}
      </div>
    </section>
  );
}
