import { eq, sql } from 'drizzle-orm';
import type { Activity, ParticipantStatus } from '@localloop/contract';
import { activities, activityImages, activityParticipants, chatRequests, chatRooms, media, users } from '../../db/schema.ts';
import { prepared, preparedShapes } from '../../lib/prepared.ts';
import type { StoredImage } from '../uploads/index.ts';
import { avatar, firstImageOf, personColumns, waitlistCountOf, type ActivitiesDeps, type PersonBits, type SelectedActivity } from './shared.ts';

/** The joined participants in queue order, as one JSON array of personColumns' fields: a subquery, not a second query. */
const joinedJson = sql<PersonBits[]>`(
  SELECT coalesce(json_agg(json_build_object('id', u.id, 'firstName', u.first_name, 'username', u.username, 'avatarKey', m.storage_key,
    'avatarWidth', m.width, 'avatarHeight', m.height, 'avatarVariants', m.variants) ORDER BY p.queue_position), '[]'::json)
  FROM ${activityParticipants} p JOIN ${users} u ON u.id = p.user_id LEFT JOIN ${media} m ON m.id = u.profile_image_id
  WHERE p.activity_id = "activities"."id" AND p.status = 'joined')`;

/** The activity's pictures in order, as one JSON array. */
const picturesJson = sql<{ id: string; key: string; width: number; height: number; variants: StoredImage['variants'] | null }[]>`(
  SELECT coalesce(json_agg(json_build_object('id', m.id, 'key', m.storage_key, 'width', m.width, 'height', m.height, 'variants', m.variants) ORDER BY ai.position), '[]'::json)
  FROM ${activityImages} ai JOIN ${media} m ON m.id = ai.media_id WHERE ai.activity_id = "activities"."id")`;

/** The signed-in caller's participation status, and their place on the waitlist (1 for the first in line) when waiting. */
const callerStatus = sql<ParticipantStatus | null>`(SELECT p.status FROM ${activityParticipants} p
  WHERE p.activity_id = "activities"."id" AND p.user_id = ${sql.placeholder('caller')})`;
const callerWaitlistPosition = sql<number | null>`(SELECT count(*)::int FROM ${activityParticipants} me
  JOIN ${activityParticipants} w ON w.activity_id = me.activity_id AND w.status = 'waitlisted' AND w.queue_position <= me.queue_position
  WHERE me.activity_id = "activities"."id" AND me.user_id = ${sql.placeholder('caller')} AND me.status = 'waitlisted')`;

/** The activity's group room, and the signed-in caller's own chat request with its room (chat, docs/decisions/0021). */
const groupRoomId = sql<string | null>`(SELECT r.id FROM ${chatRooms} r WHERE r.activity_id = "activities"."id" AND r.kind = 'group')`;
const callerChatRequest = sql<{ id: string; status: 'pending' | 'accepted' | 'rejected'; roomId: string | null } | null>`(
  SELECT json_build_object('id', q.id, 'status', q.status, 'roomId', r.id) FROM ${chatRequests} q LEFT JOIN ${chatRooms} r ON r.chat_request_id = q.id
  WHERE q.activity_id = "activities"."id" AND q.requester_id = ${sql.placeholder('caller')})`;

type DetailsShape = { signedIn: boolean };

/**
 * An activity's page in one prepared statement, one per shape (a visitor, a signed-in caller): the activity, its host,
 * cover and waitlist length, the joined participants, the pictures; for a signed-in caller also their own
 * participation, the group room's id and their chat request. Only the host's queue is a second query. The read
 * path's rule for hot reads (lib/prepared.ts), as a deal's page (deals/catalogue.ts).
 */
const detailsStatement = preparedShapes(
  (s: DetailsShape) => `activity_details${s.signedIn ? '_caller' : ''}`,
  (db, s: DetailsShape) =>
    db
      .select({
        activity: activities,
        host: personColumns,
        image: firstImageOf(db),
        waitlistCount: waitlistCountOf(),
        joined: joinedJson,
        pictures: picturesJson,
        myStatus: s.signedIn ? callerStatus : sql<ParticipantStatus | null>`NULL`,
        myWaitlistPosition: s.signedIn ? callerWaitlistPosition : sql<number | null>`NULL::int`,
        groupRoomId: s.signedIn ? groupRoomId : sql<string | null>`NULL::uuid`,
        myChatRequest: s.signedIn ? callerChatRequest : sql<null>`NULL::json`,
      })
      .from(activities)
      .innerJoin(users, eq(users.id, activities.hostId))
      .leftJoin(avatar, eq(avatar.id, users.profileImageId))
      .where(eq(activities.id, sql.placeholder('id'))),
);

