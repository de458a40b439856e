import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from './format-date.ts';

dayjs.extend(utc);

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('formatDate', () => {
  it('shows a UTC server time in New York local time with the default format', () => {
    vi.stubEnv('TZ', 'America/New_York');
    expect(formatDate('2025-01-15 18:30:00')).toBe('15 Jan 2025 01:30 pm');
  });

  it('follows daylight saving time in the local zone', () => {
    vi.stubEnv('TZ', 'America/New_York');
    expect(formatDate('2025-07-04 16:05:00')).toBe('04 Jul 2025 12:05 pm');
  });

  it('converts to a zone ahead of UTC across midnight', () => {
    vi.stubEnv('TZ', 'Asia/Kolkata');
    expect(formatDate('2025-03-31 20:00:00')).toBe('01 Apr 2025 01:30 am');
  });

  it('accepts ISO strings with a zone', () => {
    vi.stubEnv('TZ', 'UTC');
    expect(formatDate('2025-01-15T18:30:00Z')).toBe('15 Jan 2025 06:30 pm');
    expect(formatDate('2025-01-15T18:30:00+02:00')).toBe('15 Jan 2025 04:30 pm');
  });

  it('uses a custom format', () => {
    vi.stubEnv('TZ', 'UTC');
    expect(formatDate('2025-12-01 09:00:00', 'YYYY-MM-DD HH:mm')).toBe('2025-12-01 09:00');
  });

  it('agrees with dayjs local conversion in whatever zone the tests run', () => {
    const value = '2024-02-29 23:59:59';
    expect(formatDate(value)).toBe(dayjs.utc(value).local().format('DD MMM YYYY hh:mm a'));
  });

  it('returns an empty string for a missing or unreadable value', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
