import { vendorCategories } from '@localloop/contract';
import { LoaderCircle, Scissors, SearchX } from 'lucide-react';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState, LoadError } from '../../components/page-states.tsx';
import type { PageProps } from '../../components/page-props.ts';
import { SearchField } from '../../components/search-field.tsx';
import { inputClass } from '../../components/text-field.tsx';
import { useSearchParamText } from '../../lib/use-search-param-text.ts';
import { useUserLocation } from '../../session/user-location.ts';
import { defaultServiceFilters, isServiceCategory, serviceRadiusOptionsKm, useServicesNear } from './api/get-services-near.ts';
import type { ServiceFilters } from './api/get-services-near.ts';
import { ServiceGrid, ServiceGridSkeleton } from './components/service-card.tsx';

const priceOptions = [25, 50, 100, 200] as const;
const selectClass = `${inputClass} py-2 pr-9 text-sm md:w-auto`;

function filtersFrom(params: URLSearchParams): ServiceFilters {
  const category = params.get('category');
  const radius = Number(params.get('radius'));
  const maxPrice = Number(params.get('max_price'));
  return {
    q: params.get('q')?.trim() ?? '',
    category: isServiceCategory(category) ? category : null,
    maxPrice: (priceOptions as readonly number[]).includes(maxPrice) ? maxPrice : null,
    radiusKm: (serviceRadiusOptionsKm as readonly number[]).includes(radius) ? radius : defaultServiceFilters.radiusKm,
  };
}

function paramsFrom(filters: ServiceFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.category) params.set('category', filters.category);
  if (filters.maxPrice !== null) params.set('max_price', String(filters.maxPrice));
  if (filters.radiusKm !== defaultServiceFilters.radiusKm) params.set('radius', String(filters.radiusKm));
  return params;
}

/** /services/browse: services that can be booked near the chosen location, with search and filters in the address. */
export default function BrowseServicesPage({ title }: PageProps) {
  const id = useId();
  const location = useUserLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFrom(searchParams);
  const search = useSearchParamText('q');
  const update = (change: Partial<ServiceFilters>) => setSearchParams(paramsFrom({ ...filters, ...change }));

  const services = useServicesNear(filters);
  const pages = services.data?.pages ?? [];
  const results = pages.flatMap((page) => page.results);
  const count = pages[0]?.count ?? 0;
  const capped = pages[0]?.count_capped ?? false;
  const place = location.city || location.formattedAddress || 'you';
  const filtered = filters.q !== '' || filters.category !== null || filters.maxPrice !== null;

  return (
    <section className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <div className="max-w-2xl">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        <p className="mt-1 text-sm text-slate-600">Haircuts, massages, lessons, repairs and more near {place}, with the times you can book.</p>
      </div>

      <div className="mt-6 flex flex-col gap-3 md:flex-row md:items-end">
        <SearchField label="Search services" placeholder="Search services or shops" value={search.text} onChange={search.onChange} onClear={search.clear} />
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:flex">
          <div>
            <label htmlFor={`${id}-category`} className="mb-1 block text-xs font-medium text-slate-600">
              Category
            </label>
            <select id={`${id}-category`} value={filters.category ?? ''} onChange={(event) => update({ category: isServiceCategory(event.target.value) ? event.target.value : null })} className={selectClass}>
              <option value="">All categories</option>
              {vendorCategories.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-price`} className="mb-1 block text-xs font-medium text-slate-600">
              Price
            </label>
            <select id={`${id}-price`} value={filters.maxPrice ?? ''} onChange={(event) => update({ maxPrice: event.target.value ? Number(event.target.value) : null })} className={selectClass}>
              <option value="">Any price</option>
              {priceOptions.map((p) => (
                <option key={p} value={p}>
                  Up to ${p}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-radius`} className="mb-1 block text-xs font-medium text-slate-600">
              Distance
            </label>
            <select id={`${id}-radius`} value={filters.radiusKm} onChange={(event) => update({ radiusKm: Number(event.target.value) })} className={selectClass}>
              {serviceRadiusOptionsKm.map((km) => (
                <option key={km} value={km}>
                  Within {km} km
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>

      <div className="mt-6">
        {services.isPending ? (
          <ServiceGridSkeleton />
        ) : services.isError && results.length === 0 ? (
          <LoadError error={services.error} what="services" onRetry={() => void services.refetch()} />
        ) : (
          <>
            <p role="status" className="mb-4 text-sm text-slate-600">
              {services.isPlaceholderData ? (
                'Updating…'
              ) : (
                <>
                  <span className="font-semibold text-slate-900">{`${count.toLocaleString('en-US')}${capped ? '+' : ''}`}</span> {count === 1 && !capped ? 'service' : 'services'} within{' '}
                  {filters.radiusKm} km of {place}
                </>
              )}
            </p>
            {results.length === 0 ? (
              filtered ? (
                <EmptyState
                  icon={SearchX}
                  title="No services match"
                  actions={
                    <button
                      type="button"
                      className="btn-secondary"
                      onClick={() => {
                        search.clear();
                        update({ q: '', category: null, maxPrice: null });
                      }}
                    >
                      Clear the filters
                    </button>
                  }
                >
                  Nothing near {place} matches. Try other words, another category, a higher price or a wider distance.
                </EmptyState>
              ) : (
                <EmptyState
                  icon={Scissors}
                  title={`No services within ${filters.radiusKm} km yet`}
                  actions={
                    filters.radiusKm < 100 && (
                      <button type="button" className="btn-secondary" onClick={() => update({ radiusKm: 100 })}>
                        Look within 100 km
                      </button>
                    )
                  }
                >
                  Shops add their services every week. Look further away, or choose another location at the top of the page.
                </EmptyState>
              )
            ) : (
              <ServiceGrid services={results} dimmed={services.isPlaceholderData} />
            )}
            {services.hasNextPage && (
              <div className="mt-8 flex justify-center">
                <button type="button" disabled={services.isFetchingNextPage} aria-busy={services.isFetchingNextPage} onClick={() => void services.fetchNextPage()} className="btn-secondary">
                  {services.isFetchingNextPage && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
                  Load more services
                </button>
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}
