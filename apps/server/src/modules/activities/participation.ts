import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ParticipantStatus, ParticipationDecisionInput, ParticipationResult, RemoveParticipantInput } from '@localloop/contract';
import { finishWith, type Tx } from '../../db/client.ts';
import { activities, activityParticipants, users } from '../../db/schema.ts';
import { turnRefusal, violatedUniqueConstraint } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { decideChatRequestsIn } from '../chat/index.ts';
import { notify } from '../notifications/index.ts';
import { dropActivityReminders, scheduleActivityReminders } from './reminders.ts';
import { ownActivity, toParticipation } from './catalogue.ts';
import { avatar, myStateOf, noSuchActivity, personColumns, spotsLeft, waitlistCountOf, type ActivitiesDeps, type ActivityRow, type Reader } from './shared.ts';

/**
 * Joining, leaving, the host's decisions and removals (docs/decisions/0020). Every change locks the activity's row
 * first (as buying a deal locks the deal), so the changes of one activity take turns: the room left, the waitlist's
 * order and a person's one participation are read under the lock, and the counter's CHECK refuses an overfull
 * activity even if a check here were wrong. The notifications are written in the same transaction.
 */

const nextQueuePosition = sql`nextval(pg_get_serial_sequence('activity_participants', 'queue_position'))`;
const activityTarget = (id: string) => ({ kind: 'activity' as const, activity_id: id });

/**
 * The activity's row, locked for a change of its participants. NO KEY UPDATE, as an UPDATE of its counter takes: it does
 * not wait for, nor make wait, the key-share locks that rows referencing the activity hold (a joiner's new participant
 * row takes one before its turn; with FOR UPDATE two joiners would deadlock).
 */
async function lockActivity(tx: Tx, id: string): Promise<ActivityRow> {
  const [row] = await tx.select().from(activities).where(eq(activities.id, id)).for('no key update');
  if (!row) throw noSuchActivity();
  return row;
}

/**
 * Moves a joiner to `status` at the back of the line, and counts a join, in one statement: joiners of one activity (300
 * at once at scale) queue for its row, so each statement inside the turn is paid by everyone behind. Only inside the
 * turn (the row locked by lockActivity, which chose `status` from it), so that this statement, a new snapshot, sees
 * the row as the previous joiner left it. (The lock, the choice and these writes in one statement were tried: under
 * READ COMMITTED its counter update went past the capacity, which the CHECK refused with a 500. expectedJoin's one
 * statement does not choose: the outcome is chosen before, and the room it needs is a condition of the UPDATE's WHERE,
 * which PostgreSQL checks again on the row as the joiner before left it.)
 */
async function moveJoiner(tx: Tx, activityId: string, participationId: string, status: ParticipantStatus): Promise<void> {
  await tx.execute(sql`
    WITH moved AS (
      UPDATE ${activityParticipants} SET status = ${status}::participant_status, queue_position = ${nextQueuePosition} WHERE id = ${participationId}
    )
    UPDATE ${activities} SET participant_count = participant_count + 1 WHERE id = ${activityId} AND ${status === 'joined'}`);
}

const hasRoom = (a: Pick<ActivityRow, 'capacity' | 'participantCount'>) => a.capacity === null || a.participantCount < a.capacity;

async function participationOf(tx: Tx, activityId: string, userId: string) {
  const [row] = await tx
    .select()
    .from(activityParticipants)
    .where(and(eq(activityParticipants.activityId, activityId), eq(activityParticipants.userId, userId)));
  return row;
}

/**
 * Moves a participation to `status`; the joined counter moves in the same transaction, so its CHECK sees both, and so
 * do the person's reminders (made on becoming joined, dropped on ceasing to be).
 */
async function setStatus(tx: Tx, a: ActivityRow, now: Date, participationId: string, from: ParticipantStatus, to: ParticipantStatus) {
  const [row] = await tx
    .update(activityParticipants)
    .set({ status: to })
    .where(eq(activityParticipants.id, participationId))
    .returning({ userId: activityParticipants.userId });
  const delta = (to === 'joined' ? 1 : 0) - (from === 'joined' ? 1 : 0);
  if (delta !== 0) await tx.update(activities).set({ participantCount: sql`${activities.participantCount} + ${delta}` }).where(eq(activities.id, a.id));
  if (!row) return;
  if (delta > 0) await scheduleActivityReminders(tx, a.id, row.userId, a.startsAt, now);
  else if (delta < 0) await dropActivityReminders(tx, a.id, [row.userId]);
}

