import { vendorCategories } from '@localloop/contract';
import { Tag } from 'lucide-react';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { CategoryFilter, FilterSelect, NearbyListPage, NearbyResults, RadiusFilter } from '../../components/nearby-list.tsx';
import type { PageProps } from '../../components/page-props.ts';
import { SearchField } from '../../components/search-field.tsx';
import { useSearchParamText } from '../../lib/use-search-param-text.ts';
import { useStoredLocation, useUserLocation } from '../../session/user-location.ts';
import { dealPageSize, dealRadiusOptionsKm, defaultDealFilters, isDealCategory, useDealsNear } from './api/get-deals-near.ts';
import type { DealFilters } from './api/get-deals-near.ts';
import { DealGrid, DealGridSkeleton } from './components/deal-card.tsx';

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
  const place = location.city || location.formattedAddress || 'you';
  const filtered = filters.q !== '' || filters.category !== null;
  const pageLink = (page: number) => ({ search: paramsFrom({ ...filters, page }).toString() });

  return (
    <NearbyListPage
      title={title}
      intro={
        <>
          Discounts from shops, cafés and studios near {place}, while they last.
          {chosen === null && ' Choose your location at the top of the page to see the deals near you.'}
        </>
      }
    >
      <div className="mt-6 flex flex-col gap-3 md:flex-row md:items-end">
        <SearchField label="Search deals" placeholder="Search deals" value={search.text} onChange={onSearchChange} onClear={() => onSearchChange('')} />
        <div className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 sm:grid-cols-3 md:flex">
          <FilterSelect id={`${id}-sort`} label="Sort by" value={filters.sort} onChange={(value) => update({ sort: value === 'popularity' ? 'popularity' : 'distance' })}>
            <option value="distance">Nearest first</option>
            <option value="popularity">Most popular</option>
          </FilterSelect>
          <CategoryFilter id={`${id}-category`} value={filters.category} categories={vendorCategories} onChange={(value) => update({ category: isDealCategory(value) ? value : null })} />
          <RadiusFilter id={`${id}-radius`} value={filters.radiusKm} options={dealRadiusOptionsKm} onChange={(radiusKm) => update({ radiusKm })} />
        </div>
      </div>

      <NearbyResults
        query={deals}
        skeleton={<DealGridSkeleton />}
        what="deals"
        one="deal"
        count={count}
        capped={capped}
        radiusKm={filters.radiusKm}
        place={place}
        order={filters.sort === 'popularity' ? ', most popular first' : ', nearest first'}
        isEmpty={results.length === 0}
        page={filters.page}
        pageSize={dealPageSize}
        pageLink={pageLink}
        icon={Tag}
        pageGone="The list is shorter now: some deals have ended or sold out."
        filtered={filtered}
        noMatch={<>Nothing on sale near {place} matches. Try other words, another category or a wider distance.</>}
        clearLabel="Clear search and category"
        onClear={() => {
          search.clear();
          update({ q: '', category: null });
        }}
        nothingNearTitle={`No deals within ${filters.radiusKm} km right now`}
        nothingNear="Shops put new deals on sale every week. Look further away, or choose another location at the top of the page."
        onWiden={() => update({ radiusKm: 100 })}
      >
        <DealGrid deals={results} dimmed={deals.isPlaceholderData} leadsPage />
      </NearbyResults>
    </NearbyListPage>
  );
}
