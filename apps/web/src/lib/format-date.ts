import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

export const defaultDateFormat = 'DD MMM YYYY hh:mm a';

/**
 * Shows a server time in the viewer's local time. The server writes UTC as 'YYYY-MM-DD HH:mm:ss'
 * (no zone marker, so it must be read as UTC explicitly); ISO strings with a zone work too.
 * Returns '' for a missing or unreadable value rather than "Invalid Date".
 */
export function formatDate(value: string | null | undefined, format: string = defaultDateFormat): string {
  if (!value) return '';
  const parsed = dayjs.utc(value);
  return parsed.isValid() ? parsed.local().format(format) : '';
}
