import type { Activity } from '@localloop/contract';
import { AddToCalendarButton } from '../../../components/add-to-calendar-button.tsx';
import { downloadActivityCalendarFile } from '../api/download-activity-calendar-file.ts';

/** Under the activity's time: "Add to calendar" for those who go (the host and joined people). */
export function ActivityDates({ activity }: { activity: Activity }) {
  const goes = activity.is_host || activity.my_state === 'joined';
  if (!goes || activity.state === 'deactivated' || activity.state === 'ended') return null;
  return (
    <div className="mt-4 flex flex-wrap gap-2">
      <AddToCalendarButton download={() => downloadActivityCalendarFile(activity)} />
    </div>
  );
}
