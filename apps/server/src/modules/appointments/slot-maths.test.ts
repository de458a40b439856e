import { describe, expect, it } from 'vitest';
import { dayBounds, instantAt, isWithinHours, localClock, localPartsOf, slotsBetween, slotsOfDay, type SlotRule } from './slot-maths.ts';

const newYork = 'America/New_York';
const weekdays = (opens: number, closes: number) => [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opensMinute: opens, closesMinute: closes }));
const rule = (over: Partial<SlotRule> = {}): SlotRule => ({
  timeZone: newYork,
  hours: weekdays(9 * 60, 12 * 60),
  daysOff: new Set(),
  durationMinutes: 45,
  bufferMinutes: 15,
  ...over,
});
const times = (slots: { startsAt: Date; endsAt: Date }[]) => slots.map((s) => [s.startsAt.toISOString(), s.endsAt.toISOString()]);

describe('slot maths', () => {
  it('steps by the length plus the pause from opening, each slot ending by closing time', () => {
    // Tuesday 1 December 2026, New York in winter time (UTC-5).
    expect(times(slotsOfDay('2026-12-01', rule()))).toEqual([
      ['2026-12-01T14:00:00.000Z', '2026-12-01T14:45:00.000Z'],
      ['2026-12-01T15:00:00.000Z', '2026-12-01T15:45:00.000Z'],
      ['2026-12-01T16:00:00.000Z', '2026-12-01T16:45:00.000Z'],
    ]);
    // 50 minutes and no pause: 09:00, 09:50, 10:40; 11:30 would end after 12:00.
    expect(slotsOfDay('2026-12-01', rule({ durationMinutes: 50, bufferMinutes: 0 })).map((s) => s.startsAt.toISOString())).toEqual([
      '2026-12-01T14:00:00.000Z',
      '2026-12-01T14:50:00.000Z',
      '2026-12-01T15:40:00.000Z',
    ]);
  });

  it('uses each range of the weekday, and only that weekday\'s', () => {
    const split = rule({
      durationMinutes: 60,
      bufferMinutes: 0,
      hours: [
        { weekday: 2, opensMinute: 14 * 60, closesMinute: 16 * 60 },
        { weekday: 2, opensMinute: 9 * 60, closesMinute: 10 * 60 },
        { weekday: 3, opensMinute: 9 * 60, closesMinute: 17 * 60 },
      ],
    });
    // 2026-12-01 is a Tuesday (weekday 2): 09:00, 14:00, 15:00 local.
    expect(slotsOfDay('2026-12-01', split).map((s) => s.startsAt.toISOString())).toEqual(['2026-12-01T14:00:00.000Z', '2026-12-01T19:00:00.000Z', '2026-12-01T20:00:00.000Z']);
    expect(slotsOfDay('2026-12-07', split)).toEqual([]); // a Monday: no hours
  });

  it('makes no slot on a day off', () => {
    expect(slotsOfDay('2026-12-01', rule({ daysOff: new Set(['2026-12-01']) }))).toEqual([]);
    expect(slotsBetween('2026-11-30', '2026-12-02', rule({ daysOff: new Set(['2026-12-01']) }), new Date(0))).toHaveLength(6);
  });

  it('keeps the wall clock across the spring change in New York: 09:00 is 13:00 UTC after it, 14:00 UTC before', () => {
    // Clocks go forward at 02:00 on Sunday 14 March 2027.
    const days = slotsBetween('2027-03-13', '2027-03-15', rule({ durationMinutes: 60, bufferMinutes: 0, hours: weekdays(9 * 60, 10 * 60) }), new Date(0));
    expect(days.map((s) => s.startsAt.toISOString())).toEqual(['2027-03-13T14:00:00.000Z', '2027-03-14T13:00:00.000Z', '2027-03-15T13:00:00.000Z']);
  });

  it('skips times the clocks jump over, and makes one slot of a time that happens twice', () => {
    const night = rule({ durationMinutes: 30, bufferMinutes: 0, hours: weekdays(60, 4 * 60) });
    // 14 March 2027: 01:00, 01:30, then 02:00 and 02:30 do not exist, 03:00, 03:30 (EDT).
    expect(slotsOfDay('2027-03-14', night).map((s) => s.startsAt.toISOString())).toEqual([
      '2027-03-14T06:00:00.000Z',
      '2027-03-14T06:30:00.000Z',
      '2027-03-14T07:00:00.000Z',
      '2027-03-14T07:30:00.000Z',
    ]);
    expect(instantAt('2027-03-14', 2 * 60 + 30, newYork)).toBeNull();
    // 7 November 2027: 01:00 EDT (05:00 UTC), 01:30 EDT, then wall-clock 02:00 EST (07:00 UTC): each time once.
    const fallBack = slotsOfDay('2027-11-07', night).map((s) => s.startsAt.toISOString());
    expect(fallBack).toEqual(['2027-11-07T05:00:00.000Z', '2027-11-07T05:30:00.000Z', '2027-11-07T07:00:00.000Z', '2027-11-07T07:30:00.000Z', '2027-11-07T08:00:00.000Z', '2027-11-07T08:30:00.000Z']);
    expect(new Set(fallBack).size).toBe(fallBack.length);
  });

  it('has days of 23 and 25 hours at the changes', () => {
    const spring = dayBounds('2027-03-14', newYork);
    const autumn = dayBounds('2027-11-07', newYork);
    expect((spring.to.getTime() - spring.from.getTime()) / 3_600_000).toBe(23);
    expect((autumn.to.getTime() - autumn.from.getTime()) / 3_600_000).toBe(25);
  });

  it('leaves out slots before a moment (today\'s that have passed)', () => {
    const slots = slotsBetween('2026-12-01', '2026-12-01', rule(), new Date('2026-12-01T15:00:00Z'));
    expect(slots.map((s) => s.startsAt.toISOString())).toEqual(['2026-12-01T15:00:00.000Z', '2026-12-01T16:00:00.000Z']);
  });

  it('tells whether a booking fits the hours of its day', () => {
    expect(isWithinHours(new Date('2026-12-01T14:00:00Z'), rule())).toBe(true);
    expect(isWithinHours(new Date('2026-12-01T16:30:00Z'), rule())).toBe(false); // 11:30 + 45 min ends after 12:00
    expect(isWithinHours(new Date('2026-12-01T13:00:00Z'), rule())).toBe(false); // 08:00
    expect(isWithinHours(new Date('2026-12-01T14:00:00Z'), rule({ daysOff: new Set(['2026-12-01']) }))).toBe(false);
  });

  it('works in another zone: Tokyo has no changes, London its own', () => {
    expect(slotsOfDay('2026-12-01', rule({ timeZone: 'Asia/Tokyo' }))[0]?.startsAt.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(slotsOfDay('2027-03-29', rule({ timeZone: 'Europe/London' }))[0]?.startsAt.toISOString()).toBe('2027-03-29T08:00:00.000Z');
  });
});

describe('localClock: a day of instants by one offset', () => {
  it('reads every quarter hour of a day as localPartsOf does, on ordinary days and on days the clocks change', () => {
    const cases = [
      ['2026-12-01', newYork],
      ['2027-03-14', newYork], // spring forward: 02:00 -> 03:00
      ['2026-11-01', newYork], // fall back: 01:00 twice
      ['2026-12-01', 'Asia/Kolkata'], // +05:30
      ['2027-04-04', 'Australia/Adelaide'], // +10:30 -> +09:30
      ['2026-12-31', 'Pacific/Kiritimati'], // +14:00
    ] as const;
    for (const [day, zone] of cases) {
      const bounds = dayBounds(day, zone);
      const read = localClock(zone, bounds);
      for (let t = bounds.from.getTime(); t < bounds.to.getTime(); t += 15 * 60_000) {
        const instant = new Date(t);
        expect(read(instant), `${instant.toISOString()} in ${zone}`).toEqual(localPartsOf(instant, zone));
      }
    }
  });
});
