import { IdParams } from '@localloop/contract';
import { CalendarDays, MapPin, Users } from 'lucide-react';
import { useParams } from 'react-router';
import { AboutSection, DetailsArticle, DetailsFact, DetailsFacts, DetailsStates, WhereSection } from '../../components/details-page.tsx';
import type { PageProps } from '../../components/page-props.ts';
import { paths } from '../../paths.ts';
import { useUserLocation } from '../../session/user-location.ts';
import { useActivity } from './api/get-activity.ts';
import { ActivityImageFallback } from './components/activity-card.tsx';
import { ActivityDates } from './components/activity-dates.tsx';
import { ParticipationPanel } from './components/participation-panel.tsx';
import { PersonChip } from '../../components/person-avatar.tsx';
import { formatDistance } from '../../lib/format-distance.ts';
import { activityStateLabels, formatWhen } from './format.ts';

/** Great-circle distance in km (the details answer has no distance: it is measured here from the chosen location). */
function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** /ActivitiesDetails/{activityId}: the activity's pictures, when and where, host, who goes, and the caller's actions. */
export default function ActivityDetailsPage({ title }: PageProps) {
  const { activityId = '' } = useParams();
  const isActivityId = IdParams.safeParse({ id: activityId }).success;
  const activity = useActivity(activityId, isActivityId);
  const location = useUserLocation();

  if (!isActivityId || !activity.isSuccess) {
    return (
      <DetailsStates
        title={title}
        valid={isActivityId}
        query={activity}
        what="this activity"
        loading="Loading…"
        notFound={{ title: 'This activity does not exist', text: 'The link may not be complete.', to: paths.localActivities, label: 'Browse activities' }}
      />
    );
  }

  const data = activity.data;
  const from = location.city || location.formattedAddress || 'your location';
  const distance = distanceKm(location, data);

  return (
    <DetailsArticle
      title={data.title}
      images={data.images}
      imageIds={data.image_ids}
      fallback={<ActivityImageFallback large />}
      head={
        <>
          <div className="flex flex-wrap items-center gap-2">
            <span className={`badge ${data.state === 'deactivated' || data.state === 'ended' ? 'bg-slate-100 text-slate-700' : 'bg-teal-50 text-teal-800'}`}>{activityStateLabels[data.state]}</span>
            <span className="text-sm font-medium text-teal-800">{data.category}</span>
            {data.join_mode === 'approval' && <span className="badge bg-amber-50 text-amber-900">Approval needed</span>}
            {data.visibility === 'unlisted' && <span className="badge bg-slate-100 text-slate-700">Unlisted</span>}
          </div>
          <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900 [overflow-wrap:anywhere] sm:text-3xl">{data.title}</h1>
          <div className="mt-3">
            <PersonChip person={data.host} note="Host" />
          </div>

          <DetailsFacts>
            <DetailsFact icon={CalendarDays} term="When">
              <dd className="text-slate-700 [overflow-wrap:anywhere]">{formatWhen(data.starts_at, data.ends_at)}</dd>
            </DetailsFact>
            <DetailsFact icon={MapPin} term="Where">
              <dd className="text-slate-700 [overflow-wrap:anywhere]">{data.formatted_address}</dd>
              <dd className="text-slate-600">
                {formatDistance(distance)} from {from}
              </dd>
            </DetailsFact>
          </DetailsFacts>
          <ActivityDates activity={data} />
        </>
      }
      panelLabel="Taking part"
      panel={<ParticipationPanel activity={data} />}
    >
      <AboutSection heading="About this activity" text={data.description} />

      <WhereSection heading="Where to meet" address={data.formatted_address} latitude={data.latitude} longitude={data.longitude} />

      <section aria-labelledby="going-heading" className="mt-8">
        <h2 id="going-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Users aria-hidden="true" className="size-5 text-slate-400" /> Who is going
        </h2>
        {data.participants.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">Nobody has joined yet.</p>
        ) : (
          <ul aria-label="Participants" className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
            {data.participants.map((p) => (
              <li key={p.id} className="min-w-0">
                <PersonChip person={p} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </DetailsArticle>
  );
}
