import { and, asc, count, desc, eq, exists, gt, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Activity, ActivityInput, ActivityList, HostingFigures, MyActivitiesQuery, MyActivitiesFilter, MyActivitiesResponse, PageQuery, Participation } from '@localloop/contract';
import { activities, activityParticipants, users } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { notify } from '../notifications/index.ts';
import { requireOwnImages, toResponsiveImage } from '../uploads/index.ts';
import { activityDetailsRow, callerParts, keptVisitorPage, type ActivityDetailsRow, type CallerParts } from './details.ts';
import { dropAllActivityReminders } from './reminders.ts';
import { insertActivities, seriesOf } from './series.ts';
import { avatar, commonFields, iso, myStateOf, noSuchActivity, pageChanged, personColumns, selectActivities, stateOf, statusesOf, toCard, toPerson, type ActivitiesDeps, type Reader, type SelectedActivity } from './shared.ts';

/** Participations of one activity with the people, in queue order. */
export function selectParticipations(db: Reader) {
  return db
    .select({ participation: activityParticipants, person: personColumns })
    .from(activityParticipants)
    .innerJoin(users, eq(users.id, activityParticipants.userId))
    .leftJoin(avatar, eq(avatar.id, users.profileImageId));
}
type SelectedParticipation = Awaited<ReturnType<ReturnType<typeof selectParticipations>['where']>>[number];

export function toParticipation(r: SelectedParticipation, waitlistPosition: number | null, deps: Pick<ActivitiesDeps, 'mediaUrl'>): Participation {
  const p = r.participation;
  return {
    id: p.id,
    user: toPerson(r.person, deps.mediaUrl),
    status: p.status,
    waitlist_position: p.status === 'waitlisted' ? waitlistPosition : null,
    created_at: iso(p.createdAt),
    updated_at: iso(p.updatedAt),
  };
}

/** One activity as its page shows it to `callerId` (null: a visitor). Unlisted and deactivated ones are readable by id. */
export async function loadActivity(deps: ActivitiesDeps, db: Reader, id: string, callerId: string | null): Promise<Activity | null> {
  // One prepared statement (details.ts); only the host's queue below is a second query.
  const row = await activityDetailsRow(deps, id, callerId);
  return row && activityPageOf(deps, db, row, callerId);
}

/** The page of an activity for `callerId` (null: a visitor) from its row; only the host's queue is read here. */
async function activityPageOf(deps: ActivitiesDeps, db: Reader, row: ActivityDetailsRow, callerId: string | null): Promise<Activity> {
  const id = row.activity.id;
  const a = row.activity;
  const isHost = callerId !== null && a.hostId === callerId;
  const queue = isHost
    ? await selectParticipations(db)
        .where(and(eq(activityParticipants.activityId, id), inArray(activityParticipants.status, ['requested', 'waitlisted'])))
        .orderBy(asc(activityParticipants.queuePosition))
    : [];
  let waitlisted = 0;
  const pending: Participation[] = [];
  for (const p of queue) {
    if (p.participation.status === 'waitlisted') waitlisted += 1;
    pending.push(toParticipation(p, waitlisted, deps));
  }
  const myStatus = isHost ? null : row.myStatus;
  const responsive = row.pictures.map((i) => toResponsiveImage(i.image, deps.mediaUrl));
  // The group room is the host's and the joined participants' (chat/shared.ts inRoom); a chat request is anyone else's.
  const inGroup = isHost || myStatus === 'joined';
  const chatRequest = isHost ? null : row.myChatRequest;
  return {
    ...commonFields(row, callerId, myStatus ?? undefined, deps, deps.clock()),
    image: responsive[0] ?? null,
    description: a.description,
    images: responsive,
    image_ids: row.pictures.map((i) => i.id),
    participants: row.joined.map((p) => toPerson(p, deps.mediaUrl)),
    pending,
    my_waitlist_position: isHost ? null : row.myWaitlistPosition,
    is_host: isHost,
    chat_room_id: inGroup ? row.groupRoomId : null,
    my_chat_request: chatRequest ? { id: chatRequest.id, status: chatRequest.status, room_id: chatRequest.status === 'accepted' ? chatRequest.roomId : null } : null,
    series: await seriesOf(db, a, deps.clock()),
    deactivated_at: a.deactivatedAt ? iso(new Date(a.deactivatedAt)) : null,
    created_at: iso(new Date(a.createdAt)),
    updated_at: iso(new Date(a.updatedAt)),
  };
}

