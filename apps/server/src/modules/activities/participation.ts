import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ParticipantStatus, ParticipationDecisionInput, ParticipationResult, RemoveParticipantInput } from '@localloop/contract';
import { batched } from '../../db/batched.ts';
import { isTransaction, type Tx } from '../../db/client.ts';
import { prepared } from '../../lib/prepared.ts';
import { activities, activityParticipants, users } from '../../db/schema.ts';
import { turnRefusal, violatedUniqueConstraint } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { decideChatRequestsIn } from '../chat/index.ts';
import { notify, notifyStatement } from '../notifications/index.ts';
import { activityReminderStatements, dropActivityReminders, scheduleActivityReminders } from './reminders.ts';
import { ownActivity, toParticipation } from './catalogue.ts';
import { avatar, myStateOf, noSuchActivity, pageChanged, personColumns, spotsLeft, waitlistCountOf, type ActivitiesDeps, type ActivityRow, type Reader } from './shared.ts';

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
  // Who is in and who waits is on the activity's page, kept for all until it changes.
  await tx.execute(pageChanged(a.id));
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

/** A person's participation with the activity's figures and their place in line, as resultOf answers it. */
const participationRowQuery = (db: Reader) =>
  db
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
    .where(and(eq(activityParticipants.activityId, sql.placeholder('activity_id')), eq(activityParticipants.userId, sql.placeholder('user_id'))));
/** Every join answers with it (300 at once at scale): built and planned once. */
const participationRow = prepared('activity_participation_row', participationRowQuery);

/**
 * The activity's figures and `userId`'s participation after a change, as the caller (`callerId`) reads them: one
 * statement, the figures and the place in line as subqueries of the person's row.
 */
