import type { MyActivitiesFilter } from '@localloop/contract';
import { CalendarDays, LoaderCircle, Plus, Search } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState, LoadError } from '../../components/page-states.tsx';
import type { PageProps } from '../../components/page-props.ts';
import { paths, to } from '../../paths.ts';
import { MY_ACTIVITIES_PAGE_SIZE, useMyActivities } from './api/get-my-activities.ts';
import { ActivityGrid } from './components/activity-card.tsx';
import { ListPager } from '../../components/list-pager.tsx';

/** The tabs of /MyActivities: the path's filter segment (none: created) and what each is called. */
const tabs: readonly { filter: MyActivitiesFilter; label: string; empty: string }[] = [
  { filter: 'created', label: 'Created', empty: 'You have not hosted an activity yet.' },
  { filter: 'joined', label: 'Joined', empty: 'You have not joined an activity yet.' },
  { filter: 'requested', label: 'Requested', empty: 'No request of yours is waiting for a host.' },
  { filter: 'upcoming', label: 'Upcoming', empty: 'Nothing you host or joined is coming up.' },
  { filter: 'past', label: 'Past', empty: 'Nothing you hosted or joined has ended yet.' },
  { filter: 'deactivated', label: 'Deactivated', empty: 'You have not deactivated an activity.' },
];

function ActivitiesList({ filter }: { filter: MyActivitiesFilter }) {
  // Each tab starts on its first page.
  const [paged, setPaged] = useState<{ filter: MyActivitiesFilter; page: number }>({ filter, page: 1 });
  const page = paged.filter === filter ? paged.page : 1;
  const activities = useMyActivities(filter, page);
  const tab = tabs.find((t) => t.filter === filter) ?? tabs[0];
  const joinedSide = filter === 'joined' || filter === 'requested';
  return (
    <div className="mt-6">
      {activities.isPending ? (
        <p role="status" className="flex items-center gap-2 text-slate-600">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> Loading…
        </p>
      ) : activities.isError ? (
        <LoadError error={activities.error} what="your activities" onRetry={() => void activities.refetch()} />
      ) : activities.data.results.length === 0 ? (
        <EmptyState
          icon={CalendarDays}
          title={`No ${tab?.label.toLowerCase() ?? ''} activities`}
          actions={
            joinedSide ? (
              <Link to={paths.localActivities} className="btn-primary">
                <Search aria-hidden="true" className="size-4" /> Browse Activities
              </Link>
            ) : (
              <Link to={paths.postActivities} className="btn-primary">
                <Plus aria-hidden="true" className="size-4" /> Create Activity
              </Link>
            )
          }
        >
          {tab?.empty}
        </EmptyState>
      ) : (
        <>
          <ActivityGrid activities={activities.data.results} dimmed={activities.isPlaceholderData} />
          <ListPager page={page} pageSize={MY_ACTIVITIES_PAGE_SIZE} count={activities.data.count} onPage={(next) => setPaged({ filter, page: next })} what="activities" />
        </>
      )}
    </div>
  );
}

/** /MyActivities/{filterType?}: what the person hosts, joined or asked to join, coming up, past or deactivated. */
export default function MyActivitiesPage({ title }: PageProps) {
  const { filterType } = useParams();
  // The route accepts only the known filters (routes.tsx); the path matches case-insensitively, the API wants lower case.
  const current = (filterType?.toLowerCase() ?? 'created') as MyActivitiesFilter;
  return (
    <section className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          <p className="mt-1 text-sm text-slate-600">The activities you host, and the ones you joined or asked to join.</p>
        </div>
        <Link to={paths.postActivities} className="btn-primary shrink-0">
          <Plus aria-hidden="true" className="size-4" /> Create Activity
        </Link>
      </div>
      {/* The tabs wrap on a phone rather than scroll sideways. */}
      <nav aria-label="Activities by kind" className="mt-6">
        <ul className="flex flex-wrap gap-x-1 border-b border-slate-200">
          {tabs.map((t) => {
            const selected = t.filter === current;
            return (
              <li key={t.filter}>
                <Link
                  to={to.myActivities(t.filter)}
                  aria-current={selected ? 'page' : undefined}
                  className={`-mb-px flex items-center whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${selected ? 'border-teal-700 text-teal-800' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
                >
                  {t.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <ActivitiesList filter={current} />
    </section>
  );
}
