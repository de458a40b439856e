import { activityCategories } from '@localloop/contract';
import { CalendarX, ChevronLeft, ChevronRight, Plus, SearchX } from 'lucide-react';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState, LoadError } from '../../components/page-states.tsx';
import type { PageProps } from '../../components/page-props.ts';
import { inputClass } from '../../components/text-field.tsx';
import { paths } from '../../paths.ts';
import { useAuth } from '../../session/auth-context.tsx';
import { useStoredLocation, useUserLocation } from '../../session/user-location.ts';
import { activityPageSize, activityRadiusOptionsKm, defaultActivityFilters, isActivityCategory, useActivitiesNear } from './api/get-activities-near.ts';
import type { ActivityFilters, ActivityWhen } from './api/get-activities-near.ts';
import { ActivityGrid, ActivityGridSkeleton } from './components/activity-card.tsx';

const selectClass = `${inputClass} py-2 pr-9 text-sm md:w-auto`;
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
  if (filters.category) params.set('category', filters.category);
  if (filters.when !== 'any') params.set('when', filters.when);
  if (filters.when === 'date' && filters.date) params.set('date', filters.date);
  if (filters.radiusKm !== defaultActivityFilters.radiusKm) params.set('radius', String(filters.radiusKm));
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** /LocalActivities: upcoming public activities near the person's location, nearest first, by category and day, in pages. */
export default function LocalActivitiesPage({ title }: PageProps) {
  const id = useId();
  const { isAuthenticated } = useAuth();
  const location = useUserLocation();
  const chosen = useStoredLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFrom(searchParams);
  // Any change of what is asked starts again at its first page.
  const update = (change: Partial<ActivityFilters>) => setSearchParams(paramsFrom({ ...filters, page: 1, ...change }));

  const activities = useActivitiesNear(filters);
  const results = activities.data?.results ?? [];
  const count = activities.data?.count ?? 0;
  const capped = activities.data?.count_capped ?? false;
  const pages = Math.max(1, Math.ceil(count / activityPageSize));
  const place = location.city || location.formattedAddress || 'you';
  const filtered = filters.category !== null || filters.when !== 'any';
  const pageLink = (page: number) => ({ search: paramsFrom({ ...filters, page }).toString() });
  const toTop = () => document.getElementById(`${id}-results`)?.scrollIntoView?.({ block: 'start' });
  const hostLink = isAuthenticated ? (
    <Link to={paths.postActivities} className="btn-primary">
      <Plus aria-hidden="true" className="size-4" /> Create Activity
    </Link>
  ) : null;

  return (
    <section className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0 max-w-2xl">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          <p className="mt-1 text-sm text-slate-600 [overflow-wrap:anywhere]">
            Runs, game nights, classes and meetups near {place}: join one, or host your own.
            {chosen === null && ' Choose your location at the top of the page to see the activities near you.'}
          </p>
        </div>
        {hostLink && <div className="shrink-0">{hostLink}</div>}
      </div>

      <div className="mt-6 grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 md:flex md:flex-wrap md:items-end">
        <div className="min-w-0">
          <label htmlFor={`${id}-category`} className="mb-1 block text-xs font-medium text-slate-600">
            Category
          </label>
          <select id={`${id}-category`} value={filters.category ?? ''} onChange={(event) => update({ category: isActivityCategory(event.target.value) ? event.target.value : null })} className={selectClass}>
            <option value="">All categories</option>
            {activityCategories.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0">
          <label htmlFor={`${id}-when`} className="mb-1 block text-xs font-medium text-slate-600">
            When
          </label>
          <select
            id={`${id}-when`}
            value={filters.when}
            onChange={(event) => {
              const when = isWhen(event.target.value) ? event.target.value : 'any';
              update({ when, date: when === 'date' ? (filters.date ?? new Date().toLocaleDateString('en-CA')) : null });
            }}
            className={selectClass}
          >
            {whenOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        {filters.when === 'date' && (
          <div className="min-w-0">
            <label htmlFor={`${id}-date`} className="mb-1 block text-xs font-medium text-slate-600">
              Date
            </label>
            <input
              id={`${id}-date`}
              type="date"
              value={filters.date ?? ''}
              onChange={(event) => {
                if (isDay(event.target.value)) update({ date: event.target.value });
              }}
              className={selectClass}
            />
          </div>
        )}
        <div className="min-w-0">
          <label htmlFor={`${id}-radius`} className="mb-1 block text-xs font-medium text-slate-600">
            Distance
          </label>
          <select id={`${id}-radius`} value={filters.radiusKm} onChange={(event) => update({ radiusKm: Number(event.target.value) })} className={selectClass}>
            {activityRadiusOptionsKm.map((km) => (
              <option key={km} value={km}>
                Within {km} km
              </option>
            ))}
          </select>
        </div>
      </div>

      <div id={`${id}-results`} className="mt-6 scroll-mt-24">
        {activities.isPending ? (
          <ActivityGridSkeleton />
        ) : activities.isError && results.length === 0 ? (
          <LoadError error={activities.error} what="activities" onRetry={() => void activities.refetch()} />
        ) : (
          <>
            <p role="status" className="mb-4 text-sm text-slate-600 [overflow-wrap:anywhere]">
              {activities.isPlaceholderData ? (
                'Updating…'
              ) : (
                <>
                  <span className="font-semibold text-slate-900">{`${count.toLocaleString('en-US')}${capped ? '+' : ''}`}</span> {count === 1 && !capped ? 'activity' : 'activities'} within{' '}
                  {filters.radiusKm} km of {place}, nearest first
                </>
              )}
            </p>
            {results.length === 0 ? (
              filters.page > 1 && count > 0 ? (
                <EmptyState
                  icon={CalendarX}
                  title="No activities on this page"
                  actions={
                    <Link to={pageLink(1)} className="btn-secondary">
                      Go to the first page
                    </Link>
                  }
                >
                  The list is shorter now: some activities have started or ended.
                </EmptyState>
              ) : filtered ? (
                <EmptyState
                  icon={SearchX}
                  title="No activities match"
                  actions={
                    <button type="button" className="btn-secondary" onClick={() => update({ category: null, when: 'any', date: null })}>
                      Clear category and date
                    </button>
                  }
                >
                  Nothing coming up near {place} matches. Try another category, another day or a wider distance.
                </EmptyState>
              ) : (
                <EmptyState
                  icon={CalendarX}
                  title={`No activities within ${filters.radiusKm} km yet`}
                  actions={
                    <>
                      {filters.radiusKm < 100 && (
                        <button type="button" className="btn-secondary" onClick={() => update({ radiusKm: 100 })}>
                          Look within 100 km
                        </button>
                      )}
                      {hostLink}
                    </>
                  }
                >
                  Be the first to host one, look further away, or choose another location at the top of the page.
                </EmptyState>
              )
            ) : (
              <ActivityGrid activities={results} dimmed={activities.isPlaceholderData} />
            )}
            {pages > 1 && (
              <nav aria-label="Pages of activities" className="mt-8 flex flex-wrap items-center justify-between gap-3">
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
