import { ServiceTimeInput } from '@localloop/contract';
import { describe, expect, it } from 'vitest';
import { fieldsToBody, hoursToFields } from './opening-hours.ts';

describe('opening hours in the form', () => {
  it('shows closing at midnight (24:00) as 00:00 and sends it back as 24:00', () => {
    const fields = hoursToFields({
      time_zone: 'America/New_York',
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
    const fields = hoursToFields({ time_zone: 'UTC', hours: [{ weekday: 7, opens: '00:00', closes: '06:00' }] });
    expect(fieldsToBody(fields).body.hours).toEqual([{ weekday: 7, opens: '00:00', closes: '06:00' }]);
  });
});
