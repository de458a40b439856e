import { vendorCategories } from '@localloop/contract';
import { ChevronLeft, ChevronRight, SearchX, Tag } from 'lucide-react';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState, LoadError } from '../../components/page-states.tsx';
import type { PageProps } from '../../components/page-props.ts';
import { SearchField } from '../../components/search-field.tsx';
import { inputClass } from '../../components/text-field.tsx';
import { useSearchParamText } from '../../lib/use-search-param-text.ts';
import { useStoredLocation, useUserLocation } from '../../session/user-location.ts';
import { dealPageSize, dealRadiusOptionsKm, defaultDealFilters, isDealCategory, useDealsNear } from './api/get-deals-near.ts';
import type { DealFilters } from './api/get-deals-near.ts';
import { DealGrid, DealGridSkeleton } from './components/deal-card.tsx';

const selectClass = `${inputClass} py-2 pr-9 text-sm md:w-auto`;

function filtersFrom(params: URLSearchParams): DealFilters {
  const category = params.get('category');
  const radius = Number(params.get('radius'));
  const page = Number(params.get('page'));
  return {
    q: params.get('q')?.trim() ?? '',
    category: isDealCategory(category) ? category : null,
    sort: params.get('sort') === 'popularity' ? 'popularity' : 'distance',
    radiusKm: (dealRadiusOptionsKm as readonly number[]).includes(radius) ? radius : defaultDealFilters.radiusKm,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The filters live in the address (shareable, and Back undoes a change); defaults are left out of it. */
function paramsFrom(filters: DealFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.category) params.set('category', filters.category);
  if (filters.sort !== defaultDealFilters.sort) params.set('sort', filters.sort);
  if (filters.radiusKm !== defaultDealFilters.radiusKm) params.set('radius', String(filters.radiusKm));
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** /PopularDeals: deals on sale near the person's location, nearest or most popular first, with search, category and pages. */
export default function PopularDealsPage({ title }: PageProps) {
  const id = useId();
  const location = useUserLocation();
  const chosen = useStoredLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFrom(searchParams);
  const search = useSearchParamText('q');
  // Any change of what is asked starts again at its first page.
  const update = (change: Partial<DealFilters>) => setSearchParams(paramsFrom({ ...filters, page: 1, ...change }));
  const onSearchChange = (value: string) => {
    search.onChange(value);
    if (filters.page !== 1) setSearchParams(paramsFrom({ ...filters, page: 1 }), { replace: true });
  };

  const deals = useDealsNear(filters);
  const results = deals.data?.results ?? [];
  const count = deals.data?.count ?? 0;
  const capped = deals.data?.count_capped ?? false;
  const pages = Math.max(1, Math.ceil(count / dealPageSize));
  const place = location.city || location.formattedAddress || 'you';
  const filtered = filters.q !== '' || filters.category !== null;
  const pageLink = (page: number) => ({ search: paramsFrom({ ...filters, page }).toString() });
  const toTop = () => document.getElementById(`${id}-results`)?.scrollIntoView?.({ block: 'start' });

  return (
    <section className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <div className="max-w-2xl">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        <p className="mt-1 text-sm text-slate-600 [overflow-wrap:anywhere]">
          Discounts from shops, cafés and studios near {place}, while they last.
          {chosen === null && ' Choose your location at the top of the page to see the deals near you.'}
        </p>
      </div>

      <div className="mt-6 flex flex-col gap-3 md:flex-row md:items-end">
        <SearchField label="Search deals" placeholder="Search deals" value={search.text} onChange={onSearchChange} onClear={() => onSearchChange('')} />
        <div className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 sm:grid-cols-3 md:flex">
          <div className="min-w-0">
            <label htmlFor={`${id}-sort`} className="mb-1 block text-xs font-medium text-slate-600">
              Sort by
            </label>
            <select id={`${id}-sort`} value={filters.sort} onChange={(event) => update({ sort: event.target.value === 'popularity' ? 'popularity' : 'distance' })} className={selectClass}>
              <option value="distance">Nearest first</option>
              <option value="popularity">Most popular</option>
            </select>
          </div>
          <div className="min-w-0">
            <label htmlFor={`${id}-category`} className="mb-1 block text-xs font-medium text-slate-600">
              Category
            </label>
            <select id={`${id}-category`} value={filters.category ?? ''} onChange={(event) => update({ category: isDealCategory(event.target.value) ? event.target.value : null })} className={selectClass}>
              <option value="">All categories</option>
              {vendorCategories.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
          <div className="min-w-0">
            <label htmlFor={`${id}-radius`} className="mb-1 block text-xs font-medium text-slate-600">
              Distance
            </label>
            <select id={`${id}-radius`} value={filters.radiusKm} onChange={(event) => update({ radiusKm: Number(event.target.value) })} className={selectClass}>
              {dealRadiusOptionsKm.map((km) => (
                <option key={km} value={km}>
                  Within {km} km
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>

      <div id={`${id}-results`} className="mt-6 scroll-mt-24">
        {deals.isPending ? (
          <DealGridSkeleton />
        ) : deals.isError && results.length === 0 ? (
          <LoadError error={deals.error} what="deals" onRetry={() => void deals.refetch()} />
        ) : (
          <>
            <p role="status" className="mb-4 text-sm text-slate-600 [overflow-wrap:anywhere]">
              {deals.isPlaceholderData ? (
                'Updating…'
              ) : (
                <>
                  <span className="font-semibold text-slate-900">{`${count.toLocaleString('en-US')}${capped ? '+' : ''}`}</span> {count === 1 && !capped ? 'deal' : 'deals'} within{' '}
                  {filters.radiusKm} km of {place}
                  {filters.sort === 'popularity' ? ', most popular first' : ', nearest first'}
                </>
              )}
            </p>
            {results.length === 0 ? (
              filters.page > 1 && count > 0 ? (
                <EmptyState
                  icon={Tag}
                  title="No deals on this page"
                  actions={
                    <Link to={pageLink(1)} className="btn-secondary">
                      Go to the first page
                    </Link>
                  }
                >
                  The list is shorter now: some deals have ended or sold out.
                </EmptyState>
              ) : filtered ? (
                <EmptyState
                  icon={SearchX}
                  title="No deals match"
                  actions={
                    <button
                      type="button"
                      className="btn-secondary"
                      onClick={() => {
                        search.clear();
                        update({ q: '', category: null });
                      }}
                    >
                      Clear search and category
                    </button>
                  }
                >
                  Nothing on sale near {place} matches. Try other words, another category or a wider distance.
                </EmptyState>
              ) : (
                <EmptyState
                  icon={Tag}
                  title={`No deals within ${filters.radiusKm} km right now`}
                  actions={
                    filters.radiusKm < 100 && (
                      <button type="button" className="btn-secondary" onClick={() => update({ radiusKm: 100 })}>
                        Look within 100 km
                      </button>
                    )
                  }
                >
                  Shops put new deals on sale every week. Look further away, or choose another location at the top of the page.
                </EmptyState>
              )
            ) : (
              <DealGrid deals={results} dimmed={deals.isPlaceholderData} />
            )}
            {pages > 1 && (
              <nav aria-label="Pages of deals" className="mt-8 flex flex-wrap items-center justify-between gap-3">
                {filters.page > 1 ? (
                  <Link to={pageLink(filters.page - 1)} onClick={toTop} className="btn-secondary" rel="prev">
                    <ChevronLeft aria-hidden="true" className="size-4" /> Previous
                  </Link>
                ) : (
                  <span aria-hidden="true" />
                )}
                <p className="text-sm text-slate-600">
                  Page <span className="font-semibold text-slate-900">{filters.page}</span> of {pages}
                </p>
                {filters.page < pages ? (
                  <Link to={pageLink(filters.page + 1)} onClick={toTop} className="btn-secondary" rel="next">
                    Next <ChevronRight aria-hidden="true" className="size-4" />
                  </Link>
                ) : (
                  <span aria-hidden="true" />
                )}
              </nav>
            )}
          </>
        )}
      </div>
    </section>
  );
}
