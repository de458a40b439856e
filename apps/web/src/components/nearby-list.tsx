import { ChevronLeft, ChevronRight, SearchX } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { To } from 'react-router';
import { EmptyState, LoadError } from './page-states.tsx';
import { inputClass } from './text-field.tsx';

/** The pieces of a page listing what is near the reader's location (deals, activities): filters in the address, pages as links. */

const filterClass = `${inputClass} py-2 pr-9 text-sm md:w-auto`;

/** The page: its title, what it lists near whom, an optional action beside them (host one), then filters and results. */
export function NearbyListPage({ title, intro, action, children }: { title: string; intro: ReactNode; action?: ReactNode; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0 max-w-2xl">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          <p className="mt-1 text-sm text-slate-600 [overflow-wrap:anywhere]">{intro}</p>
        </div>
        {action && <div className="shrink-0">{action}</div>}
      </div>
      {children}
    </section>
  );
}

/** One filter: a small label over its control, whose id is `id`. */
export function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        {label}
      </label>
      {children}
    </div>
  );
}

type FilterSelectProps = { id: string; label: string; value: string | number; onChange: (value: string) => void; children: ReactNode };

/** A filter's select (category, distance, when). */
export function FilterSelect({ id, label, value, onChange, children }: FilterSelectProps) {
  return (
    <FilterField id={id} label={label}>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={filterClass}>
        {children}
      </select>
    </FilterField>
  );
}

/** A filter's date input. */
export function FilterDate({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <FilterField id={id} label={label}>
      <input id={id} type="date" value={value} onChange={(event) => onChange(event.target.value)} className={filterClass} />
    </FilterField>
  );
}

/** Category: all of them (null), or one. */
export function CategoryFilter({ id, value, categories, onChange }: { id: string; value: string | null; categories: readonly string[]; onChange: (value: string) => void }) {
  return (
    <FilterSelect id={id} label="Category" value={value ?? ''} onChange={onChange}>
      <option value="">All categories</option>
      {categories.map((c) => (
        <option key={c} value={c}>
          {c}
        </option>
      ))}
    </FilterSelect>
  );
}

/** Distance: within one of the offered radii. */
export function RadiusFilter({ id, value, options, onChange }: { id: string; value: number; options: readonly number[]; onChange: (km: number) => void }) {
  return (
    <FilterSelect id={id} label="Distance" value={value} onChange={(km) => onChange(Number(km))}>
      {options.map((km) => (
        <option key={km} value={km}>
          Within {km} km
        </option>
      ))}
    </FilterSelect>
  );
}

/** Previous and next as links (the page is in the address), with where the reader is; nothing when one page holds it all. */
function PageLinks({ page, pages, pageLink, onFollow, what }: { page: number; pages: number; pageLink: (page: number) => To; onFollow: () => void; what: string }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={`Pages of ${what}`} className="mt-8 flex flex-wrap items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={pageLink(page - 1)} onClick={onFollow} className="btn-secondary" rel="prev">
          <ChevronLeft aria-hidden="true" className="size-4" /> Previous
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
      <p className="text-sm text-slate-600">
        Page <span className="font-semibold text-slate-900">{page}</span> of {pages}
      </p>
      {page < pages ? (
        <Link to={pageLink(page + 1)} onClick={onFollow} className="btn-secondary" rel="next">
          Next <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
    </nav>
  );
}

type NearbyResultsProps = {
  /** The page's query: a previous page's data stands in (placeholder) while the next one loads. */
  query: { isPending: boolean; isError: boolean; error: unknown; isPlaceholderData: boolean; refetch: () => unknown };
  skeleton: ReactNode;
  /** What is listed, plural and singular: "activities", "activity". */
  what: string;
  one: string;
  count: number;
  /** The count stops at a cap: "500+". */
  capped: boolean;
  radiusKm: number;
  place: string;
  /** The order, after the place: ", nearest first". */
  order: string;
  isEmpty: boolean;
  page: number;
  pageSize: number;
  pageLink: (page: number) => To;
  /** The icon of the empty pages that are not a failed match. */
  icon: LucideIcon;
  /** Why a page past the first can be empty now. */
  pageGone: string;
  /** Whether filters other than distance are set: an empty first page is then "no match". */
  filtered: boolean;
  noMatch: ReactNode;
  clearLabel: string;
  onClear: () => void;
  nothingNearTitle: string;
  nothingNear: ReactNode;
  /** Look within 100 km. */
  onWiden: () => void;
  /** Another way forward when nothing is near (host one). */
  nothingNearAction?: ReactNode;
  /** The grid of results. */
  children: ReactNode;
};

/** The results of a nearby list: loading, a failed load, how many, the empty states (page gone, no match, nothing near), the grid and its pages. */
export function NearbyResults(props: NearbyResultsProps) {
  const { query, what, count, capped, page, pageLink } = props;
  const id = useId();
  const pages = Math.max(1, Math.ceil(count / props.pageSize));
  const toTop = () => document.getElementById(id)?.scrollIntoView?.({ block: 'start' });
  return (
    <div id={id} className="mt-6 scroll-mt-24">
      {query.isPending ? (
        props.skeleton
      ) : query.isError && props.isEmpty ? (
        <LoadError error={query.error} what={what} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <p role="status" className="mb-4 text-sm text-slate-600 [overflow-wrap:anywhere]">
            {query.isPlaceholderData ? (
              'Updating…'
            ) : (
              <>
                <span className="font-semibold text-slate-900">{`${count.toLocaleString('en-US')}${capped ? '+' : ''}`}</span> {count === 1 && !capped ? props.one : what} within{' '}
                {props.radiusKm} km of {props.place}
                {props.order}
              </>
            )}
          </p>
          {props.isEmpty ? (
            page > 1 && count > 0 ? (
              <EmptyState
                icon={props.icon}
                title={`No ${what} on this page`}
                actions={
                  <Link to={pageLink(1)} className="btn-secondary">
                    Go to the first page
                  </Link>
                }
              >
                {props.pageGone}
              </EmptyState>
            ) : props.filtered ? (
              <EmptyState
                icon={SearchX}
                title={`No ${what} match`}
                actions={
                  <button type="button" className="btn-secondary" onClick={props.onClear}>
                    {props.clearLabel}
                  </button>
                }
              >
                {props.noMatch}
              </EmptyState>
            ) : (
              <EmptyState
                icon={props.icon}
                title={props.nothingNearTitle}
                actions={
                  (props.radiusKm < 100 || props.nothingNearAction) && (
                    <>
                      {props.radiusKm < 100 && (
                        <button type="button" className="btn-secondary" onClick={props.onWiden}>
                          Look within 100 km
                        </button>
                      )}
                      {props.nothingNearAction}
                    </>
                  )
                }
              >
                {props.nothingNear}
              </EmptyState>
            )
          ) : (
            props.children
          )}
          <PageLinks page={page} pages={pages} pageLink={pageLink} onFollow={toTop} what={what} />
        </>
      )}
    </div>
  );
}
