import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Work due at a time, kept in the database so it survives a restart and runs once however many server processes poll
 * (lib/jobs.ts claims due rows with FOR UPDATE SKIP LOCKED). `key` names a job once (a booking's 24-hour reminder), so
 * making it twice is a no-op and dropping it is a delete by key. A done job is deleted; a failed one waits and retries.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    attempts: smallint('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('jobs_key_idx').on(t.key),
    index('jobs_due_idx').on(t.runAt),
    check('jobs_attempts', sql`${t.attempts} BETWEEN 0 AND 100`),
  ],
);