/** Fills freed spots from the waitlist, first in line first, telling each person promoted. */
async function promoteFromWaitlist(tx: Tx, activityId: string, now: Date) {
  for (;;) {
    const a = await lockActivity(tx, activityId);
    if (!hasRoom(a) || a.deactivatedAt) return;
    const [next] = await tx
      .select({ id: activityParticipants.id, userId: activityParticipants.userId })
      .from(activityParticipants)
      .where(and(eq(activityParticipants.activityId, activityId), eq(activityParticipants.status, 'waitlisted')))
      .orderBy(asc(activityParticipants.queuePosition))
      .limit(1);
    if (!next) return;
    await setStatus(tx, a, now, next.id, 'waitlisted', 'joined');
    await notify(tx, next.userId, {
      title: 'You are in',
      body: `A spot freed up: you moved from the waitlist into ${a.title}.`,
      type: 'activity_promoted',
      data: { activity_id: activityId },
      target: activityTarget(activityId),
    });
  }
}

/**
 * The activity's figures and `userId`'s participation after a change, as the caller (`callerId`) reads them: one
 * statement, the figures and the place in line as subqueries of the person's row.
 */
async function resultOf(tx: Reader, deps: ActivitiesDeps, activityId: string, callerId: string, userId: string): Promise<ParticipationResult> {
  const [row] = await tx
    .select({
      participation: activityParticipants,
      person: personColumns,
      activity: { hostId: activities.hostId, capacity: activities.capacity, participantCount: activities.participantCount },
      waiting: waitlistCountOf(),
      position: sql<number>`(SELECT count(*) FROM ${activityParticipants} ahead WHERE ahead.activity_id = ${activities.id} AND ahead.status = 'waitlisted' AND ahead.queue_position <= ${activityParticipants.queuePosition})::int`,
    })
    .from(activityParticipants)
    .innerJoin(activities, eq(activities.id, activityParticipants.activityId))
    .innerJoin(users, eq(users.id, activityParticipants.userId))
    .leftJoin(avatar, eq(avatar.id, users.profileImageId))
    .where(and(eq(activityParticipants.activityId, activityId), eq(activityParticipants.userId, userId)));
  // The person never took part: the activity's figures alone.
  const figures = row
    ? { ...row.activity, waiting: row.waiting }
    : (await tx.select({ hostId: activities.hostId, capacity: activities.capacity, participantCount: activities.participantCount, waiting: waitlistCountOf() }).from(activities).where(eq(activities.id, activityId)))[0];
  if (!figures) throw noSuchActivity();
  const status = row?.participation.status;
  return {
    activity_id: activityId,
    participation: row && status !== 'left' ? toParticipation(row, status === 'waitlisted' ? row.position : null, deps) : null,
    my_state: figures.hostId === callerId ? 'host' : myStateOf(status),
    participant_count: figures.participantCount,
    spots_left: spotsLeft(figures),
    waitlist_count: figures.waiting,
  };
}

function requireOpen(a: Pick<ActivityRow, 'deactivatedAt' | 'endsAt'>, now: Date) {
  if (a.deactivatedAt) throw new AppError('ACTIVITY_NOT_OPEN', 'This activity was deactivated by its host.');
  if (a.endsAt <= now) throw new AppError('ACTIVITY_NOT_OPEN', 'This activity has ended.');
}

/**
 * Joins an activity: at once when it is open and has room, as a request when the host approves joins, on the waitlist
 * when it is open and full. Once per person: a second join is refused (and the unique key refuses it even if two
 * arrived together); one who left may join again, at the back of the line.
 *
 * Joiners of one activity (300 at once at scale) take turns on its row. A join first expects the outcome that the row,
 * read without its lock, promises, and writes what goes with it (the host's notice, the person's reminders); its turn is
 * then one statement sent with the commit (finishWith) that takes the row only if that outcome still holds. When it does
 * not (the last place went meanwhile, the host changed the activity), that transaction rolls back and the join is made
 * again, deciding under the row's lock.
 */
export async function joinActivity(deps: ActivitiesDeps, userId: string, id: string): Promise<ParticipationResult> {
  try {
    try {
      await deps.db.transaction((tx) => join(tx, deps, userId, id, 'as expected'));
    } catch (error) {
      if (turnRefusal(error) === null) throw error;
      await deps.db.transaction((tx) => join(tx, deps, userId, id, 'under the lock'));
    }
    // The figures once committed, outside the lock.
    return await resultOf(deps.db, deps, id, userId, userId);
  } catch (error) {
    if (violatedUniqueConstraint(error) === 'activity_participants_activity_user') throw new AppError('ALREADY_PARTICIPATING', 'You have joined already.');
    throw error;
  }
}

