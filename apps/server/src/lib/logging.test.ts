import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import type { Database } from '../db/client.ts';
import { createAccount, freshDatabase } from '../../test/helper.ts';
import { redactUrl, serializeError } from './logging.ts';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('redactUrl', () => {
  it('hides tickets, tokens and calendar links, and nothing else', () => {
    expect(redactUrl('/api/ws?ticket=abc&x=1')).toBe('/api/ws?ticket=[redacted]&x=1');
    expect(redactUrl('/api/undo?token=abc')).toBe('/api/undo?token=[redacted]');
    expect(redactUrl('/api/calendar/Zm9vYmFyLmJhei5xdXV4.ics')).toBe('/api/calendar/[redacted].ics');
    expect(redactUrl('/api/calendar/Zm9v.ics?x=1')).toBe('/api/calendar/[redacted].ics?x=1');
    const document = 'documents/0b9f6a52-8f5b-4b8f-9d3f-2d3f1c2b1a00/1c9f6a52-8f5b-4b8f-9d3f-2d3f1c2b1a00.pdf';
    expect(redactUrl(`/media/${document}`)).toBe('/media/documents/[redacted]');
    expect(redactUrl('/api/deals/details/0b9f6a52-8f5b-4b8f-9d3f-2d3f1c2b1a00/?q=calendar')).toBe('/api/deals/details/0b9f6a52-8f5b-4b8f-9d3f-2d3f1c2b1a00/?q=calendar');
  });
});

describe('serializeError', () => {
  it("keeps a failed query's statement and leaves out its parameters, in the message, the stack and the fields", async () => {
    const secret = 'DE89370400440532013000-and-a-password';
    const error = await database.db.execute(sql`SELECT ${secret}::int AS n`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(String((error as Error).message)).toContain(secret);
    const logged = serializeError(error);
    const text = JSON.stringify(logged);
    expect(text).not.toContain(secret);
    expect(logged.message).toMatch(/^Failed query: SELECT \$1::int AS n \(1 parameters, not logged\)$/);
    expect(logged.stack).toMatch(/^\w+: Failed query: SELECT \$1::int AS n .*\n\s+at /);
    // The cause (PostgreSQL's own error) is there, with its code; what its message quoted (the secret) is not.
    expect(logged.cause).toMatchObject({ code: '22P02', message: expect.stringMatching(/^invalid input syntax for type integer/) });
  });

  it("leaves out what PostgreSQL quotes in a detail (a duplicate key's value), keeping the constraint's name", async () => {
    const account = await createAccount(database);
    const error = await database.db
      .insert(users)
      .values({ email: account.email, phoneNumber: '+15550009999', username: `dup_${Date.now()}`, passwordHash: 'x' })
      .then(
        () => null,
        (e: unknown) => e,
      );
    const logged = JSON.stringify(serializeError(error));
    expect(logged).toContain('users_email');
    expect(logged).not.toContain(account.email);
    expect(logged).toContain('(…)=(…) already exists');
  });

  it('serializes what is not an Error without throwing', () => {
    expect(serializeError('plain')).toMatchObject({ type: 'string', message: 'plain' });
  });
});
