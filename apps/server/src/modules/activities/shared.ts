import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ActivityCard, ActivityState, JoinMode, ActivityVisibility, ParticipantStatus, ParticipationState } from '@localloop/contract';
import type { Db, Tx } from '../../db/client.ts';
import { activities, activityImages, activityParticipants, media, users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { KeptUntilChanged } from '../../lib/kept-until-changed.ts';
import { literalLimit } from '../../lib/prepared.ts';
import { changedStatement } from '../../lib/realtime.ts';
import { toResponsiveImage, type StoredImage } from '../uploads/index.ts';
import { avatar, personColumns, toPerson, type PersonBits } from '../users/index.ts';
import type { KeptPage } from './details.ts';

export type ActivitiesDeps = {
  db: Db;
  clock: Clock;
  mediaUrl: (key: string) => string;
  /** Activities' pages as all see them, kept until a change of the activity (details.ts; ACTIVITY_PAGE on the bus); absent, none is kept (the lists' callers). */
  pages?: KeptUntilChanged<KeptPage>;
};

/** The word on the bus that an activity's page changed (its participants, its state): kept-until-changed's scope. */
export const ACTIVITY_PAGE = 'activity_page';

/**
 * Says, inside the transaction that changes it, that the activity's page changed: every process forgets its kept page
 * once the transaction commits (the bus); the routes forget it in this process at once after (routes.ts `changing`).
 */
export function pageChanged(activityId: string): SQL {
  return changedStatement(ACTIVITY_PAGE, activityId);
}

export type Reader = Db | Tx;
export type ActivityRow = typeof activities.$inferSelect;

export const iso = (d: Date) => d.toISOString();

export const noSuchActivity = () => AppError.notFound('That activity');

/** Where an activity stands at `now`: deactivated first, then by its times. */
export function stateOf(a: Pick<ActivityRow, 'deactivatedAt' | 'startsAt' | 'endsAt'>, now: Date): ActivityState {
  if (a.deactivatedAt) return 'deactivated';
  if (a.endsAt <= now) return 'ended';
  if (a.startsAt <= now) return 'ongoing';
  return 'upcoming';
}

export const spotsLeft = (a: Pick<ActivityRow, 'capacity' | 'participantCount'>) => (a.capacity === null ? null : Math.max(0, a.capacity - a.participantCount));

/** A person's place as the caller's own state: one who left is as one who never joined. */
export const myStateOf = (status: ParticipantStatus | null | undefined): ParticipationState => (!status || status === 'left' ? 'none' : status);

// People as others see them come from the users module (one projection for activities and chat).
export { avatar, personColumns, toPerson, type PersonBits };

/** How many wait on an activity's list: a subquery, so a page needs no second query. */
export const waitlistCountOf = () =>
  sql<number>`(SELECT count(*) FROM ${activityParticipants} wl WHERE wl.activity_id = ${activities.id} AND wl.status = 'waitlisted')::int`;

/** The first picture of an activity as a JSON object: a subquery for lists. */
const cover = alias(media, 'activity_cover');
export function firstImageOf(db: Reader) {
  const first = db
    .select({ image: sql`json_build_object('key', ${cover.storageKey}, 'width', ${cover.width}, 'height', ${cover.height}, 'variants', ${cover.variants})` })
    .from(activityImages)
    .innerJoin(cover, eq(cover.id, activityImages.mediaId))
    .where(eq(activityImages.activityId, activities.id))
    .orderBy(asc(activityImages.position))
    .limit(literalLimit(1));
  return sql<StoredImage | null>`(${first})`;
}

/** Activities with their host, the host's picture, their cover and waitlist length. */
export function selectActivities(db: Reader) {
  return db
    .select({ activity: activities, host: personColumns, image: firstImageOf(db), waitlistCount: waitlistCountOf() })
    .from(activities)
    .innerJoin(users, eq(users.id, activities.hostId))
    .leftJoin(avatar, eq(avatar.id, users.profileImageId));
}

export type SelectedActivity = { activity: ActivityRow; host: PersonBits; image: StoredImage | null; waitlistCount: number };

/** The caller's participations among these activities, by activity id. */
export async function statusesOf(db: Reader, userId: string | null, activityIds: string[]): Promise<Map<string, ParticipantStatus>> {
  if (!userId || activityIds.length === 0) return new Map();
  const rows = await db
    .select({ activityId: activityParticipants.activityId, status: activityParticipants.status })
    .from(activityParticipants)
    .where(and(eq(activityParticipants.userId, userId), inArray(activityParticipants.activityId, activityIds)));
  return new Map(rows.map((r) => [r.activityId, r.status]));
}

/** The fields of a card and a page that every activity answer shares. */
export function commonFields(r: SelectedActivity, callerId: string | null, status: ParticipantStatus | undefined, deps: Pick<ActivitiesDeps, 'mediaUrl'>, now: Date) {
  const a = r.activity;
  return {
    id: a.id,
    title: a.title,
    category: a.category,
    image: r.image ? toResponsiveImage(r.image, deps.mediaUrl) : null,
    host: toPerson(r.host, deps.mediaUrl),
    starts_at: iso(new Date(a.startsAt)),
    ends_at: iso(new Date(a.endsAt)),
    city: a.city,
    formatted_address: a.addressText,
    latitude: a.latitude,
    longitude: a.longitude,
    capacity: a.capacity,
    join_mode: a.joinMode as JoinMode,
    visibility: a.visibility as ActivityVisibility,
    state: stateOf({ deactivatedAt: a.deactivatedAt, startsAt: new Date(a.startsAt), endsAt: new Date(a.endsAt) }, now),
    participant_count: a.participantCount,
    spots_left: spotsLeft(a),
    waitlist_count: r.waitlistCount,
    my_state: callerId !== null && a.hostId === callerId ? ('host' as const) : myStateOf(status),
  };
}

export function toCard(r: SelectedActivity, callerId: string | null, status: ParticipantStatus | undefined, distanceKm: number | null, deps: Pick<ActivitiesDeps, 'mediaUrl'>, now: Date): ActivityCard {
  return { ...commonFields(r, callerId, status, deps, now), distance_km: distanceKm };
}
