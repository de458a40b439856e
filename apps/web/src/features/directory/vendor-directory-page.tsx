import { LoaderCircle, SearchX, Store } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { PageProps } from '../../components/page-props.ts';
import { useSearchParamText } from '../../lib/use-search-param-text.ts';
import { useUserLocation } from '../../session/user-location.ts';
import { defaultFilters, isVendorCategory, radiusOptionsKm, useVendors } from './api/get-vendors.ts';
import type { VendorFilters } from './api/get-vendors.ts';
import { DirectoryFilters } from './components/directory-filters.tsx';
import { EmptyState, LoadError } from '../../components/page-states.tsx';
import { VendorGrid, VendorGridSkeleton } from './components/vendor-card.tsx';

function filtersFrom(params: URLSearchParams): VendorFilters {
  const category = params.get('category');
  const radius = Number(params.get('radius'));
  return {
    q: params.get('q')?.trim() ?? '',
    category: isVendorCategory(category) ? category : null,
    sort: params.get('sort') === 'rating' ? 'rating' : 'distance',
    radiusKm: (radiusOptionsKm as readonly number[]).includes(radius) ? radius : defaultFilters.radiusKm,
  };
}

/** The filters live in the address (shareable, and Back undoes a change); defaults are left out of it. */
function paramsFrom(filters: VendorFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.category) params.set('category', filters.category);
  if (filters.sort !== defaultFilters.sort) params.set('sort', filters.sort);
  if (filters.radiusKm !== defaultFilters.radiusKm) params.set('radius', String(filters.radiusKm));
  return params;
}

type VendorDirectoryPageProps = PageProps & {
  /** Shown under the heading: where a person without a chosen area sets one (app/pages composes it in). */
  locationPrompt?: ReactNode;
};

/** /VendorList (users) and /Vendor (everyone): approved vendors near the chosen location. */
export function VendorDirectoryPage({ title, locationPrompt }: VendorDirectoryPageProps) {
  const location = useUserLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFrom(searchParams);
  const search = useSearchParamText('q');

  const update = (change: Partial<VendorFilters>) => {
    setSearchParams(paramsFrom({ ...filters, ...change }));
  };


  const vendors = useVendors(filters);
  const pages = vendors.data?.pages ?? [];
  const results = pages.flatMap((page) => page.results);
  const count = pages[0]?.count ?? 0;
  // Past 1,000 the server stops counting: "1,000+", never a made-up exact number.
  const capped = pages[0]?.count_capped ?? false;
  const countText = `${count.toLocaleString('en-US')}${capped ? '+' : ''}`;
  const place = location.city || location.formattedAddress || 'you';
  const filtered = filters.q !== '' || filters.category !== null;

  return (
    <section className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <div className="max-w-2xl">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        <p className="mt-1 text-sm text-slate-600">Local businesses near {place}: cafés, salons, studios, repairs and more.</p>
      </div>

      {locationPrompt && <div className="mt-6 empty:hidden">{locationPrompt}</div>}

      <div className="mt-6">
        <DirectoryFilters search={search.text} onSearchChange={search.onChange} filters={filters} onChange={(change) => update(change)} />
      </div>

      <div className="mt-6">
        {vendors.isPending ? (
          <VendorGridSkeleton />
        ) : vendors.isError && results.length === 0 ? (
          <LoadError error={vendors.error} what="vendors" onRetry={() => void vendors.refetch()} />
        ) : (
          <>
            <p role="status" className="mb-4 text-sm text-slate-600">
              {vendors.isPlaceholderData ? (
                'Updating…'
              ) : (
                <>
                  <span className="font-semibold text-slate-900">{countText}</span> {count === 1 && !capped ? 'vendor' : 'vendors'} within {filters.radiusKm} km of {place}
                </>
              )}
            </p>
            {results.length === 0 ? (
              filtered ? (
                <EmptyState
                  icon={SearchX}
                  title="No vendors match"
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
                  Nothing near {place} matches your search. Try other words, another category or a wider distance.
                </EmptyState>
              ) : (
                <EmptyState
                  icon={Store}
                  title={`No vendors within ${filters.radiusKm} km yet`}
                  actions={
                    filters.radiusKm < 100 && (
                      <button type="button" className="btn-secondary" onClick={() => update({ radiusKm: 100 })}>
                        Look within 100 km
                      </button>
                    )
                  }
                >
                  Local businesses join LocalLoop every week. Look further away, or choose another location at the top of the page.
                </EmptyState>
              )
            ) : (
              <VendorGrid vendors={results} dimmed={vendors.isPlaceholderData} />
            )}
            {vendors.isFetchNextPageError && <p className="mt-4 text-center text-sm text-red-700">{vendors.error.message}</p>}
            {vendors.hasNextPage && (
              <div className="mt-8 flex justify-center">
                <button
                  type="button"
                  disabled={vendors.isFetchingNextPage}
                  aria-busy={vendors.isFetchingNextPage}
                  onClick={() => void vendors.fetchNextPage()}
                  className="btn-secondary"
                >
                  {vendors.isFetchingNextPage && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
                  Load more vendors
                </button>
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}

export default VendorDirectoryPage;