export async function activityDetails(deps: ActivitiesDeps, callerId: string | null, id: string): Promise<Activity> {
  // A visitor's answer is the same for every visitor: built once per kept page (its state as of then, for at most the
  // time the page is kept). A signed-in caller other than the host gets it with their own parts put in; the host's
  // page (with the queue) is read afresh.
  const page = await keptVisitorPage(deps, id, (row) => activityPageOf(deps, deps.db, row, null));
  if (!page) throw noSuchActivity();
  if (callerId === null) return page;
  if (page.host.id === callerId) {
    const activity = await loadActivity(deps, deps.db, id, callerId);
    if (!activity) throw noSuchActivity();
    return activity;
  }
  const now = deps.clock();
  const mine = await callerParts(deps, id, callerId);
  if (!mine) throw noSuchActivity();
  // The series' other dates as of now, as activityPageOf reads them (a weekly series' page only).
  const series = page.series && (await seriesOf(deps.db, { id, seriesId: page.series.id }, now));
  return { ...withCallerParts(page, mine, now), series };
}

/**
 * The page visitors get with a signed-in caller's (not the host's) own parts, as activityPageOf builds them: their
 * participation and place in line, the group room when they are in it, their chat request; its state as of `now`.
 */
function withCallerParts(page: Activity, mine: CallerParts, now: Date): Activity {
  const deactivatedAt = page.deactivated_at === null ? null : new Date(page.deactivated_at);
  const chatRequest = mine.myChatRequest;
  return {
    ...page,
    state: stateOf({ deactivatedAt, startsAt: new Date(page.starts_at), endsAt: new Date(page.ends_at) }, now),
    my_state: myStateOf(mine.myStatus),
    my_waitlist_position: mine.myStatus === 'waitlisted' ? mine.myWaitlistPosition : null,
    chat_room_id: mine.myStatus === 'joined' ? mine.groupRoomId : null,
    my_chat_request: chatRequest ? { id: chatRequest.id, status: chatRequest.status, room_id: chatRequest.status === 'accepted' ? chatRequest.roomId : null } : null,
  };
}

/** Any signed-in account hosts an activity: a vendor too, as the person behind the shop (docs/decisions/0020). */
export async function createActivity(deps: ActivitiesDeps, userId: string, input: z.output<typeof ActivityInput>): Promise<Activity> {
  if (Date.parse(input.starts_at) <= deps.clock().getTime()) {
    throw new AppError('VALIDATION_FAILED', 'The activity would have started already.', { starts_at: 'Choose a start still to come.' });
  }
  const id = await deps.db.transaction(async (tx) => {
    await requireOwnImages(tx, userId, input.image_ids, 'image_ids');
    return insertActivities(tx, userId, input, deps.clock());
  });
  return activityDetails(deps, userId, id);
}

/** The caller's own activity, locked for a change; someone else's answers 404, as if it were not there to change. */
export async function ownActivity(tx: Reader, userId: string, id: string) {
  const [row] = await tx
    .select()
    .from(activities)
    .where(and(eq(activities.id, id), eq(activities.hostId, userId)))
    // As participation.ts locks it (its lockActivity says why), so a host's change and a joiner's turn queue alike.
    .for('no key update');
  if (!row) throw noSuchActivity();
  return row;
}

/** The host deactivates an activity: off the lists, closed to joins; everyone in it or waiting is told, in the same transaction. */
export async function deactivateActivity(deps: ActivitiesDeps, userId: string, id: string): Promise<Activity> {
  await deps.db.transaction(async (tx) => {
    const a = await ownActivity(tx, userId, id);
    if (a.deactivatedAt) throw new AppError('ACTIVITY_DEACTIVATED', 'This activity is deactivated already.');
    await tx.update(activities).set({ deactivatedAt: deps.clock() }).where(eq(activities.id, id));
    await tx.execute(pageChanged(id));
    await dropAllActivityReminders(tx, id, a.hostId);
    const people = await tx
      .select({ userId: activityParticipants.userId })
      .from(activityParticipants)
      .where(and(eq(activityParticipants.activityId, id), inArray(activityParticipants.status, ['joined', 'waitlisted', 'requested'])));
    for (const p of people) {
      await notify(tx, p.userId, {
        title: 'Activity cancelled',
        body: `${a.title} will not take place: its host deactivated it.`,
        type: 'activity_deactivated',
        data: { activity_id: id },
        target: { kind: 'activity', activity_id: id },
      });
    }
  });
  return activityDetails(deps, userId, id);
}

