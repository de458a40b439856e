import { activityCategories } from '@localloop/contract';
import { CalendarX, Plus } from 'lucide-react';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CategoryFilter, FilterDate, FilterSelect, NearbyListPage, NearbyResults, RadiusFilter } from '../../components/nearby-list.tsx';
import type { PageProps } from '../../components/page-props.ts';
import { SearchField } from '../../components/search-field.tsx';
import { useSearchParamText } from '../../lib/use-search-param-text.ts';
import { paths } from '../../paths.ts';
import { useAuth } from '../../session/auth-context.tsx';
import { useStoredLocation, useUserLocation } from '../../session/user-location.ts';
import { activityPageSize, activityRadiusOptionsKm, defaultActivityFilters, isActivityCategory, useActivitiesNear } from './api/get-activities-near.ts';
import type { ActivityFilters, ActivityWhen } from './api/get-activities-near.ts';
import { ActivityGrid, ActivityGridSkeleton } from './components/activity-card.tsx';

const whenOptions: readonly { value: ActivityWhen; label: string }[] = [
  { value: 'any', label: 'Any day' },
  { value: 'today', label: 'Today' },
  { value: 'weekend', label: 'This weekend' },
  { value: 'week', label: 'Next 7 days' },
  { value: 'date', label: 'On a date…' },
];
const isWhen = (value: string | null): value is ActivityWhen => whenOptions.some((o) => o.value === value);
const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

function filtersFrom(params: URLSearchParams): ActivityFilters {
  const category = params.get('category');
  const when = params.get('when');
  const date = params.get('date');
  const radius = Number(params.get('radius'));
  const page = Number(params.get('page'));
  return {
    q: params.get('q')?.trim() ?? '',
    category: isActivityCategory(category) ? category : null,
    when: isWhen(when) ? when : 'any',
    date: isDay(date) ? date : null,
    radiusKm: (activityRadiusOptionsKm as readonly number[]).includes(radius) ? radius : defaultActivityFilters.radiusKm,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The filters live in the address (shareable, and Back undoes a change); defaults are left out of it. */
function paramsFrom(filters: ActivityFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.category) params.set('category', filters.category);
  if (filters.when !== 'any') params.set('when', filters.when);
  if (filters.when === 'date' && filters.date) params.set('date', filters.date);
  if (filters.radiusKm !== defaultActivityFilters.radiusKm) params.set('radius', String(filters.radiusKm));
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** /LocalActivities: upcoming public activities near the person's location, nearest first, by words, category and day, in pages. */
export default function LocalActivitiesPage({ title }: PageProps) {
  const id = useId();
  const { isAuthenticated } = useAuth();
  const location = useUserLocation();
  const chosen = useStoredLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFrom(searchParams);
  const search = useSearchParamText('q');
  // Any change of what is asked starts again at its first page.
  const update = (change: Partial<ActivityFilters>) => setSearchParams(paramsFrom({ ...filters, page: 1, ...change }));
  const onSearchChange = (value: string) => {
    search.onChange(value);
    if (filters.page !== 1) setSearchParams(paramsFrom({ ...filters, page: 1 }), { replace: true });
  };

  const activities = useActivitiesNear(filters);
  const results = activities.data?.results ?? [];
  const count = activities.data?.count ?? 0;
  const capped = activities.data?.count_capped ?? false;
  const place = location.city || location.formattedAddress || 'you';
  const filtered = filters.q !== '' || filters.category !== null || filters.when !== 'any';
  const pageLink = (page: number) => ({ search: paramsFrom({ ...filters, page }).toString() });
  const hostLink = isAuthenticated ? (
    <Link to={paths.postActivities} className="btn-primary">
      <Plus aria-hidden="true" className="size-4" /> Create Activity
    </Link>
  ) : null;

  return (
    <NearbyListPage
      title={title}
      intro={
        <>
          Runs, game nights, classes and meetups near {place}: join one, or host your own.
          {chosen === null && ' Choose your location at the top of the page to see the activities near you.'}
        </>
      }
      action={hostLink}
    >
      <div className="mt-6 flex flex-col gap-3 lg:flex-row lg:items-end">
        <SearchField label="Search activities" placeholder="Search activities or hosts" value={search.text} onChange={onSearchChange} onClear={() => onSearchChange('')} />
        <div className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 md:flex md:flex-wrap md:items-end">
          <CategoryFilter id={`${id}-category`} value={filters.category} categories={activityCategories} onChange={(value) => update({ category: isActivityCategory(value) ? value : null })} />
          <FilterSelect
            id={`${id}-when`}
            label="When"
            value={filters.when}
            onChange={(value) => {
              const when = isWhen(value) ? value : 'any';
              update({ when, date: when === 'date' ? (filters.date ?? new Date().toLocaleDateString('en-CA')) : null });
            }}
          >
            {whenOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </FilterSelect>
          {filters.when === 'date' && (
            <FilterDate
              id={`${id}-date`}
              label="Date"
              value={filters.date ?? ''}
              onChange={(value) => {
                if (isDay(value)) update({ date: value });
              }}
            />
          )}
          <RadiusFilter id={`${id}-radius`} value={filters.radiusKm} options={activityRadiusOptionsKm} onChange={(radiusKm) => update({ radiusKm })} />
        </div>
      </div>

      <NearbyResults
        query={activities}
        skeleton={<ActivityGridSkeleton />}
        what="activities"
        one="activity"
        count={count}
        capped={capped}
        radiusKm={filters.radiusKm}
        place={place}
        order=", nearest first"
        isEmpty={results.length === 0}
        page={filters.page}
        pageSize={activityPageSize}
        pageLink={pageLink}
        icon={CalendarX}
        pageGone="The list is shorter now: some activities have started or ended."
        filtered={filtered}
        noMatch={
          <>
            Nothing coming up near {place} matches{filters.q && <> “{filters.q}”</>}. Try {filters.q ? 'other words, ' : ''}another category, another day or a wider
            distance.
          </>
        }
        clearLabel={filters.q ? 'Clear search, category and date' : 'Clear category and date'}
        onClear={() => {
          search.clear();
          update({ q: '', category: null, when: 'any', date: null });
        }}
        nothingNearTitle={`No activities within ${filters.radiusKm} km yet`}
        nothingNear="Be the first to host one, look further away, or choose another location at the top of the page."
        onWiden={() => update({ radiusKm: 100 })}
        nothingNearAction={hostLink}
      >
        <ActivityGrid activities={results} dimmed={activities.isPlaceholderData} leadsPage />
      </NearbyResults>
    </NearbyListPage>
  );
}