async function join(tx: Tx, deps: ActivitiesDeps, userId: string, id: string, turn: 'as expected' | 'under the lock'): Promise<void> {
  // The person's own part first, before the activity's turn: joiners take turns on its row only for the change of
  // their status and the counter, not for each other's reads and rows.
  // In one statement: the activity, the joiner's name and their participation so far.
  const [read] = await tx
    .select({
      activity: activities,
      firstName: users.firstName,
      username: users.username,
      existing: sql<{ id: string; status: ParticipantStatus } | null>`(SELECT json_build_object('id', p.id, 'status', p.status) FROM ${activityParticipants} p WHERE p.activity_id = ${activities.id} AND p.user_id = ${userId})`,
    })
    .from(activities)
    .innerJoin(users, eq(users.id, userId))
    .where(eq(activities.id, id));
  if (!read) throw noSuchActivity();
  const { activity: seen, existing } = read;
  const name = read.firstName.trim() || read.username || 'Someone';
  if (seen.hostId === userId) throw new AppError('HOST_IS_MEMBER', 'You host this activity: you are in it without joining.');
  requireOpen(seen, deps.clock());
  if (existing && existing.status !== 'left') {
    if (existing.status === 'rejected' || existing.status === 'removed') throw new AppError('PARTICIPATION_CLOSED', 'The host has closed this activity to you.');
    throw new AppError('ALREADY_PARTICIPATING', existing.status === 'requested' ? 'You have asked to join already.' : existing.status === 'waitlisted' ? 'You are on the waitlist already.' : 'You have joined already.');
  }
  // A first join writes the person's row as "left" (counted nowhere); the unique key turns away a second join sent
  // at the same time, which waits here for this one.
  const participationId = existing?.id ?? (await tx.insert(activityParticipants).values({ activityId: id, userId, status: 'left' }).returning({ id: activityParticipants.id }))[0]?.id;
  if (!participationId) throw new Error('the participation was not written');
  const now = deps.clock();
  let a: ActivityRow = seen;
  if (turn === 'under the lock') {
    a = await lockActivity(tx, id);
    requireOpen(a, now);
  }
  const status = joinStatus(a);
  if (status === 'joined') await scheduleActivityReminders(tx, id, userId, a.startsAt, now);
  if (status === 'requested') {
    await notify(tx, a.hostId, { title: 'New request to join', body: `${name} asks to join ${a.title}.`, type: 'activity_request', data: { activity_id: id, user_id: userId }, target: activityTarget(id) });
  } else if (status === 'joined') {
    await notify(tx, a.hostId, { title: 'New participant', body: `${name} joined ${a.title}.`, type: 'activity_joined', data: { activity_id: id, user_id: userId }, target: activityTarget(id) });
  }
  if (turn === 'under the lock') await moveJoiner(tx, id, participationId, status);
  else await finishWith(tx, expectedJoin(a, participationId, status, now));
}

const joinStatus = (a: Pick<ActivityRow, 'joinMode' | 'capacity' | 'participantCount'>): ParticipantStatus => (a.joinMode === 'approval' ? 'requested' : hasRoom(a) ? 'joined' : 'waitlisted');

/**
 * The joiner's turn when the activity was read as `seen` and the join expects `status` of it: the row is taken (the
 * counter moved for a join) only if the activity is still open, unmoved (its start as read, to the millisecond a Date
 * holds), in the same mode and with room (or full, for the waitlist), checked on the row as the joiner before left it;
 * then the joiner moves to `status` at the back of the line. Otherwise `turn_refused`.
 */
function expectedJoin(seen: ActivityRow, participationId: string, status: ParticipantStatus, now: Date) {
  const room = status === 'joined' ? sql`(capacity IS NULL OR participant_count < capacity)` : status === 'waitlisted' ? sql`(capacity IS NOT NULL AND participant_count >= capacity)` : sql`true`;
  return sql`WITH taken AS (
      UPDATE ${activities} SET participant_count = participant_count + ${status === 'joined' ? 1 : 0}
      WHERE id = ${seen.id} AND deactivated_at IS NULL AND ends_at > ${now.toISOString()}::timestamptz AND date_trunc('milliseconds', starts_at) = ${seen.startsAt.toISOString()}::timestamptz
        AND join_mode = ${seen.joinMode} AND ${room}
      RETURNING id),
    moved AS (
      UPDATE ${activityParticipants} SET status = ${status}::participant_status, queue_position = ${nextQueuePosition}
      FROM taken WHERE ${activityParticipants}.id = ${participationId})
    SELECT turn_refused('activity changed') WHERE NOT EXISTS (SELECT FROM taken)`;
}

