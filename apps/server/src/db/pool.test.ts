import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freshDatabase, freshDatabaseUrl, onPostgres } from '../../test/helper.ts';
import { embeddedUpkeep, openPostgres, randomPageCost, upkeepWarnings, type Database } from './client.ts';

let database: Database | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await database?.close();
  database = undefined;
});

/** The backends that answer `size` statements run at once (each holds its connection for 50 ms, so all are busy). */
async function backendsAtOnce(db: Database, size: number): Promise<Set<number | undefined>> {
  const answers = await Promise.all(
    Array.from({ length: size }, () =>
      db.db.execute(sql`SELECT pg_backend_pid() AS pid, pg_sleep(0.05)`).then((r) => (r as unknown as { rows: { pid: number }[] }).rows),
    ),
  );
  return new Set(answers.map((rows) => rows[0]?.pid));
}

describe.skipIf(!onPostgres)('the PostgreSQL connection pool', () => {
  it('keeps its connections once open: the same backends answer after a minute idle (none closed and reopened in the next burst)', async () => {
    database = openPostgres((await freshDatabaseUrl()) ?? '', 3);
    // pg-pool closes a connection idle for idleTimeoutMillis (10 s by default) with a timer set as it is released; the
    // timers are the test's from before the first burst, and a minute passes after it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const first = await backendsAtOnce(database, 3);
    expect(first.size).toBe(3);
    expect(first.has(undefined)).toBe(false);
    vi.advanceTimersByTime(60_000);
    vi.useRealTimers();
    expect(await backendsAtOnce(database, 3)).toEqual(first);
  });
});

describe('every session of the database', () => {
  it('plans as for storage without seeks (random_page_cost 1.1), on PostgreSQL and PGlite', async () => {
    // The setting only; what it does to the lists' counts at scale once a table's visibility map has aged is measured
    // (docs/decisions/0011), not pinned here: a test's few thousand rows do not reach the plan that flips.
    database = await freshDatabase();
    const shown = await database.db.execute(sql`SHOW random_page_cost`).then((r) => (r as unknown as { rows: { random_page_cost: string }[] }).rows);
    expect(shown[0]?.random_page_cost).toBe(randomPageCost.value);
    expect(Number(randomPageCost.value)).toBeLessThan(2);
  });
});

describe('the database\'s upkeep', () => {
  it('warns at start-up when PostgreSQL runs without autovacuum (as it says of itself), and never of the embedded database', async () => {
    database = await freshDatabase();
    const warnings = await upkeepWarnings(database);
    if (database.kind === 'pglite') {
      expect(warnings).toEqual([]);
      return;
    }
    const shown = await database.db.execute(sql`SHOW autovacuum`).then((r) => (r as unknown as { rows: { autovacuum: string }[] }).rows);
    if (shown[0]?.autovacuum === 'on') expect(warnings).toEqual([]);
    else expect(warnings).toEqual([expect.stringMatching(/^PostgreSQL runs with autovacuum( and track_counts)? off: .*VACUUM \(ANALYZE\)/)]);
  });
});

describe('the embedded database\'s upkeep', () => {
  it('vacuums and analyzes the tables past autovacuum\'s thresholds on PGlite (which has no autovacuum), and leaves PostgreSQL to its own', async () => {
    const db = await freshDatabase();
    database = db;
    const execute = async <T>(query: ReturnType<typeof sql>) => ((await db.db.execute(query)) as unknown as { rows: T[] }).rows;
    await execute(sql`CREATE TABLE upkeep_probe (id int PRIMARY KEY, n int NOT NULL)`);
    await execute(sql`INSERT INTO upkeep_probe SELECT g, 0 FROM generate_series(1, 2000) g`);
    for (let i = 0; i < 3; i++) await execute(sql`UPDATE upkeep_probe SET n = n + 1`);
    // A session reports its counts at most once a second, when it goes idle: the next report now, not later.
    await execute(sql`SELECT pg_stat_force_next_flush()`);
    await execute(sql`SELECT 1`);
    if (db.kind === 'postgres') {
      expect(await embeddedUpkeep(db)).toEqual([]);
      return;
    }
    const [before] = await execute<{ dead: number }>(sql`SELECT n_dead_tup::int AS dead FROM pg_stat_user_tables WHERE relname = 'upkeep_probe'`);
    expect(before?.dead).toBeGreaterThan(2000);
    expect(await embeddedUpkeep(db)).toContain('upkeep_probe');
    const [after] = await execute<{ dead: number; pages: number; visible: number }>(
      sql`SELECT s.n_dead_tup::int AS dead, c.relpages AS pages, c.relallvisible AS visible FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid WHERE s.relname = 'upkeep_probe'`,
    );
    expect(after?.dead).toBe(0);
    expect(after?.visible).toBe(after?.pages);
    // Nothing past the thresholds now: the next look vacuums nothing.
    expect(await embeddedUpkeep(db)).not.toContain('upkeep_probe');
  });
});
