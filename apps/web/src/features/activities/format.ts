import type { ActivityState } from '@localloop/contract';
import { formatInstant } from '../../lib/format-instant.ts';

// Made when first used, not when the module loads: the first Intl formatter of a page costs milliseconds (ICU's data),
// and this module comes with the shell (the landing page's cards), also to pages that show no time of day.
let timeOnly: Intl.DateTimeFormat | undefined;
const timeOfDay = (date: Date) => (timeOnly ??= new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })).format(date);

const sameDay = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** "Sat 6 Dec 2026, 10:00–12:00", or both days when it runs past midnight; in the viewer's own time zone. */
export function formatWhen(startsAt: string, endsAt: string): string {
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  return sameDay(start, end) ? `${formatInstant(startsAt)}–${timeOfDay(end)}` : `${formatInstant(startsAt)} – ${formatInstant(endsAt)}`;
}

/** "3 going", "1 going". */
export function goingLabel(count: number): string {
  return `${count.toLocaleString('en-US')} going`;
}

/** "4 spots left", "1 spot left", "Full", "No limit". */
export function spotsLabel(spotsLeft: number | null): string {
  if (spotsLeft === null) return 'No limit';
  if (spotsLeft === 0) return 'Full';
  return spotsLeft === 1 ? '1 spot left' : `${spotsLeft.toLocaleString('en-US')} spots left`;
}

export const activityStateLabels: Record<ActivityState, string> = {
  upcoming: 'Upcoming',
  ongoing: 'Happening now',
  ended: 'Ended',
  deactivated: 'Deactivated',
};