export type ActivityDetailsRow = SelectedActivity & {
  joined: PersonBits[];
  pictures: { id: string; image: StoredImage }[];
  myStatus: ParticipantStatus | null;
  myWaitlistPosition: number | null;
  groupRoomId: string | null;
  myChatRequest: { id: string; status: 'pending' | 'accepted' | 'rejected'; roomId: string | null } | null;
};

/** The caller's own parts of an activity's page (detailsStatement's for a signed-in caller), beside the kept rest. */
const callerPart = prepared('activity_details_caller_part', (db) =>
  db
    .select({ myStatus: callerStatus, myWaitlistPosition: callerWaitlistPosition, groupRoomId, myChatRequest: callerChatRequest })
    .from(activities)
    .where(eq(activities.id, sql.placeholder('id'))),
);

/**
 * What is kept of an activity's page until the activity changes (ActivitiesDeps.pages), each an entry of its own in the
 * activity's scope, measured as it is stored: the row as visitors read it (key: the id), and the answer visitors get,
 * built from that row once (key `visitor`). Null: no such activity. (The answer used to be added to the row's entry
 * after it was measured, so the kept pages could hold twice their cap.)
 */
export type KeptPage = { row: ActivityDetailsRow | null } | { visitor: Activity | null };

/** The kept row of the activity's page (read now when none is kept); null: no such activity. */
export async function keptPage(deps: Pick<ActivitiesDeps, 'db' | 'pages'>, id: string): Promise<ActivityDetailsRow | null> {
  const read = async (): Promise<KeptPage> => ({ row: await readRow(deps, id, null) });
  const kept = deps.pages ? await deps.pages.get(id, id, read) : await read();
  return 'row' in kept ? kept.row : null;
}

/**
 * The activity's page as every visitor gets it, `build` from the kept row once and kept beside it (read now when none
 * is kept); null: no such activity.
 */
export async function keptVisitorPage(
  deps: Pick<ActivitiesDeps, 'db' | 'pages'>,
  id: string,
  build: (row: ActivityDetailsRow) => Promise<Activity>,
): Promise<Activity | null> {
  const read = async (): Promise<KeptPage> => {
    const row = await keptPage(deps, id);
    return { visitor: row && (await build(row)) };
  };
  const kept = deps.pages ? await deps.pages.get(id, 'visitor', read) : await read();
  return 'visitor' in kept ? kept.visitor : null;
}

/** The caller's own parts of an activity's page; null: no such activity (gone since its page was kept). */
export async function callerParts(deps: Pick<ActivitiesDeps, 'db'>, id: string, callerId: string): Promise<CallerParts | null> {
  const [mine] = await callerPart(deps.db).execute({ id, caller: callerId });
  return mine ?? null;
}
export type CallerParts = Pick<ActivityDetailsRow, 'myStatus' | 'myWaitlistPosition' | 'groupRoomId' | 'myChatRequest'>;

/**
 * The row of an activity's page for `callerId` (null: a visitor), or null when there is no such activity. What all
 * see is read once and kept for everyone until the activity or its participants change (lib/kept-until-changed.ts;
 * each change says so when it commits); a signed-in caller's own parts (their participation, place in line, chat
 * request and the group room) are one small statement of their own. The host reads all afresh.
 */
export async function activityDetailsRow(deps: Pick<ActivitiesDeps, 'db' | 'pages'>, id: string, callerId: string | null): Promise<ActivityDetailsRow | null> {
  const row = await keptPage(deps, id);
  if (!row || callerId === null) return row;
  if (row.activity.hostId === callerId) return readRow(deps, id, callerId);
  const mine = await callerParts(deps, id, callerId);
  // Gone since it was kept.
  if (!mine) return null;
  return { ...row, ...mine, myWaitlistPosition: mine.myStatus === 'waitlisted' ? mine.myWaitlistPosition : null };
}

async function readRow(deps: Pick<ActivitiesDeps, 'db'>, id: string, callerId: string | null): Promise<ActivityDetailsRow | null> {
  const [row] = await detailsStatement({ signedIn: callerId !== null })(deps.db).execute({ id, caller: callerId });
  if (!row) return null;
  return {
    ...row,
    pictures: row.pictures.map((p) => ({ id: p.id, image: { key: p.key, width: p.width, height: p.height, variants: p.variants ?? [] } })),
    myWaitlistPosition: row.myStatus === 'waitlisted' ? row.myWaitlistPosition : null,
  };
}
