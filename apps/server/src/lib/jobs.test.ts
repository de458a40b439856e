import { asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../db/client.ts';
import { devOutbox, jobs } from '../db/schema.ts';
import { freshDatabase, freshDatabaseUrl, testClock } from '../../test/helper.ts';
import { createJobRunner, dropJobs, maxAttempts, pendingJobs, scheduleJob, type JobHandler } from './jobs.ts';

const quiet = { error: () => {}, warn: () => {} };
const clock = testClock();
let first: Database;
/** A second process's own connections: on PostgreSQL another pool on the same database; on PGlite the same database. */
let second: Database;

beforeAll(async () => {
  const url = await freshDatabaseUrl();
  first = url ? openPostgres(url, 4) : await freshDatabase();
  second = url ? openPostgres(url, 4) : first;
});
afterAll(async () => {
  await first.close();
  if (second !== first) await second.close();
});

let prefix = 0;
/** Jobs of a kind of one test's own, so the tests do not run each other's. */
function kindOf(name: string) {
  prefix += 1;
  return `test_${name}_${prefix}`;
}

const keysOf = async (kind: string) => (await first.db.select({ key: jobs.key }).from(jobs).where(eq(jobs.kind, kind)).orderBy(asc(jobs.key))).map((r) => r.key);

describe('durable jobs (jobs table, FOR UPDATE SKIP LOCKED)', () => {
  it('makes a job once per key: making it again moves it; dropping it by key deletes it', async () => {
    const kind = kindOf('keys');
    const at = new Date(clock().getTime() + 60_000);
    await scheduleJob(first.db, { kind, key: `${kind}:a`, runAt: at, payload: { n: 1 } });
    await scheduleJob(first.db, { kind, key: `${kind}:a`, runAt: new Date(at.getTime() + 1000), payload: { n: 2 } });
    const [row] = await first.db.select().from(jobs).where(eq(jobs.key, `${kind}:a`));
    expect(row).toMatchObject({ payload: { n: 2 }, runAt: new Date(at.getTime() + 1000) });
    expect(await pendingJobs(first.db, kind)).toBe(1);
    await dropJobs(first.db, [`${kind}:a`, `${kind}:never-made`]);
    expect(await pendingJobs(first.db, kind)).toBe(0);
  });

  it('runs only what is due, each job once, even with two processes polling at once', async () => {
    const kind = kindOf('once');
    const now = clock();
    const ran: string[] = [];
    const handler: JobHandler = async (tx, job) => {
      ran.push(job.key);
      // A write of the job's own, committed with its deletion: one outbox row per job that ran.
      await tx.insert(devOutbox).values({ to: job.key, channel: 'email', subject: kind, body: 'ran' });
    };
    const a = createJobRunner(first.db, clock, quiet);
    const b = createJobRunner(second.db, clock, quiet);
    a.handle(kind, handler);
    b.handle(kind, handler);
    for (let i = 0; i < 40; i += 1) await scheduleJob(first.db, { kind, key: `${kind}:${String(i).padStart(2, '0')}`, runAt: new Date(now.getTime() - i * 1000), payload: {} });
    await scheduleJob(first.db, { kind, key: `${kind}:later`, runAt: new Date(now.getTime() + 3_600_000), payload: {} });

    const [byA, byB] = await Promise.all([a.runDue(), b.runDue()]);
    expect(byA + byB).toBe(40);
    expect(new Set(ran).size).toBe(40);
    expect(ran).toHaveLength(40);
    expect(await first.db.select().from(devOutbox).where(eq(devOutbox.subject, kind))).toHaveLength(40);
    expect(await keysOf(kind)).toEqual([`${kind}:later`]);
  });

  it('retries a failed job later with its writes undone, and gives up after the last try', async () => {
    const kind = kindOf('retry');
    let tries = 0;
    const runner = createJobRunner(first.db, clock, quiet);
    runner.handle(kind, async (tx, job) => {
      tries += 1;
      await tx.insert(devOutbox).values({ to: job.key, channel: 'email', subject: kind, body: 'half-done' });
      throw new Error('the mail server is down');
    });
    await scheduleJob(first.db, { kind, key: `${kind}:x`, runAt: clock(), payload: {} });

    expect(await runner.runDue()).toBe(1);
    const [after] = await first.db.select().from(jobs).where(eq(jobs.key, `${kind}:x`));
    expect(after).toMatchObject({ attempts: 1, lastError: 'the mail server is down' });
    expect(after?.runAt.getTime()).toBe(clock().getTime() + 30_000);
    // Not due again before its time; the failed try left nothing behind.
    expect(await runner.runDue()).toBe(0);
    expect(await first.db.select().from(devOutbox).where(like(devOutbox.subject, kind))).toHaveLength(0);

    for (let i = 1; i < maxAttempts; i += 1) {
      clock.advance(3_600_000);
      await runner.runDue();
    }
    expect(tries).toBe(maxAttempts);
    expect(await pendingJobs(first.db, kind)).toBe(0);
  });

  it('leaves a job of a kind nobody handles to retry, instead of losing it', async () => {
    const kind = kindOf('unknown');
    const runner = createJobRunner(first.db, clock, quiet);
    await scheduleJob(first.db, { kind, key: `${kind}:y`, runAt: clock(), payload: {} });
    await runner.runDue();
    const [row] = await first.db.select().from(jobs).where(eq(jobs.key, `${kind}:y`));
    expect(row?.attempts).toBe(1);
    expect(row?.lastError).toContain('no handler');
  });

  it('polls by itself and stops when told', async () => {
    const kind = kindOf('poll');
    const real = createJobRunner(first.db, () => new Date(), quiet);
    const done = new Promise<string>((resolve) => real.handle(kind, async (_tx, job) => resolve(job.key)));
    await scheduleJob(first.db, { kind, key: `${kind}:z`, runAt: new Date(Date.now() - 1000), payload: {} });
    real.start(20);
    expect(await done).toBe(`${kind}:z`);
    await real.stop();
  });
});
