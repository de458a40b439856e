import type { Activity } from '@localloop/contract';
import { Link } from 'react-router';
import { AddToCalendarButton } from '../../../components/add-to-calendar-button.tsx';
import { to } from '../../../paths.ts';
import { downloadActivityCalendarFile } from '../api/download-activity-calendar-file.ts';
import { formatInstant } from '../../../lib/format-instant.ts';

/**
 * Under the activity's time: "Add to calendar" for those who go (the host and joined people), and the other dates of
 * its weekly series still to come, each a link to its own page.
 */
export function ActivityDates({ activity }: { activity: Activity }) {
  const goes = (activity.is_host || activity.my_state === 'joined') && activity.state !== 'deactivated' && activity.state !== 'ended';
  const otherDates = activity.series?.upcoming ?? [];
  if (!goes && otherDates.length === 0) return null;
  return (
    <div className="mt-4 space-y-3">
      {goes && (
        <div className="flex flex-wrap gap-2">
          <AddToCalendarButton download={() => downloadActivityCalendarFile(activity)} />
        </div>
      )}
      {otherDates.length > 0 && (
        <nav aria-labelledby="other-dates-heading" className="min-w-0">
          <h2 id="other-dates-heading" className="text-sm font-medium text-slate-900">
            Other dates (every week)
          </h2>
          <ul className="mt-1.5 flex flex-wrap gap-2">
            {otherDates.map((date) => (
              <li key={date.id}>
                <Link to={to.activitiesDetails(date.id)} className="inline-flex min-h-9 items-center rounded-full bg-slate-100 px-3 text-sm font-medium text-teal-800 underline-offset-2 hover:underline">
                  {formatInstant(date.starts_at)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