/** Leaves an activity, withdraws a request or leaves the waitlist; a spot freed goes to the first in line. */
export async function leaveActivity(deps: ActivitiesDeps, userId: string, id: string): Promise<ParticipationResult> {
  return deps.db.transaction(async (tx) => {
    const a = await lockActivity(tx, id);
    if (a.hostId === userId) throw new AppError('HOST_IS_MEMBER', 'You host this activity: deactivate it instead of leaving.');
    const existing = await participationOf(tx, id, userId);
    if (!existing || !['joined', 'waitlisted', 'requested'].includes(existing.status)) throw new AppError('NOT_PARTICIPATING', 'You are not in this activity.');
    await setStatus(tx, a, deps.clock(), existing.id, existing.status, 'left');
    if (existing.status === 'joined') await promoteFromWaitlist(tx, id, deps.clock());
    return resultOf(tx, deps, id, userId, userId);
  });
}

/**
 * The host accepts or rejects someone. Accepting a request joins the person, or puts them on the waitlist when the
 * activity is full (they are in line, not refused). Rejecting works on a request, the waitlist and a joined person,
 * who cannot join again; a spot freed goes to the first in line.
 */
export async function decideParticipation(deps: ActivitiesDeps, hostId: string, id: string, input: z.output<typeof ParticipationDecisionInput>): Promise<ParticipationResult> {
  return deps.db.transaction(async (tx) => {
    const a = await ownActivity(tx, hostId, id);
    // The spec's other use of this call: deciding the person's chat request (modules/chat), not their participation.
    if (input.chat_request_id) {
      await decideChatRequestsIn(tx, deps, hostId, [{ id: input.chat_request_id, accept: input.action === 'accept' }], { activityId: id, requesterId: input.user_id });
      return resultOf(tx, deps, id, hostId, input.user_id);
    }
    const existing = await participationOf(tx, id, input.user_id);
    if (!existing || existing.status === 'left') throw new AppError('NOT_PARTICIPATING', 'This person has not asked to join.', { user_id: 'Choose a person who asked to join.' });
    if (input.action === 'accept') {
      if (existing.status !== 'requested') throw new AppError('NOTHING_TO_DECIDE', `There is no request to accept: this person is ${existing.status}.`);
      requireOpen(a, deps.clock());
      const to: ParticipantStatus = hasRoom(a) ? 'joined' : 'waitlisted';
      await setStatus(tx, a, deps.clock(), existing.id, 'requested', to);
      await notify(tx, input.user_id, {
        title: 'Request accepted',
        body: to === 'joined' ? `You are in ${a.title}.` : `${a.title} is full: you are on its waitlist and move in when a spot frees.`,
        type: 'activity_accepted',
        data: { activity_id: id },
        target: activityTarget(id),
      });
    } else {
      if (!['requested', 'waitlisted', 'joined'].includes(existing.status)) throw new AppError('NOTHING_TO_DECIDE', `There is nothing to reject: this person is ${existing.status}.`);
      await setStatus(tx, a, deps.clock(), existing.id, existing.status, 'rejected');
      await notify(tx, input.user_id, { title: 'Request declined', body: `The host of ${a.title} declined your participation.`, type: 'activity_rejected', data: { activity_id: id }, target: activityTarget(id) });
      if (existing.status === 'joined') await promoteFromWaitlist(tx, id, deps.clock());
    }
    return resultOf(tx, deps, id, hostId, input.user_id);
  });
}

/** The host removes a joined or waitlisted person, who is told and cannot join again; the first in line takes the spot. */
export async function removeParticipant(deps: ActivitiesDeps, hostId: string, id: string, input: z.output<typeof RemoveParticipantInput>): Promise<ParticipationResult> {
  return deps.db.transaction(async (tx) => {
    const a = await ownActivity(tx, hostId, id);
    const existing = await participationOf(tx, id, input.user_id);
    if (!existing || (existing.status !== 'joined' && existing.status !== 'waitlisted')) {
      throw new AppError('NOT_PARTICIPATING', 'This person is not a participant.', { user_id: 'Choose a participant.' });
    }
    await setStatus(tx, a, deps.clock(), existing.id, existing.status, 'removed');
    await notify(tx, input.user_id, {
      title: 'Removed from an activity',
      body: `The host removed you from ${a.title}.${input.reason ? ` ${input.reason}` : ''}`,
      type: 'activity_removed',
      data: { activity_id: id },
      target: activityTarget(id),
    });
    if (existing.status === 'joined') await promoteFromWaitlist(tx, id, deps.clock());
    return resultOf(tx, deps, id, hostId, input.user_id);
  });
}