async function pageOf(deps: ActivitiesDeps, userId: string, where: SQL | undefined, order: SQL[], query: z.output<typeof PageQuery>): Promise<ActivityList> {
  const [counted] = await deps.db.select({ n: count() }).from(activities).where(where);
  const rows = (await selectActivities(deps.db)
    .where(where)
    .orderBy(...order)
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size)) as SelectedActivity[];
  const statuses = await statusesOf(
    deps.db,
    userId,
    rows.map((r) => r.activity.id),
  );
  const now = deps.clock();
  return {
    count: counted?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
    results: rows.map((r) => toCard(r, userId, statuses.get(r.activity.id), null, deps, now)),
  };
}

/** The host's deactivated activities, named by the host's own account id: anyone else's id answers 404. */
export async function deactivatedActivities(deps: ActivitiesDeps, userId: string, hostId: string, query: z.output<typeof PageQuery>): Promise<ActivityList> {
  if (hostId !== userId) throw AppError.notFound('That account');
  return pageOf(deps, userId, and(eq(activities.hostId, userId), isNotNull(activities.deactivatedAt)), [desc(activities.deactivatedAt), desc(activities.id)], query);
}

/** The SQL of each MyActivities filter for `userId` at `now`. */
function filterOf(filter: MyActivitiesFilter, userId: string, now: Date): { where: SQL | undefined; order: SQL[] } {
  const at = sql`${now.toISOString()}::timestamptz`;
  const hosted = eq(activities.hostId, userId);
  const with_ = (statuses: ('joined' | 'waitlisted' | 'requested')[]) =>
    exists(
      sql`(SELECT 1 FROM ${activityParticipants} WHERE ${activityParticipants.activityId} = ${activities.id} AND ${activityParticipants.userId} = ${userId} AND ${inArray(activityParticipants.status, statuses)})`,
    );
  const soonest = [asc(activities.startsAt), asc(activities.id)];
  const latest = [desc(activities.startsAt), desc(activities.id)];
  switch (filter) {
    case 'created':
      return { where: and(hosted, isNull(activities.deactivatedAt)), order: latest };
    case 'joined':
      return { where: with_(['joined', 'waitlisted']), order: soonest };
    case 'requested':
      return { where: with_(['requested']), order: soonest };
    case 'upcoming':
      return { where: and(or(hosted, with_(['joined', 'waitlisted'])), isNull(activities.deactivatedAt), gt(activities.endsAt, at)), order: soonest };
    case 'past':
      return { where: and(or(hosted, with_(['joined'])), isNull(activities.deactivatedAt), lte(activities.endsAt, at)), order: latest };
    case 'deactivated':
      return { where: and(hosted, isNotNull(activities.deactivatedAt)), order: [desc(activities.deactivatedAt), desc(activities.id)] };
  }
}

/** What `userId` hosts and is still to come: how many, the requests waiting on them, the soonest (host_id's index). */
async function hostingFigures(deps: ActivitiesDeps, userId: string, now: Date): Promise<HostingFigures> {
  const toCome = and(eq(activities.hostId, userId), isNull(activities.deactivatedAt), gt(activities.endsAt, sql`${now.toISOString()}::timestamptz`));
  const [figures] = await deps.db
    .select({ upcoming: sql<number>`count(DISTINCT ${activities.id})::int`, requests: sql<number>`count(${activityParticipants.id})::int` })
    .from(activities)
    .leftJoin(activityParticipants, and(eq(activityParticipants.activityId, activities.id), eq(activityParticipants.status, 'requested')))
    .where(toCome);
  const [next] = (await selectActivities(deps.db).where(toCome).orderBy(asc(activities.startsAt), asc(activities.id)).limit(1)) as SelectedActivity[];
  return {
    upcoming: figures?.upcoming ?? 0,
    requests: figures?.requests ?? 0,
    next: next ? toCard(next, userId, undefined, null, deps, now) : null,
  };
}

/** The caller's activities for /MyActivities/{filterType?}, with the figures of what the caller hosts (the vendor dashboard's card). */
export async function myActivities(deps: ActivitiesDeps, userId: string, query: z.output<typeof MyActivitiesQuery>): Promise<MyActivitiesResponse> {
  const now = deps.clock();
  const { where, order } = filterOf(query.filter, userId, now);
  const [page, hosting] = await Promise.all([pageOf(deps, userId, where, order, query), hostingFigures(deps, userId, now)]);
  return { ...page, hosting };
}
