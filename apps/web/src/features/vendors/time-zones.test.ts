import { describe, expect, it } from 'vitest';
import { describeTimeZone, searchTimeZones, timeZoneIds, timeZoneLabel } from './time-zones.ts';

// A winter day, so that the names and offsets below are standard time.
const january = new Date('2025-01-15T12:00:00Z');
const all = timeZoneIds('UTC').map((zone) => describeTimeZone(zone, january));
const found = (text: string) => searchTimeZones(all, text).map((option) => option.id);

describe('time zones as the picker shows and finds them', () => {
  it('describes a zone by its city, region, name and offset', () => {
    const newYork = describeTimeZone('America/New_York', january);
    expect(newYork).toMatchObject({ city: 'New York', region: 'America', name: 'Eastern Standard Time', offset: 'UTC−05:00' });
    expect(timeZoneLabel(newYork)).toBe('New York (Eastern Standard Time, UTC−05:00)');
    expect(describeTimeZone('America/Argentina/Buenos_Aires', january)).toMatchObject({ city: 'Buenos Aires', region: 'America / Argentina' });
  });

  it('finds a zone by part of its city, without accents or underscores', () => {
    expect(found('lisb')[0]).toBe('Europe/Lisbon');
    expect(found('sao paulo')).toContain('America/Sao_Paulo');
    expect(found('new york')[0]).toBe('America/New_York');
  });

  it('finds zones by their name and by their offset, as "utc+9" or "gmt-5"', () => {
    expect(found('pacific standard')).toContain('America/Los_Angeles');
    expect(found('utc+9')).toEqual(expect.arrayContaining(['Asia/Tokyo', 'Asia/Seoul']));
    expect(found('gmt-5')).toContain('America/New_York');
    expect(found('utc+5:30')).toContain('Asia/Colombo');
  });

  it('puts the zones whose city starts with the text first, and finds nothing for nonsense', () => {
    expect(found('paris')[0]).toBe('Europe/Paris');
    expect(found('qqq')).toEqual([]);
    expect(searchTimeZones(all, '').length).toBeLessThanOrEqual(50);
  });
});
