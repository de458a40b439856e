import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, onPostgres } from '../../test/helper.ts';
import { turnRefusal } from '../lib/db-errors.ts';
import { finishWith, type Database } from './client.ts';
import { users } from './schema.ts';

/** A transaction's last statement sent with its COMMIT (finishWith), on PGlite and on PostgreSQL. */
let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

const emailsIn = async (emails: string[]) => (await database.db.select({ email: users.email }).from(users).where(inArray(users.email, emails))).map((u) => u.email ?? '').sort();

describe('finishing a transaction with its last statement', () => {
  it('commits what the transaction wrote before it, and what it writes itself', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(users).values({ email: 'first@finish.test' });
      await finishWith(tx, sql`INSERT INTO ${users} (email) VALUES (${'last@finish.test'})`);
    });
    expect(await emailsIn(['first@finish.test', 'last@finish.test'])).toEqual(['first@finish.test', 'last@finish.test']);
  });

  it('rolls everything back when the statement refuses, with the reason it gave, and the next transaction starts clean', async () => {
    const refused = await database.db
      .transaction(async (tx) => {
        await tx.insert(users).values({ email: 'before-refusal@finish.test' });
        await finishWith(
          tx,
          sql`WITH taken AS (UPDATE ${users} SET first_name = 'Taken' WHERE email = ${'nobody@finish.test'} RETURNING 1)
              SELECT turn_refused('nobody to take') WHERE NOT EXISTS (SELECT FROM taken)`,
        );
      })
      .catch((error: unknown) => error);
    expect(turnRefusal(refused)).toBe('nobody to take');
    expect(await emailsIn(['before-refusal@finish.test'])).toEqual([]);
    // Any other failure is not a refusal.
    expect(turnRefusal(new Error('boom'))).toBeNull();

    await database.db.transaction(async (tx) => {
      await tx.insert(users).values({ email: 'after-refusal@finish.test' });
      await finishWith(tx, sql`UPDATE ${users} SET first_name = 'After' WHERE email = ${'after-refusal@finish.test'}`);
    });
    const [after] = await database.db.select({ firstName: users.firstName }).from(users).where(eq(users.email, 'after-refusal@finish.test'));
    expect(after?.firstName).toBe('After');
  });

  it('writes the values it is given as values, quotes, backslashes and SQL in them included', async () => {
    const values = [`o'brien@finish.test`, `back\\slash'); DROP TABLE users; --@finish.test`, `$1 and $$ quoted $$@finish.test`];
    await database.db.transaction(async (tx) => {
      await finishWith(tx, sql`INSERT INTO ${users} (email) VALUES (${values[0]}), (${values[1]}), (${values[2]})`);
    });
    expect(await emailsIn(values)).toEqual([...values].sort());
  });

  // On PostgreSQL the COMMIT goes with the statement: another connection sees the writes before the callback has even
  // returned. (PGlite has one connection and commits when the callback returns.)
  it.runIf(onPostgres)('on PostgreSQL commits with the statement, before the callback returns, and refuses to end a savepoint', async () => {
    let seenMeanwhile: string[] = [];
    await database.db.transaction(async (tx) => {
      await tx.insert(users).values({ email: 'early@finish.test' });
      await finishWith(tx, sql`UPDATE ${users} SET first_name = 'Early' WHERE email = ${'early@finish.test'}`);
      seenMeanwhile = await emailsIn(['early@finish.test']);
    });
    expect(seenMeanwhile).toEqual(['early@finish.test']);

    const nested = await database.db
      .transaction(async (tx) => {
        await tx.transaction(async (savepoint) => {
          await finishWith(savepoint, sql`SELECT 1`);
        });
      })
      .catch((error: unknown) => error);
    expect(String(nested)).toContain('finishWith ends a transaction, not a savepoint');
  });
});
