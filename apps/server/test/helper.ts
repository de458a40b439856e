import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject as provided } from 'vitest';
import { endpoints, type LoginResponse } from '@localloop/contract';
import { buildApp, type AppDeps } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { PGlite } from '@electric-sql/pglite';
import { openPglite, openPostgres, pgliteExtensions, type Database } from '../src/db/client.ts';
import { users, vendors } from '../src/db/schema.ts';
import type { Clock } from '../src/lib/clock.ts';
import type { App } from '../src/lib/http.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { withDatabase } from './global-setup.ts';
import { inject } from './inject.ts';

import { capturedLogger } from './log-capture.ts';
export { clientOf, encoded, inject, raw, type Answer, type Client, type InjectQuery, type Unchecked } from './inject.ts';

export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** On PostgreSQL: the URL of a new database copied from the run's migrated template; otherwise null. */
export async function freshDatabaseUrl(): Promise<string | null> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return null;
  const template = provided('pgTemplate');
  const name = `${template}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  return withDatabase(url, name);
}

/** A fresh, migrated database for one test file: a copy of the run's template. */
export async function freshDatabase(): Promise<Database> {
  const url = await freshDatabaseUrl();
  if (url) return openPostgres(url, 5);
  const dump = readFileSync(provided('pgliteDump'));
  return openPglite({ loadDataDir: new Blob([dump]) });
}

/**
 * Makes `DATA_DIR/pglite` a migrated embedded database, a copy of the run's, for a server or CLI process a test starts
 * on `dataDir`: it then starts without migrating (about 6 s of CPU on PGlite) when migrating is not what is tested.
 */
export async function migratedDataDir(dataDir: string): Promise<void> {
  const client = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: pgliteExtensions, loadDataDir: new Blob([readFileSync(provided('pgliteDump'))]) });
  await client.close();
}

export type TestContext = { app: App; database: Database; close(): Promise<void> };

/** A time the test controls: `clock.advance(ms)` moves it. */
export function testClock(start = new Date()) {
  let now = start.getTime();
  const clock: Clock & { advance(ms: number): void } = Object.assign(() => new Date(now), {
    advance(ms: number) {
      now += ms;
    },
  });
  return clock;
}

/** The configuration tests run with: no SMTP, SMS or S3 (messages go to the dev outbox), files in a temp dir. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'localloop-data-')), LOG_LEVEL: 'silent' }),
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
    qrSigningSecret: 'test-qr-secret-that-is-long-enough-for-its-hmac',
    webDist: '/nonexistent-web-dist',
    // Tests log in many times from one address; the limit itself has its own test.
    authRateLimitPerMinute: 10_000,
    // Tests run due jobs themselves (app.jobs.runDue()), at the times their clocks say.
    jobsPollMs: 0,
    // Tests change rows and read again at once; the answer cache has its own tests.
    publicAnswerTtlMs: 0,
    ...overrides,
  };
}

/**
 * Two apps on one database, as two server processes are for what each keeps in memory and hears on the bus (kept
 * answers, sockets): the first owns the database, the second shares it. Close them with `closeBoth`.
 */
export async function twoAppsOnOneDatabase(opts: { clock: Clock; config?: Partial<Config> }): Promise<[TestContext, TestContext]> {
  const first = await createTestApp(opts);
  return [first, await createTestApp({ ...opts, database: first.database })];
}

/** Closes what twoAppsOnOneDatabase made: the second app, then the first with the database. */
export async function closeBoth([first, second]: [TestContext, TestContext]): Promise<void> {
  await second.app.close();
  await first.close();
}

export async function createTestApp(
  opts: {
    clock?: Clock;
    webDist?: string;
    config?: Partial<Config>;
    beforeReady?: (app: App) => void;
    /** Another database than a fresh copy of the run's (the app closes it with itself). */
    database?: Database;
    /** Silent unless a test reads the log, or the suite's logs are kept for the log audit (test/log-capture.ts). */
    logger?: AppDeps['logger'];
    /** Channel kinds of the test's own, with their membership checks. */
    realtimeChannels?: AppDeps['realtimeChannels'];
    /** A payment provider of the test's own (the dummy otherwise). */
    payments?: AppDeps['payments'];
  } = {},
): Promise<TestContext> {
  const database = opts.database ?? (await freshDatabase());
  const app = await buildApp({
    config: testConfig({ ...(opts.webDist ? { webDist: opts.webDist } : {}), ...opts.config }),
    database,
    ...(opts.clock ? { clock: opts.clock } : {}),
    logger: opts.logger ?? capturedLogger(),
    ...(opts.realtimeChannels ? { realtimeChannels: opts.realtimeChannels } : {}),
    ...(opts.payments ? { payments: opts.payments } : {}),
  });
  opts.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

let counter = 0;
/**
 * Where this process's fixture phone numbers start: each account takes the next one, so no two of a test file's
 * accounts share a number (random numbers did: 500 accounts of 10 million numbers collide about once in 80 runs).
 */
const phoneBase = 1_000_000 + Math.floor(Math.random() * 8_000_000);
/**
 * One argon2 hash a password for the whole run: hashing costs tens of milliseconds of CPU by design, and fixtures make
 * thousands of accounts (each login still verifies its hash as in production).
 */
const fixtureHashes = new Map<string, Promise<string>>();
const fixtureHash = (password: string) => {
  let hash = fixtureHashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    fixtureHashes.set(password, hash);
  }
  return hash;
};

/** A unique account for one test, created directly in the database. */
export async function createAccount(
  database: Database,
  opts: { password?: string; vendor?: { isApproved: boolean; kycStatus: 'not_submitted' | 'pending' | 'approved' | 'rejected' }; isActive?: boolean } = {},
) {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}${randomBytes(2).toString('hex')}`;
  const email = `person-${tag}@example.test`;
  const password = opts.password ?? 'correct-horse-battery';
  const [user] = await database.db
    .insert(users)
    .values({
      email,
      phoneNumber: `+1555${String((phoneBase + counter) % 10_000_000).padStart(7, '0')}`,
      username: `person_${tag}`,
      passwordHash: await fixtureHash(password),
      isActive: opts.isActive ?? true,
    })
    .returning();
  if (!user) throw new Error('account not created');
  let vendorId: string | null = null;
  if (opts.vendor) {
    const [vendor] = await database.db
      .insert(vendors)
      .values({ userId: user.id, businessName: `Shop ${tag}`, approvedAt: opts.vendor.isApproved ? new Date() : null, ...opts.vendor })
      .returning({ id: vendors.id });
    vendorId = vendor?.id ?? null;
  }
  return { user, email, password, vendorId };
}

export async function login(app: App, email: string, password: string): Promise<LoginResponse> {
  const session = (await inject(app, endpoints.login, { body: { email, password } })).json();
  // By e-mail the answer is a session; only a phone login answers with a code sent.
  if (!('access' in session)) throw new Error(`login answered a code, not a session: ${JSON.stringify(session)}`);
  return session;
}

/** A new account, logged in: its row, password and session. */
export async function signedInAccount(context: Pick<TestContext, 'app' | 'database'>) {
  const account = await createAccount(context.database);
  const session = await login(context.app, account.email, account.password);
  return { ...account, session, access: session.access };
}
