import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@localloop/contract';
import { activityParticipants, devOutbox, jobs, notifications } from '../../db/schema.ts';
import { activityFixtures } from '../../../test/activity-fixtures.ts';
import { createTestApp, inject, testClock, type TestContext } from '../../../test/helper.ts';

let t: TestContext;
const clock = testClock();
const { hours, person, hosted, join, leave } = activityFixtures(() => t, clock);
const hour = 3_600_000;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

/** The reminder jobs of one activity: who and which lead, by time then person. */
async function remindersOf(activityId: string) {
  const rows = await t.database.db
    .select({ key: jobs.key, runAt: jobs.runAt })
    .from(jobs)
    .where(like(jobs.key, `activity:${activityId}:reminder:%`))
    .orderBy(asc(jobs.runAt), asc(jobs.key));
  return rows.map((r) => {
    const [, , , userId, lead] = r.key.split(':');
    return { userId, lead, runAt: r.runAt.toISOString() };
  });
}
const whoIsReminded = async (activityId: string) => [...new Set((await remindersOf(activityId)).map((r) => r.userId))].sort();

const mailTo = (email: string) => t.database.db.select().from(devOutbox).where(eq(devOutbox.to, email)).orderBy(asc(devOutbox.createdAt));
const remindersFor = (userId: string, activityId: string) =>
  t.database.db
    .select({ title: notifications.title, body: notifications.body, targetId: notifications.targetId })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.notificationType, 'activity_reminder'), eq(notifications.targetId, activityId)));

/** Moves the test's clock to an instant (forward only). */
function moveTo(instant: Date) {
  const ms = instant.getTime() - clock().getTime();
  if (ms > 0) clock.advance(ms);
}

const decide = (access: string, id: string, userId: string, action: 'accept' | 'reject') => inject(t.app, endpoints.decideParticipation, { access, params: { id }, body: { user_id: userId, action } });
const remove = (access: string, id: string, userId: string) => inject(t.app, endpoints.removeParticipant, { access, params: { id }, body: { user_id: userId } });

