import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@localloop/contract';
import { activityFixtures } from '../../../test/activity-fixtures.ts';
import { createTestApp, inject, testClock, type TestContext } from '../../../test/helper.ts';

let t: TestContext;
const clock = testClock();
const { person, hosted, join } = activityFixtures(() => t, clock);

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const icsOf = (id: string, access?: string) => inject(t.app, endpoints.activityCalendarFile, { params: { id }, ...(access ? { access } : {}) });
/** The text without RFC 5545's line folding. */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');
const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');

describe('an activity as a calendar file', () => {
  it('downloads as one iCalendar event at its place, for its host, a participant and a visitor alike', async () => {
    const { host, activity } = await hosted();
    const guest = await person();
    expect((await join(guest.access, activity.id)).statusCode).toBe(200);
    for (const access of [host.access, guest.access, undefined]) {
      const file = await icsOf(activity.id, access);
      expect(file.statusCode, file.body).toBe(200);
      expect(file.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(file.headers['content-disposition']).toBe(`attachment; filename="activity-${activity.starts_at.slice(0, 10)}.ics"`);
      expect(file.headers['cache-control']).toBe('private, no-store');
      const text = unfold(file.body);
      expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
      expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(1);
      expect(text).toContain(`UID:${activity.id}@localloop`);
      expect(text).toContain(`DTSTART:${stamp(activity.starts_at)}`);
      expect(text).toContain(`DTEND:${stamp(activity.ends_at)}`);
      expect(text).toContain('SUMMARY:Sunday run by the river');
      expect(text).toContain('LOCATION:Pier 45\\, New York\\, New York\\, United States');
      expect(text).toContain('STATUS:CONFIRMED');
      expect(text).toContain(`/ActivitiesDetails/${activity.id}`);
      expect(text).toContain('PRODID:-//LocalLoop//Activities//EN');
    }
  });

  it('gives an unlisted activity to whoever has its link, as its page does', async () => {
    const { activity } = await hosted({ visibility: 'unlisted' });
    expect((await icsOf(activity.id)).statusCode).toBe(200);
  });

  it('keeps a deactivated activity as a cancelled event, so a calendar that imported it drops it', async () => {
    const { host, activity } = await hosted();
    expect((await inject(t.app, endpoints.deactivateActivity, { access: host.access, params: { id: activity.id } })).statusCode).toBe(200);
    const text = unfold((await icsOf(activity.id)).body);
    expect(text).toContain('STATUS:CANCELLED');
    expect(text).toContain('SUMMARY:Cancelled: Sunday run by the river');
    expect(text).toContain(`UID:${activity.id}@localloop`);
  });

  it('answers 404 in the error shape for an unknown activity and 400 for an id that is not one', async () => {
    const unknown = await icsOf('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.error()).toMatchObject({ code: 'NOT_FOUND' });
    const bad = await t.app.inject({ method: 'GET', url: '/api/activities/details/not-an-id/ics/' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('id');
  });
});
