import { describe, expect, it } from 'vitest';
import { nowIn } from './format.ts';

describe('the time at a vendor', () => {
  it('is the weekday and minutes past midnight in the vendor\'s zone', () => {
    // 2026-11-24 15:30 UTC is a Tuesday, 10:30 in New York.
    expect(nowIn('America/New_York', new Date('2026-11-24T15:30:00Z'))).toEqual({ weekday: 2, minutes: 10 * 60 + 30 });
  });

  it('falls back to the browser\'s clock for a zone this browser does not know, instead of failing the page', () => {
    expect(() => nowIn('America/Not_A_Zone_Yet')).not.toThrow();
    const { weekday, minutes } = nowIn('America/Not_A_Zone_Yet');
    expect(weekday).toBeGreaterThanOrEqual(1);
    expect(minutes).toBeGreaterThanOrEqual(0);
  });
});
