import { activitiesEndpoints } from '@localloop/contract';
import { callBlob } from '../../../api/client.ts';
import { saveFile } from '../../../lib/save-file.ts';

/** Saves an activity as an .ics file that Google Calendar, Apple Calendar and Outlook open. */
export async function downloadActivityCalendarFile(activity: { id: string; starts_at: string }): Promise<void> {
  const blob = await callBlob(activitiesEndpoints.activityCalendarFile, { params: { id: activity.id } });
  saveFile(blob, `activity-${activity.starts_at.slice(0, 10)}.ics`, 'text/calendar');
}