describe('activity reminders (durable jobs)', () => {
  it('reminds the host and each joined participant a day and an hour before, by e-mail and notification, once each', async () => {
    const { host, activity } = await hosted({ starts_at: hours(72), ends_at: hours(74) });
    const startsAt = new Date(activity.starts_at);
    const guest = await person();
    expect((await join(guest.access, activity.id)).statusCode).toBe(200);
    expect(await remindersOf(activity.id)).toEqual(
      [
        { userId: host.id, lead: '24h', runAt: new Date(startsAt.getTime() - 24 * hour).toISOString() },
        { userId: guest.id, lead: '24h', runAt: new Date(startsAt.getTime() - 24 * hour).toISOString() },
        { userId: host.id, lead: '1h', runAt: new Date(startsAt.getTime() - hour).toISOString() },
        { userId: guest.id, lead: '1h', runAt: new Date(startsAt.getTime() - hour).toISOString() },
      ].sort((a, b) => a.runAt.localeCompare(b.runAt) || `${a.userId}:${a.lead}`.localeCompare(`${b.userId}:${b.lead}`)),
    );

    await t.app.jobs.runDue();
    expect(await remindersFor(guest.id, activity.id)).toEqual([]);

    moveTo(new Date(startsAt.getTime() - 24 * hour));
    await t.app.jobs.runDue();
    expect(await remindersFor(guest.id, activity.id)).toEqual([expect.objectContaining({ title: 'Your activity is tomorrow', targetId: activity.id })]);
    expect(await remindersFor(host.id, activity.id)).toEqual([expect.objectContaining({ title: 'Your activity is tomorrow' })]);
    const mail = await mailTo(guest.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toMatch(/^Reminder: Sunday run by the river tomorrow, \w{3} \d{1,2} \w{3} at \d{2}:\d{2}$/);
    expect(mail[0]?.body).toContain('America/New_York');
    expect(mail[0]?.body).toContain('Pier 45');
    expect(mail[0]?.body).toContain(`/ActivitiesDetails/${activity.id}`);
    expect((await mailTo(host.email))[0]?.body).toContain('the activity you host');

    // Run again at the same time: nothing is sent twice.
    await t.app.jobs.runDue();
    expect(await mailTo(guest.email)).toHaveLength(1);

    moveTo(new Date(startsAt.getTime() - hour + 60_000));
    await t.app.jobs.runDue();
    expect((await mailTo(guest.email)).map((m) => m.subject)).toEqual([expect.stringContaining('tomorrow'), expect.stringContaining('in about an hour')]);
    expect(await remindersFor(guest.id, activity.id)).toHaveLength(2);
    expect(await remindersFor(host.id, activity.id)).toHaveLength(2);
    expect(await remindersOf(activity.id)).toEqual([]);
  });

  it('makes only the reminders still to come for an activity a few hours ahead', async () => {
    const { host, activity } = await hosted({ starts_at: hours(3), ends_at: hours(4) });
    expect(await remindersOf(activity.id)).toEqual([{ userId: host.id, lead: '1h', runAt: new Date(new Date(activity.starts_at).getTime() - hour).toISOString() }]);
  });

  it('makes reminders on joining and promotion, never for a request or the waitlist, and drops them on leaving, removal and rejection', async () => {
    const { host, activity } = await hosted({ capacity: 1, starts_at: hours(100), ends_at: hours(101) });
    const [first, second, third] = [await person(), await person(), await person()];
    expect((await join(first.access, activity.id)).json().my_state).toBe('joined');
    expect((await join(second.access, activity.id)).json().my_state).toBe('waitlisted');
    expect(await whoIsReminded(activity.id)).toEqual([host.id, first.id].sort());

    // The first leaves: their reminders go, the first in line is promoted and gets theirs.
    expect((await leave(first.access, activity.id)).statusCode).toBe(200);
    expect(await whoIsReminded(activity.id)).toEqual([host.id, second.id].sort());

    expect((await remove(host.access, activity.id, second.id)).statusCode).toBe(200);
    expect(await whoIsReminded(activity.id)).toEqual([host.id]);

    expect((await join(third.access, activity.id)).json().my_state).toBe('joined');
    expect(await whoIsReminded(activity.id)).toEqual([host.id, third.id].sort());
    expect((await decide(host.access, activity.id, third.id, 'reject')).statusCode).toBe(200);
    expect(await whoIsReminded(activity.id)).toEqual([host.id]);

    // Approval: a request has none until the host accepts it.
    const { host: approver, activity: asked } = await hosted({ join_mode: 'approval', starts_at: hours(100), ends_at: hours(101) });
    const asking = await person();
    expect((await join(asking.access, asked.id)).json().my_state).toBe('requested');
    expect(await whoIsReminded(asked.id)).toEqual([approver.id]);
    expect((await decide(approver.access, asked.id, asking.id, 'accept')).json().participation?.status).toBe('joined');
    expect(await whoIsReminded(asked.id)).toEqual([approver.id, asking.id].sort());
  });

  it('drops every reminder in the transaction that deactivates the activity, and sends nothing', async () => {
    const { host, activity } = await hosted({ starts_at: hours(130), ends_at: hours(131) });
    const guest = await person();
    await join(guest.access, activity.id);
    expect(await remindersOf(activity.id)).toHaveLength(4);
    expect((await inject(t.app, endpoints.deactivateActivity, { access: host.access, params: { id: activity.id } })).statusCode).toBe(200);
    expect(await remindersOf(activity.id)).toEqual([]);
    moveTo(new Date(new Date(activity.starts_at).getTime() - hour));
    await t.app.jobs.runDue();
    expect(await remindersFor(guest.id, activity.id)).toEqual([]);
  });

  it('sends nothing to someone no longer in it when the reminder comes due, even if a change bypassed the service', async () => {
    const { activity } = await hosted({ starts_at: hours(160), ends_at: hours(161) });
    const guest = await person();
    await join(guest.access, activity.id);
    await t.database.db
      .update(activityParticipants)
      .set({ status: 'left' })
      .where(and(eq(activityParticipants.activityId, activity.id), eq(activityParticipants.userId, guest.id)));
    moveTo(new Date(new Date(activity.starts_at).getTime() - hour));
    await t.app.jobs.runDue();
    expect(await remindersFor(guest.id, activity.id)).toEqual([]);
    expect(await remindersOf(activity.id)).toEqual([]);
  });
});
