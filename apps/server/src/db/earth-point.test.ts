import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helper.ts';
import type { Database } from './client.ts';

/** earth_point (migration 0025) is ll_to_earth with every name qualified: the same points, found under any search path. */
let database: Database;
const rowsOf = async <T,>(db: Pick<Database['db'], 'execute'>, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('earth_point', () => {
  it('makes exactly the point ll_to_earth makes, at the poles, the date line and in between', async () => {
    const places = [[40.7484, -73.9857], [-33.8688, 151.2093], [90, 0], [-90, 180], [0, -180], [51.5074, -0.1278], [0, 0]];
    for (const [lat, lng] of places) {
      const rows = await rowsOf<{ same: boolean }>(database.db, sql`SELECT earth_point(${lat}::float8, ${lng}::float8) = ll_to_earth(${lat}::float8, ${lng}::float8)::cube AS same`);
      expect(rows[0], `${lat}, ${lng}`).toMatchObject({ same: true });
    }
  });

  it('works with an empty search path, as pg_restore runs, where ll_to_earth 1.1 (PostgreSQL 15, 16) fails', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('search_path', '', true)`);
      const rows = await rowsOf<{ point: string }>(tx, sql`SELECT public.earth_point(40.7484, -73.9857)::text AS point`);
      expect(rows[0]?.point).toMatch(/^\(-?\d/);
    });
    const rows = await rowsOf<{ version: string }>(database.db, sql`SELECT extversion AS version FROM pg_extension WHERE extname = 'earthdistance'`);
    // earthdistance 1.2 (PostgreSQL 17, PGlite) qualifies its own names; 1.1 does not, which is why earth_point exists.
    if (rows[0]?.version !== '1.1') return;
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT set_config('search_path', '', true)`);
        await tx.execute(sql`SELECT public.ll_to_earth(40.7484, -73.9857)`);
      }),
    ).rejects.toThrow(/earth/);
  });
});
