// Intl only, no date library: the landing page's cards show instants, and dayjs (lib/format-date.ts) stays off it.
const dayAndTime = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** "Sat 6 Dec 2026, 10:00": an ISO instant (a deal's end, an activity's start) in the viewer's own time zone. */
export function formatInstant(instant: string): string {
  return dayAndTime.format(new Date(instant));
}
