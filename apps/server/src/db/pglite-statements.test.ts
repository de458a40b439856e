import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepared } from '../lib/prepared.ts';
import { freshDatabase } from '../../test/helper.ts';
import type { Database } from './client.ts';
import { users } from './schema.ts';

/** Named prepared statements (lib/prepared.ts): on PGlite through db/pglite-statements.ts, on PostgreSQL by node-postgres. */
let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

const byEmail = prepared('test_user_by_email', (db) =>
  db
    .select({ id: users.id, email: users.email, createdAt: users.createdAt, isActive: users.isActive })
    .from(users)
    .where(eq(users.email, sql.placeholder('email'))),
);
const countLike = prepared('test_users_like', (db) => db.select({ n: sql<number>`count(*)::int` }).from(users).where(sql`${users.email} LIKE ${sql.placeholder('pattern')}`));

describe('a prepared statement', () => {
  it('answers what the same query answers unprepared, types included, call after call', async () => {
    await database.db.insert(users).values([{ email: 'first@prepared.test' }, { email: 'second@prepared.test' }]);
    const plain = await database.db
      .select({ id: users.id, email: users.email, createdAt: users.createdAt, isActive: users.isActive })
      .from(users)
      .where(eq(users.email, 'second@prepared.test'));
    for (let i = 0; i < 8; i += 1) {
      // Past the fifth call PostgreSQL may switch to its generic plan: the answer stays the same.
      expect(await byEmail(database.db).execute({ email: 'second@prepared.test' })).toEqual(plain);
    }
    expect(plain[0]?.createdAt).toBeInstanceOf(Date);
    expect(await byEmail(database.db).execute({ email: 'nobody@prepared.test' })).toEqual([]);
    expect(await countLike(database.db).execute({ pattern: '%@prepared.test' })).toEqual([{ n: 2 }]);
  });

  it('reports a bad value as the database does and keeps working after it', async () => {
    const byId = prepared('test_user_by_id', (db) => db.select({ id: users.id }).from(users).where(eq(users.id, sql.placeholder('id'))));
    await expect(byId(database.db).execute({ id: 'not-a-uuid' })).rejects.toThrow(/uuid/i);
    expect(await byEmail(database.db).execute({ email: 'first@prepared.test' })).toHaveLength(1);
    expect(await byId(database.db).execute({ id: '00000000-0000-4000-8000-000000000000' })).toEqual([]);
  });

  it("never runs inside another caller's open transaction: it waits, and sees only what was committed", async () => {
    let started!: () => void;
    const inside = new Promise<void>((resolve) => (started = resolve));
    let read: Promise<unknown> | undefined;
    const rolledBack = database.db
      .transaction(async (tx) => {
        await tx.insert(users).values({ email: 'uncommitted@prepared.test' });
        started();
        // Give the read every chance to slip in before the rollback.
        read = countLike(database.db).execute({ pattern: 'uncommitted@%' });
        for (let i = 0; i < 20; i += 1) await new Promise((r) => setImmediate(r));
        throw new Error('roll back');
      })
      .catch((err: unknown) => err);
    await inside;
    expect(await rolledBack).toBeInstanceOf(Error);
    expect(await read).toEqual([{ n: 0 }]);
  });
});
