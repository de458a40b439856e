import { IdParams } from '@localloop/contract';
import { CalendarDays, ExternalLink, LoaderCircle, MapPin, SearchX, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { openInMapsUrl } from '../../components/map/open-in-maps.ts';
import { EmptyState, LoadError } from '../../components/page-states.tsx';
import type { PageProps } from '../../components/page-props.ts';
import { PhotoGallery } from '../../components/photo-gallery.tsx';
import { ResponsiveImage } from '../../components/responsive-image.tsx';
import { paths } from '../../paths.ts';
import { useUserLocation } from '../../session/user-location.ts';
import { useActivity } from './api/get-activity.ts';
import { ActivityImageFallback } from './components/activity-card.tsx';
import { ActivityDates } from './components/activity-dates.tsx';
import { ParticipationPanel } from './components/participation-panel.tsx';
import { PersonChip } from '../../components/person-avatar.tsx';
import { formatDistance } from '../../lib/format-distance.ts';
import { activityStateLabels, formatWhen } from './format.ts';

function Shell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      <div className="mt-6">{children}</div>
    </section>
  );
}

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

  const notFound = (
    <Shell title={title}>
      <EmptyState
        icon={SearchX}
        title="This activity does not exist"
        actions={
          <Link to={paths.localActivities} className="btn-primary">
            Browse activities
          </Link>
        }
      >
        The link may not be complete.
      </EmptyState>
    </Shell>
  );
  if (!isActivityId) return notFound;
  if (activity.isPending) {
    return (
      <section className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
        <h1 className="sr-only">{title}</h1>
        <p role="status" className="flex items-center gap-2 text-slate-600">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> Loading…
        </p>
      </section>
    );
  }
  if (activity.isError) {
    if (activity.error instanceof ApiError && activity.error.status === 404) return notFound;
    return (
      <Shell title={title}>
        <LoadError error={activity.error} what="this activity" onRetry={() => void activity.refetch()} />
      </Shell>
    );
  }

  const data = activity.data;
  const photos = data.images.map((image, i) => ({ id: data.image_ids[i] ?? String(i), caption: `${data.title}, picture ${i + 1}`, image }));
  const from = location.city || location.formattedAddress || 'your location';
  const distance = distanceKm(location, data);

  return (
    <article className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      {photos.length > 0 ? (
        <div className="mb-6">
          <PhotoGallery photos={photos} title={data.title} />
        </div>
      ) : (
        <ResponsiveImage image={null} alt="" sizes="100vw" aspectRatio="auto" className="mb-6 h-40 overflow-hidden rounded-3xl sm:h-56" fallback={<ActivityImageFallback large />} />
      )}
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
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

          <dl className="mt-5 grid gap-3 text-sm sm:grid-cols-2">
            <div className="relative min-w-0 pl-6">
              <dt className="font-medium text-slate-900">
                <CalendarDays aria-hidden="true" className="absolute left-0 top-0.5 size-4 text-slate-400" />
                When
              </dt>
              <dd className="text-slate-700 [overflow-wrap:anywhere]">{formatWhen(data.starts_at, data.ends_at)}</dd>
            </div>
            <div className="relative min-w-0 pl-6">
              <dt className="font-medium text-slate-900">
                <MapPin aria-hidden="true" className="absolute left-0 top-0.5 size-4 text-slate-400" />
                Where
              </dt>
              <dd className="text-slate-700 [overflow-wrap:anywhere]">{data.formatted_address}</dd>
              <dd className="text-slate-600">
                {formatDistance(distance)} from {from}
              </dd>
            </div>
          </dl>
          <ActivityDates activity={data} />
        </div>

        <aside aria-label="Taking part" className="min-w-0 lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <ParticipationPanel activity={data} />
        </aside>

        <div className="min-w-0 lg:col-start-1 lg:row-start-2">
          <section aria-labelledby="about-heading">
            <h2 id="about-heading" className="text-lg font-semibold text-slate-900">
              About this activity
            </h2>
            <p className="mt-2 whitespace-pre-line text-slate-700 [overflow-wrap:anywhere]">{data.description}</p>
          </section>

          <section aria-labelledby="where-heading" className="mt-8">
            <h2 id="where-heading" className="text-lg font-semibold text-slate-900">
              Where to meet
            </h2>
            <p className="mt-2 flex min-w-0 items-start gap-2 text-slate-700">
              <MapPin aria-hidden="true" className="mt-1 size-4 shrink-0 text-slate-400" />
              <span className="min-w-0 [overflow-wrap:anywhere]">{data.formatted_address}</span>
            </p>
            <a href={openInMapsUrl(data.latitude, data.longitude)} target="_blank" rel="noreferrer" className="btn-secondary mt-3">
              <ExternalLink aria-hidden="true" className="size-4" /> Open in maps
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </section>

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
        </div>
      </div>
    </article>
  );
}
