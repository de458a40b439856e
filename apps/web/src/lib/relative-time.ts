import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import utc from 'dayjs/plugin/utc';
import { useEffect, useState } from 'react';

dayjs.extend(utc);
dayjs.extend(relativeTime);

/** "a few seconds ago", "3 minutes ago"; '' for a missing or unreadable time. Zone-less times are UTC. */
export function formatRelative(value: string | null | undefined, now: number = Date.now()): string {
  if (!value) return '';
  const parsed = dayjs.utc(value);
  return parsed.isValid() ? parsed.from(dayjs(now)) : '';
}

/** The current time, refreshed every `intervalMs`, so relative times stay true while a page is open. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
