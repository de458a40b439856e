// Intl only, no date library: the landing page's cards show instants, and dayjs (lib/format-date.ts) stays off it.
// Made at the first use, not when the module loads: building this format was the dearest single step of the list
// pages' start-up in a CPU profile (ICU's date patterns), and every page loads this module with the shell while only
// some show an instant.
let dayAndTime: Intl.DateTimeFormat | undefined;

/** "Sat 6 Dec 2026, 10:00": an ISO instant (a deal's end, an activity's start) in the viewer's own time zone. */
export function formatInstant(instant: string): string {
  dayAndTime ??= new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return dayAndTime.format(new Date(instant));
}
