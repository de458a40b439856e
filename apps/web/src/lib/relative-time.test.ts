import { describe, expect, it } from 'vitest';
import { formatRelative } from './relative-time.ts';

describe('formatRelative', () => {
  const now = Date.parse('2025-06-01T12:00:00Z');

  it('says how long ago a time was, reading zone-less server times as UTC', () => {
    expect(formatRelative('2025-06-01T11:59:50Z', now)).toBe('a few seconds ago');
    expect(formatRelative('2025-06-01 11:57:00', now)).toBe('3 minutes ago');
    expect(formatRelative('2025-05-31T12:00:00.000Z', now)).toBe('a day ago');
  });

  it('gives an empty text for a missing or unreadable time', () => {
    expect(formatRelative(null, now)).toBe('');
    expect(formatRelative('yesterday-ish', now)).toBe('');
  });
});
