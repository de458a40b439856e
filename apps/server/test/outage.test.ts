import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { endpoints, type Endpoint, type HealthResponse, type ServerFrame } from '@localloop/contract';
import { isDatabaseUnavailable, listenerApplicationName, listenRetryDelay, openPglite, openPostgres, postgresPool, type Database } from '../src/db/client.ts';
import { users } from '../src/db/schema.ts';
import { notify } from '../src/modules/notifications/service.ts';
import { createAccount, createTestApp, freshDatabase, freshDatabaseUrl, inject, login, onPostgres, type Answer, type TestContext } from './helper.ts';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Polls until `check` holds, for at most `ms`; false if it never did. */
async function until(check: () => boolean | Promise<boolean>, ms = 20_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

/** A loopback port nothing listens on: connecting to it is refused at once. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function failureOf(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (err) {
    return err;
  }
  throw new Error('expected the work to fail');
}

describe('telling an unreachable database from a failing statement', () => {
  it('counts a refused connection as unreachable, also when Drizzle wraps the driver error', async () => {
    const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${await closedPort()}/none`, connectionTimeoutMillis: 5000 });
    cleanups.push(() => pool.end());
    const raw = await failureOf(() => pool.query('SELECT 1'));
    expect((raw as { code?: string }).code).toBe('ECONNREFUSED');
    expect(isDatabaseUnavailable(raw)).toBe(true);
    const wrapped = await failureOf(() => drizzle(pool).execute(sql`SELECT 1`));
    expect(wrapped).not.toBe(raw);
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it('counts a connection attempt that gets no answer in time as unreachable', async () => {
    // Accepts TCP and never speaks, like a host that is up while PostgreSQL on it hangs.
    const accepted = new Set<net.Socket>();
    const silent = net.createServer((socket) => accepted.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => {
      for (const socket of accepted) socket.destroy();
      silent.close();
    });
    const { port } = silent.address() as AddressInfo;
    const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${port}/none`, connectionTimeoutMillis: 200 });
    cleanups.push(() => pool.end());
    const err = await failureOf(() => pool.query('SELECT 1'));
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it.skipIf(onPostgres)('counts a closed embedded database as unreachable', async () => {
    const database = await openPglite({ memory: true });
    await database.close();
    expect(isDatabaseUnavailable(await failureOf(() => database.db.execute(sql`SELECT 1`)))).toBe(true);
  });

  it('does not count a wrong statement or a broken constraint as unreachable', async () => {
    const database = await freshDatabase();
    cleanups.push(() => database.close());
    expect(isDatabaseUnavailable(await failureOf(() => database.db.execute(sql`SELEC 1`)))).toBe(false);
    const { user } = await createAccount(database);
    const duplicate = await failureOf(() => database.db.insert(users).values({ ...user, id: undefined }));
    expect(isDatabaseUnavailable(duplicate)).toBe(false);
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });

  it.skipIf(!onPostgres)('counts a connection PostgreSQL terminates (shutdown, 57P01) as unreachable', async () => {
    const url = (await freshDatabaseUrl()) ?? '';
    const victim = new pg.Client({ connectionString: url });
    const admin = new pg.Client({ connectionString: url });
    await Promise.all([victim.connect(), admin.connect()]);
    victim.on('error', () => undefined);
    cleanups.push(() => admin.end(), () => victim.end().catch(() => undefined));
    const pid = (await victim.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;
    const sleeping = failureOf(() => victim.query('SELECT pg_sleep(30)'));
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    const err = await sleeping;
    expect((err as { code?: string }).code).toBe('57P01');
    expect(isDatabaseUnavailable(err)).toBe(true);
  });
});

describe('a connection PostgreSQL ends while a request holds it', () => {
  it.skipIf(!onPostgres)('fails that transaction, not the process, and the pool goes on with a new connection', async () => {
    const url = (await freshDatabaseUrl()) ?? '';
    const database = openPostgres(url, 2);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    cleanups.push(() => admin.end(), () => database.close());
    // An error event nobody hears is an uncaught exception: Vitest fails the run on it, as it ended the server.
    const failure = await database.db
      .transaction(async (tx) => {
        const pid = ((await tx.execute(sql`SELECT pg_backend_pid() AS pid`)) as unknown as { rows: { pid: number }[] }).rows[0]?.pid;
        await admin.query('SELECT pg_terminate_backend($1)', [pid]);
        // Between two statements, as a handler awaiting something else: the termination arrives as an error event.
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.execute(sql`SELECT 1`);
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(failure).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(failure)).toBe(true);
    const again = (await database.db.execute(sql`SELECT 2 AS two`)) as unknown as { rows: { two: number }[] };
    expect(again.rows[0]?.two).toBe(2);
  });
});

describe.skipIf(!onPostgres)('a connection that ends between its checkout and its BEGIN', () => {
  /**
   * A pool through a relay that is cut at the next checkout, before the transaction sends BEGIN: PostgreSQL restarting
   * just as a request took an idle connection. Answers the pool, its Drizzle handle and the transaction's failure.
   */
  async function beginOnADeadConnection(pool: (url: string) => pg.Pool) {
    const target = new URL((await freshDatabaseUrl()) ?? '');
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    cleanups.push(() => proxy.close());
    target.host = `127.0.0.1:${proxy.port}`;
    const subject = pool(target.toString());
    subject.on('error', () => undefined);
    subject.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzle(subject);
    await db.execute(sql`SELECT 1`);
    expect(subject.idleCount).toBe(1);
    subject.once('acquire', () => proxy.cut());
    const failure = await db.transaction((tx) => tx.execute(sql`SELECT 1`)).then(
      () => null,
      (err: unknown) => err,
    );
    expect(isDatabaseUnavailable(failure)).toBe(true);
    await proxy.restore();
    return subject;
  }

  const ended = (pool: pg.Pool) =>
    Promise.race([pool.end().then(() => 'ended'), new Promise((resolve) => setTimeout(() => resolve('still waiting after 1 s'), 1000))]);

  it('gives the client back to the pool, which drops it: no slot is lost, and the pool can end', async () => {
    const pool = await beginOnADeadConnection((url) => postgresPool(url, 2));
    expect(await until(() => pool.totalCount === pool.idleCount)).toBe(true);
    // Both slots serve again: two statements at once, each on its own connection.
    const pids = await Promise.all([0, 1].map(() => pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid, pg_sleep(0.2)')));
    expect(new Set(pids.map((r) => r.rows[0]?.pid)).size).toBe(2);
    expect(await ended(pool)).toBe('ended');
  });

  it('left the client checked out for ever without that guard (Drizzle sends BEGIN before its try): what the guard is for', async () => {
    const pool = await beginOnADeadConnection((url) => new pg.Pool({ connectionString: url, max: 2 }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(pool.totalCount - pool.idleCount).toBe(1);
    expect(await ended(pool)).toBe('still waiting after 1 s');
  });
});

describe('the realtime listener\'s reconnect delay', () => {
  it('starts near a quarter second, doubles, never exceeds 10 s, and is jittered between half and all of it', () => {
    expect(listenRetryDelay(0, () => 1)).toBe(250);
    expect(listenRetryDelay(0, () => 0)).toBe(125);
    expect(listenRetryDelay(3, () => 1)).toBe(2000);
    expect(listenRetryDelay(6, () => 1)).toBe(10_000);
    expect(listenRetryDelay(1000, () => 1)).toBe(10_000);
    expect(listenRetryDelay(1000, () => 0)).toBe(5000);
  });
});

type Breakable = {
  t: TestContext;
  /** Every line the app logged (JSON). */
  log: string[];
  /** Makes the database unreachable for the app: the network to PostgreSQL is cut; an embedded one is closed. */
  cut: () => Promise<void>;
  /** PostgreSQL only: the relay between the app and the database. */
  proxy: TcpProxy | null;
  /** PostgreSQL only: the app's database, reached directly. */
  directUrl: string;
};

/** The app on its own database; on PostgreSQL through a relay the test can cut, so the shared server stays up. */
async function breakableApp(): Promise<Breakable> {
  const log: string[] = [];
  const logger = { level: 'info', stream: { write: (line: string) => void log.push(line) } };
  const url = await freshDatabaseUrl();
  if (!url) {
    const t = await createTestApp({ logger });
    cleanups.push(() => t.app.close());
    return { t, log, proxy: null, directUrl: '', cut: () => t.database.close() };
  }
  const target = new URL(url);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  cleanups.push(() => proxy.close());
  target.host = `127.0.0.1:${proxy.port}`;
  const database: Database = openPostgres(target.toString(), 3);
  const t = await createTestApp({ database, logger });
  cleanups.push(() => t.close());
  return { t, log, proxy, directUrl: url, cut: async () => proxy.cut() };
}

function expectUnavailable(res: Pick<Answer<Endpoint>, 'statusCode' | 'headers' | 'error'>) {
  expect(res.statusCode).toBe(503);
  expect(res.error()).toEqual({ error: 'The service is unavailable right now. Please try again shortly.', code: 'SERVICE_UNAVAILABLE' });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('while the database cannot be reached', () => {
  it('answers 503 SERVICE_UNAVAILABLE with Retry-After on public and signed-in endpoints, and logs the outage once', async () => {
    const { t, log, cut } = await breakableApp();
    const account = await createAccount(t.database);
    const session = await login(t.app, account.email, account.password);
    await cut();

    for (let round = 0; round < 3; round += 1) {
      expectUnavailable(await inject(t.app, endpoints.login, { body: { email: account.email, password: account.password } }));
      expectUnavailable(await inject(t.app, endpoints.tokenRefresh, { body: { refresh: session.refresh } }));
      // Authentication itself reads the account: it is the first to meet the outage on a signed-in call.
      expectUnavailable(await inject(t.app, endpoints.notifications, { access: session.access }));
      expectUnavailable(await inject(t.app, endpoints.wsTicket, { access: session.access }));
    }
    const health = await inject(t.app, endpoints.health);
    expect(health.statusCode).toBe(503);
    // Health answers its own shape on a 503, not the error shape: the body is read as it is.
    expect(JSON.parse(health.body)).toMatchObject({ status: 'unavailable', database: 'down' });

    const outageLines = log.filter((line) => line.includes('the database is unreachable'));
    expect(outageLines).toHaveLength(1);
    expect(log.filter((line) => line.includes('request failed'))).toEqual([]);
  });
});

describe.skipIf(!onPostgres)('when PostgreSQL comes back', () => {
  async function openSocket(t: TestContext, access: string) {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const ticket = (await inject(t.app, endpoints.wsTicket, { access })).json().ticket;
    const { port } = t.app.server.address() as AddressInfo;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/ws?ticket=${ticket}`);
    cleanups.push(() => socket.terminate());
    const messages: ServerFrame[] = [];
    let closed = false;
    socket.on('message', (data) => messages.push(JSON.parse(String(data))));
    socket.on('close', () => (closed = true));
    await new Promise((resolve, reject) => {
      socket.on('open', resolve);
      socket.on('error', reject);
    });
    return { messages, closed: () => closed };
  }

  const healthOf = async (t: TestContext) => {
    const res = await inject(t.app, endpoints.health);
    // Read as it is: health answers its own shape on a 503 too.
    return { code: res.statusCode, body: JSON.parse(res.body) as HealthResponse };
  };

  it('recovers by itself: HTTP answers again, and a socket opened before the outage is told to resync and then gets new events', async () => {
    const { t, log, proxy } = await breakableApp();
    if (!proxy) throw new Error('PostgreSQL only');
    const account = await createAccount(t.database);
    const session = await login(t.app, account.email, account.password);
    const socket = await openSocket(t, session.access);

    proxy.cut();
    expect(await until(async () => (await healthOf(t)).body.realtime === 'reconnecting')).toBe(true);
    expect(await healthOf(t)).toEqual({ code: 503, body: { status: 'unavailable', database: 'down', realtime: 'reconnecting' } });
    expectUnavailable(await inject(t.app, endpoints.notifications, { access: session.access }));
    expect(log.some((line) => line.includes('realtime: lost the database connection'))).toBe(true);

    await proxy.restore();
    expect(await until(async () => (await healthOf(t)).body.status === 'ok')).toBe(true);
    expect(await healthOf(t)).toEqual({ code: 200, body: { status: 'ok', database: 'up', realtime: 'listening' } });
    expect((await inject(t.app, endpoints.notifications, { access: session.access })).statusCode).toBe(200);
    expect(await until(() => socket.messages.some((m) => m.type === 'resync'))).toBe(true);

    await t.database.db.transaction((tx) => notify(tx, account.user.id, { title: 'After the outage', body: 'Delivered live.', type: 'test' }));
    expect(await until(() => socket.messages.some((m) => m.type === 'event' && m.event.type === 'notification'))).toBe(true);
    expect(socket.messages).toContainEqual(expect.objectContaining({ type: 'event', event: expect.objectContaining({ type: 'notification', title: 'After the outage' }) }));
    expect(socket.closed()).toBe(false);
  }, 60_000);

  it('answers degraded (still 200) while only the realtime listener is down, and ok once it listens again', async () => {
    const { t, proxy, directUrl } = await breakableApp();
    if (!proxy) throw new Error('PostgreSQL only');
    // The pool keeps the connection this opens; new ones are refused from here on.
    expect(await healthOf(t)).toEqual({ code: 200, body: { status: 'ok', database: 'up', realtime: 'listening' } });
    proxy.refuse();

    // Straight to PostgreSQL, past the relay: the listener's own connection is ended by the server, as in a restart.
    const admin = new pg.Client({ connectionString: directUrl });
    await admin.connect();
    cleanups.push(() => admin.end());
    const { rows } = await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
      [listenerApplicationName],
    );
    expect(rows).toHaveLength(1);

    expect(await until(async () => (await healthOf(t)).body.realtime === 'reconnecting')).toBe(true);
    expect(await healthOf(t)).toEqual({ code: 200, body: { status: 'degraded', database: 'up', realtime: 'reconnecting' } });

    await proxy.restore();
    expect(await until(async () => (await healthOf(t)).body.status === 'ok')).toBe(true);
  }, 60_000);
});
