import { customType, timestamp } from 'drizzle-orm/pg-core';

/**
 * A point on the earth as earthdistance stores it (extension cube): a 3-D cube point in metres from the earth's centre.
 * Stored, never written by the app: a generated column computes it from latitude and longitude.
 */
export const cube = customType<{ data: string }>({ dataType: () => 'cube' });

/** Case-insensitive text (extension citext): e-mail uniqueness ignores case. */
export const citext = customType<{ data: string }>({ dataType: () => 'citext' });

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};