async function resultOf(tx: Reader, deps: ActivitiesDeps, activityId: string, callerId: string, userId: string): Promise<ParticipationResult> {
  const values = { activity_id: activityId, user_id: userId };
  const [row] = isTransaction(tx) ? await participationRowQuery(tx).execute(values) : await participationRow(tx).execute(values);
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
 * read without its lock, promises, and sends what goes with it (the person's row, their reminders, the host's notice)
 * and its turn in one message with the commit (db/batched.ts): the turn takes the row only if that outcome still holds.
 * When it does not (the last place went meanwhile, the host changed the activity, the same person joined from another
 * tab), that transaction rolls back and the join is made again, deciding under the row's lock.
 */
export async function joinActivity(deps: ActivitiesDeps, userId: string, id: string): Promise<ParticipationResult> {
  try {
    const seen = await joinSeen(deps.db, userId, id);
    try {
      await joinAsExpected(deps, userId, seen, deps.clock());
    } catch (error) {
      if (turnRefusal(error) === null) throw error;
      await deps.db.transaction((tx) => joinUnderTheLock(tx, deps, userId, id));
    }
    // The figures once committed, outside the lock.
    return await resultOf(deps.db, deps, id, userId, userId);
  } catch (error) {
    if (violatedUniqueConstraint(error) === 'activity_participants_activity_user') throw new AppError('ALREADY_PARTICIPATING', 'You have joined already.');
    throw error;
  }
}

type JoinSeen = { activity: ActivityRow; name: string; existing: { id: string; status: ParticipantStatus } | null };

const joinSeenQuery = (db: Reader) =>
  db
    .select({
      activity: activities,
      firstName: users.firstName,
      username: users.username,
      existing: sql<{ id: string; status: ParticipantStatus } | null>`(SELECT json_build_object('id', p.id, 'status', p.status) FROM ${activityParticipants} p WHERE p.activity_id = ${activities.id} AND p.user_id = ${sql.placeholder('user_id')})`,
    })
    .from(activities)
    .innerJoin(users, eq(users.id, sql.placeholder('user_id')))
    .where(eq(activities.id, sql.placeholder('id')));
/** What every join reads first (300 at once at scale): built and planned once. */
const joinSeenStatement = prepared('activity_join_seen', joinSeenQuery);

/**
 * In one statement, the activity, the joiner's name and their participation so far; refused when the person hosts it,
 * it is closed, or they are in it, waiting or closed out already.
 */
async function joinSeen(db: Reader, userId: string, id: string): Promise<JoinSeen> {
  const values = { id, user_id: userId };
  const [read] = isTransaction(db) ? await joinSeenQuery(db).execute(values) : await joinSeenStatement(db).execute(values);
  if (!read) throw noSuchActivity();
  const { activity, existing } = read;
  if (activity.hostId === userId) throw new AppError('HOST_IS_MEMBER', 'You host this activity: you are in it without joining.');
  if (existing) refuseRejoin(existing.status);
  return { activity, name: read.firstName.trim() || read.username || 'Someone', existing };
}

/** A person with a participation may join again only after leaving it. */
function refuseRejoin(status: ParticipantStatus): void {
  if (status === 'left') return;
  if (status === 'rejected' || status === 'removed') throw new AppError('PARTICIPATION_CLOSED', 'The host has closed this activity to you.');
  throw new AppError('ALREADY_PARTICIPATING', status === 'requested' ? 'You have asked to join already.' : status === 'waitlisted' ? 'You are on the waitlist already.' : 'You have joined already.');
}

/** What a join to `status` writes besides the person's own row: their reminders when they are in, the host's notice. */
function joinWrites(db: Reader, a: ActivityRow, userId: string, name: string, status: ParticipantStatus, now: Date): SQL[] {
  const id = a.id;
  if (status === 'requested') {
    return [notifyStatement(db, a.hostId, { title: 'New request to join', body: `${name} asks to join ${a.title}.`, type: 'activity_request', data: { activity_id: id, user_id: userId }, target: activityTarget(id) })];
  }
  if (status === 'joined') {
    return [
      ...activityReminderStatements(db, id, userId, a.startsAt, now),
      notifyStatement(db, a.hostId, { title: 'New participant', body: `${name} joined ${a.title}.`, type: 'activity_joined', data: { activity_id: id, user_id: userId }, target: activityTarget(id) }),
    ];
  }
  return [];
}

/**
 * The join the activity as read promises, in one message: the person's row (a first join writes it as "left", counted
 * nowhere, and the unique key turns away a second join sent at the same time, which waits here for this one), what goes
 * with the join, then its turn (expectedJoin) and the commit.
 */
async function joinAsExpected(deps: ActivitiesDeps, userId: string, { activity: a, name, existing }: JoinSeen, now: Date): Promise<void> {
  requireOpen(a, now);
  const status = joinStatus(a);
  const participationId = existing?.id ?? randomUUID();
  await batched(deps.db, (batch) =>
    batch.commitWith(
      ...(existing ? [] : [deps.db.insert(activityParticipants).values({ id: participationId, activityId: a.id, userId, status: 'left' }).getSQL()]),
      ...joinWrites(deps.db, a, userId, name, status, now),
      pageChanged(a.id),
      expectedJoin(a, participationId, status, now),
    ),
  );
}

/** The join decided under the activity's lock, after its expected turn was refused: everything read again. */
async function joinUnderTheLock(tx: Tx, deps: ActivitiesDeps, userId: string, id: string): Promise<void> {
  const { existing, name } = await joinSeen(tx, userId, id);
  const participationId = existing?.id ?? (await tx.insert(activityParticipants).values({ activityId: id, userId, status: 'left' }).returning({ id: activityParticipants.id }))[0]?.id;
  if (!participationId) throw new Error('the participation was not written');
  const now = deps.clock();
  const a = await lockActivity(tx, id);
  requireOpen(a, now);
  // The same person's join from another tab may have come first (both read "left").
  const current = await participationOf(tx, id, userId);
  if (!current) throw new Error('the participation was not written');
  refuseRejoin(current.status);
  const status = joinStatus(a);
  for (const statement of [...joinWrites(tx, a, userId, name, status, now), pageChanged(id)]) await tx.execute(statement);
  await moveJoiner(tx, id, participationId, status);
}

const joinStatus = (a: Pick<ActivityRow, 'joinMode' | 'capacity' | 'participantCount'>): ParticipantStatus => (a.joinMode === 'approval' ? 'requested' : hasRoom(a) ? 'joined' : 'waitlisted');

/**
 * The joiner's turn when the activity was read as `seen` and the join expects `status` of it: the row is taken (the
 * counter moved for a join) only if the activity is still open, unmoved (its start as read, to the millisecond a Date
 * holds), in the same mode and with room (or full, for the waitlist), checked on the row as the joiner before left it;
 * then the joiner moves to `status` at the back of the line, only from "left" (a join of the same person from another
 * tab that came first has moved them already). Otherwise `turn_refused`.
 */
function expectedJoin(seen: ActivityRow, participationId: string, status: ParticipantStatus, now: Date) {
  const unchanged = sql`id = ${seen.id} AND deactivated_at IS NULL AND ends_at > ${now.toISOString()}::timestamptz AND date_trunc('milliseconds', starts_at) = ${seen.startsAt.toISOString()}::timestamptz
        AND join_mode = ${seen.joinMode}`;
  // Only a join moves the counter. The waitlist takes the row as a join does (NO KEY UPDATE), so its places are drawn in
  // the order the joins commit: with a shared lock two waitlisters drew their places in one order and committed in the
  // other, and the first to commit was told a place that the second then took from it (100 at once, two places told
  // twice). A request, whose place nobody is told, shares the row (FOR SHARE) and waits for no other request.
  const taken =
    status === 'joined'
      ? sql`UPDATE ${activities} SET participant_count = participant_count + 1 WHERE ${unchanged} AND (capacity IS NULL OR participant_count < capacity) RETURNING id`
      : status === 'waitlisted'
        ? sql`SELECT id FROM ${activities} WHERE ${unchanged} AND capacity IS NOT NULL AND participant_count >= capacity FOR NO KEY UPDATE`
        : sql`SELECT id FROM ${activities} WHERE ${unchanged} FOR SHARE`;
  return sql`WITH taken AS (${taken}),
    moved AS (
      UPDATE ${activityParticipants} SET status = ${status}::participant_status, queue_position = ${nextQueuePosition}
      FROM taken WHERE ${activityParticipants}.id = ${participationId} AND ${activityParticipants}.status = 'left'
      RETURNING ${activityParticipants}.id)
    SELECT turn_refused('activity changed') WHERE NOT EXISTS (SELECT FROM moved)`;
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
