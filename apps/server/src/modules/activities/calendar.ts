import { calendarText } from '../../lib/ical.ts';
import { activityDetails } from './catalogue.ts';
import type { ActivitiesDeps } from './shared.ts';

export type ActivityCalendarDeps = ActivitiesDeps & {
  /** Where people reach the app: the event links back to the activity's page. */
  publicUrl: string;
};

/**
 * One activity as an iCalendar file, for whoever may read its details (anyone with its id, as the page): one event in
 * UTC at its address, with the UID and SEQUENCE rules of lib/ical.ts so a second download updates the same event. A
 * deactivated activity is a cancelled event, so a calendar that imported it earlier drops it.
 */
export async function activityCalendarFile(deps: ActivityCalendarDeps, callerId: string | null, id: string): Promise<{ text: string; fileName: string }> {
  const activity = await activityDetails(deps, callerId, id);
  const origin = deps.publicUrl.replace(/\/+$/, '');
  const url = `${origin}/ActivitiesDetails/${activity.id}`;
  const text = calendarText({ product: 'Activities', name: 'LocalLoop activities' }, [
    {
      id: activity.id,
      start: new Date(activity.starts_at),
      end: new Date(activity.ends_at),
      createdAt: new Date(activity.created_at),
      updatedAt: new Date(activity.updated_at),
      summary: activity.state === 'deactivated' ? `Cancelled: ${activity.title}` : activity.title,
      description: [
        `${activity.category}, hosted by ${activity.host.name}.`,
        activity.description,
        activity.state === 'deactivated' ? 'Its host deactivated it: it will not take place.' : null,
        `Details: ${url}`,
      ],
      location: activity.formatted_address,
      status: activity.state === 'deactivated' ? 'cancelled' : 'confirmed',
      url,
    },
  ]);
  return { text, fileName: `activity-${activity.starts_at.slice(0, 10)}.ics` };
}
