import { asc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client.ts';
import { jobs } from '../db/schema.ts';
import type { Clock } from './clock.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's job runner: tests run due jobs with `app.jobs.runDue()` at their clock's time. */
    jobs: JobRunner;
  }
}

/** A job as it is made: `key` names it once (making it again replaces its time and payload), `runAt` is when it is due. */
export type NewJob = { kind: string; key: string; runAt: Date; payload: Record<string, unknown> };

export type DueJob = { id: string; kind: string; key: string; payload: Record<string, unknown>; attempts: number };

/**
 * What a kind of job does, inside the transaction that claimed it: its writes (a notification, the dev outbox's copy of
 * an e-mail) commit with the job's deletion, or roll back with it. A handler that throws leaves the job to retry later.
 */
export type JobHandler = (tx: Tx, job: DueJob, now: Date) => Promise<void>;

/** Makes a job, or moves the one of the same key to the new time and payload, in the caller's transaction. */
export async function scheduleJob(tx: Db | Tx, job: NewJob): Promise<void> {
  await scheduleJobQuery(tx, job);
}

const scheduleJobQuery = (db: Db | Tx, job: NewJob) =>
  db
    .insert(jobs)
    .values({ kind: job.kind, key: job.key, runAt: job.runAt, payload: job.payload })
    .onConflictDoUpdate({ target: jobs.key, set: { kind: job.kind, runAt: job.runAt, payload: job.payload, attempts: 0, lastError: null } });

/** Drops jobs by key, in the caller's transaction (a cancelled booking's reminders). Unknown keys are no-ops. */
export async function dropJobs(tx: Db | Tx, keys: readonly string[]): Promise<void> {
  if (keys.length > 0) await dropJobsQuery(tx, keys);
}

const dropJobsQuery = (db: Db | Tx, keys: readonly string[]) => db.delete(jobs).where(inArray(jobs.key, [...keys]));

/** How long before a start a reminder is due, named in its key (`…:reminder:24h`). */
export type Lead = { readonly name: string; readonly ms: number };

/** Reminders a day and an hour before a start: bookings' and activities'. */
export const dayAndHourBefore: readonly Lead[] = [
  { name: '24h', ms: 24 * 3_600_000 },
  { name: '1h', ms: 3_600_000 },
];

/**
 * Makes (or moves) one job per lead before `startsAt`, in the caller's transaction. A lead whose time has already passed
 * at `now` is not made (a thing 3 hours ahead gets the 1-hour one only), and an earlier job of that lead is dropped.
 */
export async function scheduleBefore(tx: Db | Tx, job: LeadJobs): Promise<void> {
  for (const statement of scheduleBeforeStatements(tx, job)) await tx.execute(statement);
}

type LeadJobs = { kind: string; startsAt: Date; now: Date; leads: readonly Lead[]; keyOf: (lead: string) => string; payload: (lead: string) => Record<string, unknown> };

/** scheduleBefore's statements, for a transaction that sends them with others (db/batched.ts). */
export function scheduleBeforeStatements(db: Db | Tx, job: LeadJobs): SQL[] {
  const statements: SQL[] = [];
  const past: string[] = [];
  for (const lead of job.leads) {
    const runAt = new Date(job.startsAt.getTime() - lead.ms);
    if (runAt > job.now) statements.push(scheduleJobQuery(db, { kind: job.kind, key: job.keyOf(lead.name), runAt, payload: job.payload(lead.name) }).getSQL());
    else past.push(job.keyOf(lead.name));
  }
  if (past.length > 0) statements.push(dropJobsQuery(db, past).getSQL());
  return statements;
}

/** A job given up on after this many failures (logged); the wait between tries doubles from 30 s up to an hour. */
export const maxAttempts = 8;
const retryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 3_600_000);

export type JobRunner = {
  /** Registers what a kind of job does; each module registers its own when its routes are set up. */
  handle(kind: string, handler: JobHandler): void;
  /**
   * Runs the jobs due now, one transaction each, until none is left or `limit` have run; returns how many ran (done or
   * failed). Several processes may call it at once: each due row is claimed by one (FOR UPDATE SKIP LOCKED).
   */
  runDue(limit?: number): Promise<number>;
  /** Polls every `pollMs` (0: never; tests call runDue themselves). */
  start(pollMs: number): void;
  /** Stops polling and waits for the run in progress. */
  stop(): Promise<void>;
};

export function createJobRunner(db: Db, clock: Clock, log: Pick<FastifyBaseLogger, 'error' | 'warn'>): JobRunner {
  const handlers = new Map<string, JobHandler>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = false;

  /** Claims one due job and runs it; false when none is due (or every due one is another process's right now). */
  async function runOne(): Promise<boolean> {
    const now = clock();
    return db.transaction(async (tx) => {
      const [job] = await tx
        .select({ id: jobs.id, kind: jobs.kind, key: jobs.key, payload: jobs.payload, attempts: jobs.attempts })
        .from(jobs)
        .where(lte(jobs.runAt, now))
        .orderBy(asc(jobs.runAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!job) return false;
      const handler = handlers.get(job.kind);
      try {
        if (!handler) throw new Error(`no handler for jobs of kind "${job.kind}"`);
        // A savepoint: the handler's writes go if it fails, the claim and the retry's bookkeeping stay.
        await tx.transaction((inner) => handler(inner, job, now));
        await tx.delete(jobs).where(eq(jobs.id, job.id));
      } catch (error) {
        const attempts = job.attempts + 1;
        const message = error instanceof Error ? error.message : String(error);
        if (attempts >= maxAttempts) {
          log.error({ err: error, job: { id: job.id, kind: job.kind, key: job.key } }, 'job failed for the last time; dropped');
          await tx.delete(jobs).where(eq(jobs.id, job.id));
        } else {
          log.warn({ err: error, job: { id: job.id, kind: job.kind, key: job.key }, attempts }, 'job failed; it will be tried again');
          await tx
            .update(jobs)
            .set({ attempts, lastError: message.slice(0, 1000), runAt: new Date(now.getTime() + retryDelayMs(attempts)) })
            .where(eq(jobs.id, job.id));
        }
      }
      return true;
    });
  }

  /** Runs due jobs one after another while `more()` holds. */
  async function drain(limit: number, more: () => boolean): Promise<number> {
    let ran = 0;
    while (ran < limit && more() && (await runOne())) ran += 1;
    return ran;
  }

  function tick(pollMs: number) {
    timer = setTimeout(() => {
      // A shutdown stops the poll between jobs, not inside one.
      running = drain(100, () => !stopped)
        .catch((error: unknown) => {
          log.error({ err: error }, 'the job poll failed; it is tried again at the next poll');
          return 0;
        })
        .finally(() => {
          running = null;
          if (!stopped) tick(pollMs);
        });
    }, pollMs);
    timer.unref();
  }

  return {
    handle(kind, handler) {
      handlers.set(kind, handler);
    },
    runDue: (limit = 100) => drain(limit, () => true),
    start(pollMs) {
      if (pollMs > 0 && !timer) tick(pollMs);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

/** How many jobs are waiting (the health of the queue, for tests and the operator). */
export async function pendingJobs(db: Db, kind?: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(kind ? eq(jobs.kind, kind) : undefined);
  return row?.n ?? 0;
}
