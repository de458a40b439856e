import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, foreignKey, index, integer, pgEnum, pgTable, primaryKey, smallint, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { media, users } from './accounts.ts';
import { geoPoint, listedEarthIndex, nameTrigramIndex, timestamps } from './columns.ts';

/**
 * A weekly series: the activities one host made at once, one a week (docs/decisions/0022). Its occurrences are
 * activity rows of their own (own participants, own deactivation), tied to it by `series_id` and their place in it;
 * the composite key (id, host_id) lets an occurrence name only a series of its own host.
 */
export const activitySeries = pgTable(
  'activity_series',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hostId: uuid('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** How many activities were made: the first and its weekly repeats. */
    occurrences: smallint('occurrences').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('activity_series_id_host').on(t.id, t.hostId), check('activity_series_occurrences', sql`${t.occurrences} BETWEEN 2 AND 13`)],
);

/**
 * Activities and their participants (docs/decisions/0020). Invariants the database keeps: one participation per person
 * and activity (unique), the joined count never below zero nor above the capacity (a CHECK on the counter that the
 * same statements as the status changes move), an end after the start, `listed` (public and not deactivated, for the
 * partial GiST index) computed by the database itself.
 */
export const activities = pgTable(
  'activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hostId: uuid('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    category: text('category').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    addressText: text('address_text').notNull(),
    city: text('city').notNull(),
    ...geoPoint(),
    /** Null: no limit. */
    capacity: integer('capacity'),
    /** Joined participants (the host not counted): moved by the statements that change a participation's status. */
    participantCount: integer('participant_count').notNull().default(0),
    joinMode: text('join_mode').notNull().default('open'),
    visibility: text('visibility').notNull().default('public'),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /** The weekly series it belongs to (null: a single activity), and its place in it (0 for the first). */
    seriesId: uuid('series_id'),
    seriesIndex: smallint('series_index'),
    /** Public and not deactivated: what the lists near a point show (ended ones are skipped by time). */
    listed: boolean('listed')
      .notNull()
      .generatedAlwaysAs(sql`deactivated_at IS NULL AND visibility = 'public'`),
    ...timestamps,
  },
  (t) => [
    index('activities_host_idx').on(t.hostId, t.startsAt),
    // With INCLUDE (starts_at, ends_at) in the database (migration 0023; Drizzle does not describe INCLUDE): the lists'
    // count and KNN walk test "running within the days" from the index alone.
    listedEarthIndex('activities_listed_earth_idx', t),
    nameTrigramIndex('activities_listed_title_trgm_idx', t.title, sql`${t.listed}`),
    check('activities_title_length', sql`char_length(${t.title}) BETWEEN 3 AND 120`),
    check('activities_description_length', sql`char_length(${t.description}) BETWEEN 10 AND 4000`),
    check('activities_dates', sql`${t.endsAt} > ${t.startsAt}`),
    check('activities_capacity', sql`${t.capacity} IS NULL OR ${t.capacity} BETWEEN 1 AND 10000`),
    check('activities_participant_count', sql`${t.participantCount} >= 0 AND (${t.capacity} IS NULL OR ${t.participantCount} <= ${t.capacity})`),
    check('activities_join_mode', sql`${t.joinMode} IN ('open', 'approval')`),
    check('activities_visibility', sql`${t.visibility} IN ('public', 'unlisted')`),
    foreignKey({ columns: [t.seriesId, t.hostId], foreignColumns: [activitySeries.id, activitySeries.hostId], name: 'activities_series_fk' }).onDelete('cascade'),
    unique('activities_series_index').on(t.seriesId, t.seriesIndex),
    check('activities_series', sql`(${t.seriesId} IS NULL) = (${t.seriesIndex} IS NULL) AND (${t.seriesIndex} IS NULL OR ${t.seriesIndex} BETWEEN 0 AND 12)`),
  ],
);

/** An activity's pictures in order (the first leads): images its host uploaded. */
export const activityImages = pgTable(
  'activity_images',
  {
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.activityId, t.position] }),
    uniqueIndex('activity_images_activity_media_idx').on(t.activityId, t.mediaId),
    index('activity_images_media_idx').on(t.mediaId),
    check('activity_images_position', sql`${t.position} BETWEEN 0 AND 3`),
  ],
);

export const participantStatus = pgEnum('participant_status', ['requested', 'joined', 'waitlisted', 'rejected', 'removed', 'left']);

/**
 * One person's participation in an activity, whatever became of it: the row stays (rejected and removed people cannot
 * join again; one who left may, and queues anew). `queue_position` orders the waitlist: drawn from a sequence when the
 * person joins, asks or is queued, so the first in line is the one with the smallest.
 */
export const activityParticipants = pgTable(
  'activity_participants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: participantStatus('status').notNull(),
    queuePosition: bigserial('queue_position', { mode: 'number' }).notNull(),
    ...timestamps,
  },
  (t) => [
    unique('activity_participants_activity_user').on(t.activityId, t.userId),
    index('activity_participants_queue_idx').on(t.activityId, t.status, t.queuePosition),
    index('activity_participants_user_idx').on(t.userId, t.status),
  ],
);
