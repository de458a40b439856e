import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

/** The day a message belongs to, in the viewer's time: the separator's key. */
export const dayOf = (iso: string) => dayjs.utc(iso).local().format('YYYY-MM-DD');

/** "Today", "Yesterday", or "Monday, 23 November" (with the year when it is not this one). */
export function dayLabel(iso: string, now: number = Date.now()): string {
  const day = dayjs.utc(iso).local().startOf('day');
  const today = dayjs(now).startOf('day');
  const days = today.diff(day, 'day');
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return day.format(day.year() === today.year() ? 'dddd, D MMMM' : 'dddd, D MMMM YYYY');
}

/** "9:05 AM" in the viewer's time. */
export const timeOf = (iso: string) => dayjs.utc(iso).local().format('h:mm A');

/** "Maya", "Maya and Tom", "Maya, Tom and 3 others". */
export function namesList(names: string[], shown = 2): string {
  if (names.length <= 1) return names[0] ?? '';
  if (names.length <= shown) return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  const rest = names.length - shown;
  return `${names.slice(0, shown).join(', ')} and ${rest} ${rest === 1 ? 'other' : 'others'}`;
}

/** Who is typing, in a line: "Maya is typing…", "Maya and Tom are typing…", "Several people are typing…". */
export function typingLine(names: string[]): string {
  if (names.length === 0) return '';
  if (names.length === 1) return `${names[0]} is typing…`;
  if (names.length === 2) return `${names[0]} and ${names[1]} are typing…`;
  return 'Several people are typing…';
}
