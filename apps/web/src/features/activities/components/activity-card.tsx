import type { ActivityCard as ActivityCardData } from '@localloop/contract';
import { CalendarDays, MapPin, Users } from 'lucide-react';
import { Link } from 'react-router';
import { ResponsiveImage } from '../../../components/responsive-image.tsx';
import { to } from '../../../paths.ts';
import { formatDistance } from '../../../lib/format-distance.ts';
import { activityStateLabels, formatWhen, goingLabel, spotsLabel } from '../format.ts';

const cardImageSizes = '(min-width: 1280px) 19rem, (min-width: 1024px) 31vw, (min-width: 640px) 46vw, 100vw';

/** What the caller is to an activity, on its card. */
const myStateLabels: Partial<Record<ActivityCardData['my_state'], string>> = {
  host: 'You host',
  joined: 'You are going',
  requested: 'Requested',
  waitlisted: 'On the waitlist',
};

export function ActivityImageFallback({ large = false }: { large?: boolean }) {
  return (
    <span aria-hidden="true" className="flex size-full items-center justify-center bg-linear-to-br from-teal-500 via-cyan-600 to-indigo-700 text-white">
      <CalendarDays className={`${large ? 'size-12' : 'size-10'} opacity-80`} />
    </span>
  );
}

/** One activity in a grid: image, title, host, when, where, who goes and spots left; the whole card opens it. */
export function ActivityCard({ activity }: { activity: ActivityCardData }) {
  const place = [activity.distance_km === null ? null : formatDistance(activity.distance_km), activity.city].filter(Boolean).join(' · ');
  const mine = myStateLabels[activity.my_state];
  return (
    <article
      data-testid="activity-card"
      className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:border-teal-300 hover:shadow-md focus-within:ring-2 focus-within:ring-teal-600"
    >
      <div className="relative">
        <ResponsiveImage
          image={activity.image}
          alt=""
          sizes={cardImageSizes}
          aspectRatio="16 / 10"
          className="bg-slate-100"
          imgClassName="transition duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
          fallback={<ActivityImageFallback />}
        />
        <span className="absolute left-3 top-3 max-w-[calc(100%-1.5rem)] truncate rounded-full bg-white/95 px-2.5 py-1 text-xs font-semibold text-teal-800 shadow-sm">{activity.category}</span>
        {mine && <span className="absolute bottom-3 left-3 rounded-full bg-teal-700 px-2.5 py-1 text-xs font-semibold text-white shadow-sm">{mine}</span>}
      </div>
      <div className="flex min-w-0 flex-1 flex-col px-4 pb-4 pt-3.5">
        <h2 className="text-base font-semibold leading-snug text-slate-900 [overflow-wrap:anywhere]">
          <Link to={to.activitiesDetails(activity.id)} className="outline-none after:absolute after:inset-0 after:rounded-2xl">
            {activity.title}
          </Link>
        </h2>
        <p className="mt-0.5 text-sm text-slate-600 [overflow-wrap:anywhere]">Hosted by {activity.host.name}</p>
        <p className="mt-2 flex min-w-0 items-start gap-1.5 text-sm text-slate-800">
          <CalendarDays aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-slate-400" />
          <span className="min-w-0 [overflow-wrap:anywhere]">{formatWhen(activity.starts_at, activity.ends_at)}</span>
        </p>
        {(activity.state === 'ongoing' || activity.state === 'ended' || activity.state === 'deactivated') && (
          <p className="mt-1 text-xs font-semibold text-orange-800">{activityStateLabels[activity.state]}</p>
        )}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-3 gap-y-1 pt-3 text-sm">
          {place && (
            <span className="inline-flex min-w-0 items-center gap-1 text-slate-600">
              <MapPin aria-hidden="true" className="size-3.5 shrink-0 text-slate-400" />
              <span className="[overflow-wrap:anywhere]">{place}</span>
            </span>
          )}
          <span className="inline-flex items-center gap-1 text-slate-600">
            <Users aria-hidden="true" className="size-3.5 text-slate-400" />
            {goingLabel(activity.participant_count)}
            <span className={activity.spots_left === 0 ? 'font-semibold text-rose-700' : 'font-semibold text-teal-800'}> · {spotsLabel(activity.spots_left)}</span>
          </span>
        </div>
      </div>
    </article>
  );
}

export function ActivityGrid({ activities, dimmed = false }: { activities: ActivityCardData[]; dimmed?: boolean }) {
  return (
    <ul className={`grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4 ${dimmed ? 'opacity-60' : ''}`} aria-busy={dimmed || undefined}>
      {activities.map((activity) => (
        <li key={activity.id} className="min-w-0">
          <ActivityCard activity={activity} />
        </li>
      ))}
    </ul>
  );
}

export function ActivityGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div role="status" aria-label="Loading activities…">
      <span className="sr-only">Loading…</span>
      <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
            <div className="aspect-[16/10] animate-pulse bg-slate-100" />
            <div className="space-y-2 p-4">
              <div className="h-4 w-2/3 animate-pulse rounded bg-slate-100" />
              <div className="h-3 w-1/2 animate-pulse rounded bg-slate-100" />
              <div className="h-3 w-1/3 animate-pulse rounded bg-slate-100" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
