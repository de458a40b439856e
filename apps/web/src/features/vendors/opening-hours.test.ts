import { ServiceTimeInput } from '@localloop/contract';
import { describe, expect, it } from 'vitest';
import { fieldsToBody, hoursToFields } from './opening-hours.ts';

describe('opening hours in the form', () => {
  it('shows closing at midnight (24:00) as 00:00 and sends it back as 24:00', () => {
    const fields = hoursToFields({
      time_zone: 'America/New_York',
      time_zone_auto: false,
      hours: [
        { weekday: 5, opens: '18:00', closes: '24:00' },
        { weekday: 1, opens: '09:00', closes: '12:00' },
      ],
    });
    expect(fields.days[4]).toEqual({ open: true, ranges: [{ opens: '18:00', closes: '00:00' }] });
    expect(fields.days[0]).toEqual({ open: true, ranges: [{ opens: '09:00', closes: '12:00' }] });

    const { body } = fieldsToBody(fields);
    expect(body.hours).toEqual([
      { weekday: 1, opens: '09:00', closes: '12:00' },
      { weekday: 5, opens: '18:00', closes: '24:00' },
    ]);
    expect(ServiceTimeInput.safeParse(body).success).toBe(true);
  });

  it('keeps an opening time of 00:00 as the start of the day', () => {
    const fields = hoursToFields({ time_zone: 'UTC', time_zone_auto: false, hours: [{ weekday: 7, opens: '00:00', closes: '06:00' }] });
    expect(fieldsToBody(fields).body.hours).toEqual([{ weekday: 7, opens: '00:00', closes: '06:00' }]);
  });

  describe('the zone the form starts with', () => {
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    it('is the primary address\'s while it follows the address, whatever was saved before', () => {
      expect(hoursToFields({ time_zone: 'America/Chicago', time_zone_auto: true, hours: [] }, 'America/Denver')).toMatchObject({ time_zone: 'America/Denver', time_zone_auto: true });
    });
    it('is this device\'s for a new vendor with no address yet, and the saved one once hours are saved', () => {
      expect(hoursToFields({ time_zone: 'America/New_York', time_zone_auto: true, hours: [] }).time_zone).toBe(browserZone);
      expect(hoursToFields({ time_zone: 'Asia/Tokyo', time_zone_auto: true, hours: [{ weekday: 1, opens: '09:00', closes: '10:00' }] }).time_zone).toBe('Asia/Tokyo');
    });
    it('is the chosen one when the vendor chose it, even with an address elsewhere', () => {
      expect(hoursToFields({ time_zone: 'Europe/Paris', time_zone_auto: false, hours: [] }, 'America/Denver')).toMatchObject({ time_zone: 'Europe/Paris', time_zone_auto: false });
    });
  });
});
