import { and, eq, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { activities, activityParticipants, users } from '../../db/schema.ts';
import { dayAndHourBefore, dropJobs, scheduleBefore, scheduleBeforeStatements, type JobHandler } from '../../lib/jobs.ts';
import type { Messenger } from '../../lib/messaging.ts';
import { timeZoneAt } from '../geo/index.ts';
import { notify } from '../notifications/index.ts';

/**
 * Reminders before an activity, a day and an hour ahead, one pair per person who goes (the host and each joined
 * participant), as durable jobs (lib/jobs.ts, docs/decisions/0018): made when the activity is created and when someone
 * joins or is promoted, dropped when they leave, are rejected or removed and when the activity is deactivated, in the
 * transaction that makes the change. Each goes as an in-app notification and by e-mail (else text message).
 */
export const activityReminderKind = 'activity_reminder';

const leads = dayAndHourBefore;

const keyOf = (activityId: string, userId: string, lead: string) => `activity:${activityId}:reminder:${userId}:${lead}`;

/** Makes (or moves) one person's reminders of an activity that starts at `startsAt`; those already past are not made. */
export async function scheduleActivityReminders(tx: Db | Tx, activityId: string, userId: string, startsAt: Date, now: Date): Promise<void> {
  await scheduleBefore(tx, remindersOf(activityId, userId, startsAt, now));
}

/** scheduleActivityReminders' statements, for a transaction that sends them with others (db/batched.ts). */
export function activityReminderStatements(db: Db | Tx, activityId: string, userId: string, startsAt: Date, now: Date): SQL[] {
  return scheduleBeforeStatements(db, remindersOf(activityId, userId, startsAt, now));
}

const remindersOf = (activityId: string, userId: string, startsAt: Date, now: Date) => ({
  kind: activityReminderKind,
  startsAt,
  now,
  leads,
  keyOf: (lead: string) => keyOf(activityId, userId, lead),
  payload: (lead: string) => ({ activity_id: activityId, user_id: userId, lead }),
});

/** Drops these people's reminders of an activity (left, rejected, removed, or everyone's when it is deactivated). */
export async function dropActivityReminders(tx: Db | Tx, activityId: string, userIds: readonly string[]): Promise<void> {
  await dropJobs(
    tx,
    userIds.flatMap((userId) => leads.map((lead) => keyOf(activityId, userId, lead.name))),
  );
}

/** Drops the reminders of everyone who may have one: the host and every participation of the activity. */
export async function dropAllActivityReminders(tx: Db | Tx, activityId: string, hostId: string): Promise<void> {
  const people = await tx
    .select({ userId: activityParticipants.userId })
    .from(activityParticipants)
    .where(eq(activityParticipants.activityId, activityId));
  await dropActivityReminders(tx, activityId, [hostId, ...people.map((p) => p.userId)]);
}

/** "Sat 5 Dec at 10:00" on the activity's own wall clock (the zone at its place; UTC at sea without data). */
function spokenTime(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} at ${part('hour')}:${part('minute')}`;
}

/**
 * Sends one reminder, or nothing when it no longer applies: the activity is gone, deactivated or begun, or the person
 * no longer goes (left, removed, the account closed). Read again at send time, so a change made without moving the job
 * still decides.
 */
export function activityReminderHandler(deps: { messenger: Messenger; publicUrl: string }): JobHandler {
  return async (tx, job, now) => {
    const activityId = String(job.payload.activity_id ?? '');
    const userId = String(job.payload.user_id ?? '');
    const lead = job.payload.lead === '1h' ? '1h' : '24h';
    const [a] = await tx.select().from(activities).where(eq(activities.id, activityId));
    if (!a || a.deactivatedAt || a.startsAt <= now) return;
    const [person] = await tx
      .select({ email: users.email, phone: users.phoneNumber, firstName: users.firstName, isActive: users.isActive })
      .from(users)
      .where(eq(users.id, userId));
    if (!person?.isActive) return;
    const isHost = a.hostId === userId;
    if (!isHost) {
      const [p] = await tx
        .select({ status: activityParticipants.status })
        .from(activityParticipants)
        .where(and(eq(activityParticipants.activityId, activityId), eq(activityParticipants.userId, userId)));
      if (p?.status !== 'joined') return;
    }

    const timeZone = timeZoneAt(a.latitude, a.longitude) ?? 'UTC';
    const at = spokenTime(a.startsAt, timeZone);
    const soon = lead === '1h' ? 'in about an hour' : 'tomorrow';
    const link = `${deps.publicUrl.replace(/\/+$/, '')}/ActivitiesDetails/${a.id}`;
    const role = isHost ? 'the activity you host' : 'your activity';
    const hello = person.firstName ? `Hello ${person.firstName},\n\n` : 'Hello,\n\n';
    const text = `${hello}a reminder of ${role} ${soon}: ${a.title}, ${at} (${timeZone}), at ${a.addressText}.\n\nSee who goes and the details: ${link}`;

    const channel = person.email ? 'email' : person.phone ? 'sms' : null;
    const to = person.email ?? person.phone;
    if (channel && to && deps.messenger.canDeliver(channel)) {
      await deps.messenger.send(tx, {
        to,
        channel,
        subject: channel === 'email' ? `Reminder: ${a.title} ${soon}, ${at}` : null,
        body: channel === 'email' ? text : `LocalLoop: ${a.title} ${soon}, ${at}, at ${a.addressText}. ${link}`,
      });
    }
    await notify(tx, userId, {
      title: lead === '1h' ? 'Your activity is in an hour' : 'Your activity is tomorrow',
      body: `${a.title}, ${at}, at ${a.addressText}.`,
      type: 'activity_reminder',
      data: { activity_id: a.id },
      target: { kind: 'activity', activity_id: a.id },
    });
  };
}
