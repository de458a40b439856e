import type { ActivityCard as ActivityCardData } from '@localloop/contract';
import { CalendarDays, Users } from 'lucide-react';
import { ListingCard, ListingGrid, ListingGridSkeleton, ListingImageFallback } from '../../../components/listing-card.tsx';
import { to } from '../../../paths.ts';
import { formatDistance } from '../../../lib/format-distance.ts';
import { activityStateLabels, formatWhen, goingLabel, spotsLabel } from '../format.ts';

/** What the caller is to an activity, on its card. */
const myStateLabels: Partial<Record<ActivityCardData['my_state'], string>> = {
  host: 'You host',
  joined: 'You are going',
  requested: 'Requested',
  waitlisted: 'On the waitlist',
};

export function ActivityImageFallback({ large = false }: { large?: boolean }) {
  return <ListingImageFallback icon={CalendarDays} className="from-teal-500 via-cyan-600 to-indigo-700" large={large} />;
}

/** One activity in a grid: image, title, host, when, where, who goes and spots left; the whole card opens it. */
export function ActivityCard({ activity, level, priority }: { activity: ActivityCardData; level?: 'h2' | 'h3'; priority?: boolean }) {
  const place = [activity.distance_km === null ? null : formatDistance(activity.distance_km), activity.city].filter(Boolean).join(' · ');
  const mine = myStateLabels[activity.my_state];
  return (
    <ListingCard
      testId="activity-card"
      level={level}
      priority={priority}
      image={activity.image}
      fallback={<ActivityImageFallback />}
      overlay={
        <>
          <span className="absolute left-3 top-3 max-w-[calc(100%-1.5rem)] truncate rounded-full bg-white/95 px-2.5 py-1 text-xs font-semibold text-teal-800 shadow-sm">{activity.category}</span>
          {mine && <span className="absolute bottom-3 left-3 rounded-full bg-teal-700 px-2.5 py-1 text-xs font-semibold text-white shadow-sm">{mine}</span>}
        </>
      }
      title={activity.title}
      to={to.activitiesDetails(activity.id)}
      place={place}
      stat={
        <>
          <Users aria-hidden="true" className="size-3.5 text-slate-400" />
          {goingLabel(activity.participant_count)}
          <span className={activity.spots_left === 0 ? 'font-semibold text-rose-700' : 'font-semibold text-teal-800'}> · {spotsLabel(activity.spots_left)}</span>
        </>
      }
    >
      <p className="mt-0.5 text-sm text-slate-600 [overflow-wrap:anywhere]">Hosted by {activity.host.name}</p>
      <p className="mt-2 flex min-w-0 items-start gap-1.5 text-sm text-slate-800">
        <CalendarDays aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-slate-400" />
        <span className="min-w-0 [overflow-wrap:anywhere]">{formatWhen(activity.starts_at, activity.ends_at)}</span>
      </p>
      {(activity.state === 'ongoing' || activity.state === 'ended' || activity.state === 'deactivated') && (
        <p className="mt-1 text-xs font-semibold text-orange-800">{activityStateLabels[activity.state]}</p>
      )}
    </ListingCard>
  );
}

/** `leadsPage`: the grid is what its page opens with (the first card's picture is fetched at once). */
export function ActivityGrid({ activities, dimmed = false, level, leadsPage = false }: { activities: ActivityCardData[]; dimmed?: boolean; level?: 'h2' | 'h3'; leadsPage?: boolean }) {
  return <ListingGrid items={activities} renderCard={(activity, leads) => <ActivityCard activity={activity} level={level} priority={leads} />} dimmed={dimmed} leadsPage={leadsPage} />;
}

export function ActivityGridSkeleton({ count = 8 }: { count?: number }) {
  return <ListingGridSkeleton label="Loading activities…" count={count} />;
}
