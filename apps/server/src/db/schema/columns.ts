import { sql, type SQL } from 'drizzle-orm';
import { customType, doublePrecision, index, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

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

/**
 * A point on the earth: latitude and longitude, and the cube point generated from them that distances and the
 * nearest-first pages use (lib/geo-sql.ts). Fresh builders per table.
 */
export function geoPoint() {
  return {
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    earth: cube('earth')
      .notNull()
      .generatedAlwaysAs(sql`ll_to_earth(latitude, longitude)::cube`),
  };
}

/** The partial GiST index over the points of a table's listed rows: the one its nearest-first list walks. */
export function listedEarthIndex(name: string, t: { earth: AnyPgColumn; listed: AnyPgColumn }) {
  return index(name).using('gist', t.earth).where(sql`${t.listed}`);
}

/**
 * A trigram index over a name, for the lists' searches (lib/text-search.ts): `name ILIKE '%…%'` and `search <% name`
 * find their candidates in it instead of reading every row within the radius. Partial when the list reads only some
 * rows (`where`).
 */
export function nameTrigramIndex(name: string, column: AnyPgColumn, where?: SQL) {
  const built = index(name).using('gin', sql`${column} gin_trgm_ops`);
  return where ? built.where(where) : built;
}

