import { inArray, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, onPostgres } from '../../test/helper.ts';
import { turnRefusal } from '../lib/db-errors.ts';
import { batched, inlined } from './batched.ts';
import type { Database } from './client.ts';
import { users } from './schema.ts';

/** A transaction sent in few messages (batched), on PGlite and on PostgreSQL. */
let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

const emailsIn = async (emails: string[]) => (await database.db.select({ email: users.email }).from(users).where(inArray(users.email, emails))).map((u) => u.email ?? '').sort();
const insertUser = (email: string) => database.db.insert(users).values({ email }).getSQL();

describe('a transaction sent in few messages', () => {
  it("answers each statement's rows, and commits what every message wrote with the last", async () => {
    const answers = await batched(database.db, async (batch) => {
      const [[opened] = []] = await batch.send(sql`SELECT ${'one'} AS word, ${2} AS n, ${true} AS yes, ${null}::text AS none`);
      const written = await batch.commitWith(insertUser('first@batched.test'), sql`INSERT INTO ${users} (email) VALUES (${'second@batched.test'}) RETURNING email`);
      return { opened, written };
    });
    expect(answers.opened).toEqual({ word: 'one', n: 2, yes: true, none: null });
    expect(answers.written).toEqual([[], [{ email: 'second@batched.test' }]]);
    expect(await emailsIn(['first@batched.test', 'second@batched.test'])).toEqual(['first@batched.test', 'second@batched.test']);
  });

  it('rolls back every message when a statement refuses, with its reason, and the next transaction starts clean', async () => {
    const refused = await batched(database.db, async (batch) => {
      await batch.send(insertUser('sent-before@batched.test'));
      await batch.commitWith(
        insertUser('with-refusal@batched.test'),
        sql`WITH taken AS (UPDATE ${users} SET first_name = 'Taken' WHERE email = ${'nobody@batched.test'} RETURNING 1)
            SELECT turn_refused('nobody to take') WHERE NOT EXISTS (SELECT FROM taken)`,
        insertUser('after-refusal@batched.test'),
      );
    }).catch((error: unknown) => error);
    expect(turnRefusal(refused)).toBe('nobody to take');
    expect(await emailsIn(['sent-before@batched.test', 'with-refusal@batched.test', 'after-refusal@batched.test'])).toEqual([]);
    await batched(database.db, (batch) => batch.commitWith(insertUser('next@batched.test')));
    expect(await emailsIn(['next@batched.test'])).toEqual(['next@batched.test']);
  });

  it('rolls back what was sent when the work throws between messages, or ends without committing', async () => {
    const thrown = await batched(database.db, async (batch) => {
      await batch.send(insertUser('thrown@batched.test'));
      throw new Error('changed its mind');
    }).catch((error: unknown) => error);
    expect(String(thrown)).toContain('changed its mind');
    const unfinished = await batched(database.db, async (batch) => {
      await batch.send(insertUser('unfinished@batched.test'));
    }).catch((error: unknown) => error);
    expect(String(unfinished)).toContain('ended without commitWith');
    expect(await emailsIn(['thrown@batched.test', 'unfinished@batched.test'])).toEqual([]);
    const twice = await batched(database.db, async (batch) => {
      await batch.commitWith(insertUser('once@batched.test'));
      await batch.commitWith(insertUser('twice@batched.test'));
    }).catch((error: unknown) => error);
    expect(String(twice)).toContain('committed already');
    expect(await emailsIn(['twice@batched.test'])).toEqual([]);
  });

  it('writes the values it is given as values, quotes, backslashes and SQL in them included', async () => {
    const values = [`o'brien@batched.test`, `back\\slash'); DROP TABLE users; --@batched.test`, `$1 and $$ quoted $$; COMMIT; @batched.test`];
    await batched(database.db, (batch) => batch.commitWith(...values.map(insertUser)));
    expect(await emailsIn(values)).toEqual([...values].sort());
  });

  it('refuses a value it cannot write as text (a Date given to raw SQL, NaN, Infinity) before anything is sent', () => {
    expect(() => inlined(sql`SELECT ${new Date()}`)).toThrow(/type object .*toISOString/);
    expect(() => inlined(sql`SELECT ${Number.NaN}`)).toThrow(/type number/);
    expect(() => inlined(sql`SELECT ${Number.POSITIVE_INFINITY}`)).toThrow(/type number/);
    // A list is a list of values, each written as one.
    expect(inlined(sql`SELECT 1 WHERE 'b' IN ${['a', "b'c"]}`)).toBe(`SELECT 1 WHERE 'b' IN ('a', 'b''c')`);
    // A column's own value is turned into text first: a date given to an insert is written as its ISO text.
    expect(inlined(database.db.insert(users).values({ email: 'x@batched.test', createdAt: new Date('2026-11-29T12:00:00.000Z') }).getSQL())).toContain(`'2026-11-29T12:00:00.000Z'`);
  });

  it("writes the values in as Drizzle's own inlining does, and leaves a `$1` of the statement's own text alone", async () => {
    const dialect = new PgDialect({ casing: 'snake_case' });
    const statements = [
      insertUser(`o'brien $1 $$ @batched.test`),
      sql`SELECT ${'a'} AS a, ${2} AS b, ${-1.5} AS c, ${true} AS d, ${false} AS e, ${null}::text AS f, ${"'; --"} AS g WHERE 'b' IN ${['a', "b'c", '$2']}`,
      database.db.select({ email: users.email }).from(users).where(inArray(users.email, ['x@batched.test', 'y@batched.test'])).getSQL(),
      sql`SELECT 1`,
    ];
    for (const statement of statements) expect(inlined(statement)).toBe(dialect.sqlToQuery(statement.inlineParams()).sql);
    // A `$` and digits written in the statement itself is not a placeholder: the values still go where they belong.
    const own = sql`SELECT '$1 off, $2 more' AS label, ${'x'} AS v, ${7} AS n`;
    expect(inlined(own)).toBe(`SELECT '$1 off, $2 more' AS label, 'x' AS v, 7 AS n`);
    const [[row] = []] = await batched(database.db, (batch) => batch.commitWith(own));
    expect(row).toEqual({ label: '$1 off, $2 more', v: 'x', n: 7 });
  });

  // On PostgreSQL a connection keeps each statement it has run prepared, and runs it as EXECUTE from then on.
  it.runIf(onPostgres)('on PostgreSQL keeps a statement it ran prepared on its connection, with the answers, types and values of its text', async () => {
    const typed = sql`SELECT ${'one'} AS kept_word, ${2} AS n, ${3_000_000_000} AS big, ${2.5} AS half, ${true} AS yes, ${null}::text AS none`;
    const kept = sql`SELECT name, statement FROM pg_prepared_statements WHERE name LIKE 'batched_%' ORDER BY name`;
    const runs: { answer: unknown; prepared: { name: string; statement: string }[] }[] = [];
    // One after another, so that the pool hands out the connection it was given back (its most recent).
    for (let i = 0; i < 4; i += 1) {
      runs.push(await batched(database.db, async (batch) => {
        const [[answer] = [], prepared = []] = await batch.commitWith(typed, kept);
        return { answer, prepared: prepared as { name: string; statement: string }[] };
      }));
    }
    for (const run of runs) expect(run.answer).toEqual({ kept_word: 'one', n: 2, big: '3000000000', half: '2.5', yes: true, none: null });
    // Run as text first, prepared once its transaction was over, run as EXECUTE after.
    const preparedTyped = (run: (typeof runs)[number] | undefined) => (run?.prepared ?? []).filter((p) => p.statement.includes('AS kept_word'));
    expect(preparedTyped(runs[0])).toEqual([]);
    expect(preparedTyped(runs.at(-1))).toHaveLength(1);
    expect(preparedTyped(runs.at(-1))[0]?.statement).toMatch(/PREPARE batched_\d+\(unknown, integer, bigint, numeric, boolean, unknown\) AS SELECT \$1 AS kept_word/);
    // Values through EXECUTE are values too: quotes, SQL and `$1` in them.
    const values = [`o'reilly@kept.test`, `x'); DROP TABLE users; --@kept.test`, `$1 and $$ quoted $$ @kept.test`];
    for (const value of values) for (let i = 0; i < 3; i += 1) await batched(database.db, (batch) => batch.commitWith(insertUser(i === 0 ? value : `${i}${value}`)));
    expect(await emailsIn(values.flatMap((v) => [v, `1${v}`, `2${v}`]))).toEqual(values.flatMap((v) => [v, `1${v}`, `2${v}`]).sort());
  });

  it.runIf(onPostgres)('on PostgreSQL sends as text, every time, a statement PostgreSQL will not prepare', async () => {
    // SET takes no parameters: its PREPARE fails (outside the transaction), and the text still runs.
    const setting = sql`SET LOCAL statement_timeout = ${'5s'}`;
    for (let i = 0; i < 4; i += 1) {
      const [, [shown] = [], prepared = []] = await batched(database.db, (batch) =>
        batch.commitWith(setting, sql`SELECT current_setting('statement_timeout') AS timeout`, sql`SELECT statement FROM pg_prepared_statements WHERE statement ~ '^PREPARE \S+ AS SET'`),
      );
      expect(shown).toEqual({ timeout: '5s' });
      expect(prepared).toEqual([]);
    }
  });

  // On PostgreSQL the BEGIN goes with the first message and the COMMIT with the last: nothing is seen by another
  // connection before it, everything right after. (PGlite has one connection.)
  it.runIf(onPostgres)('on PostgreSQL holds the transaction open between messages and gives a connection back clean after a failure', async () => {
    let seenMeanwhile: string[] = ['not read'];
    await batched(database.db, async (batch) => {
      await batch.send(insertUser('open@batched.test'));
      seenMeanwhile = await emailsIn(['open@batched.test']);
      await batch.commitWith();
    });
    expect(seenMeanwhile).toEqual([]);
    expect(await emailsIn(['open@batched.test'])).toEqual(['open@batched.test']);
    // Every connection of the pool fails once, then each is used again: none is left inside an aborted transaction.
    await Promise.all(Array.from({ length: 12 }, () => batched(database.db, (batch) => batch.commitWith(sql`SELECT 1/0`)).catch(() => undefined)));
    const states = await Promise.all(Array.from({ length: 12 }, () => batched(database.db, async (batch) => (await batch.commitWith(sql`SELECT 1 AS one`))[0])));
    expect(states).toEqual(Array.from({ length: 12 }, () => [{ one: 1 }]));
  });
});
