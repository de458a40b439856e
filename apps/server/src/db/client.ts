import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { is, sql, type SQL } from 'drizzle-orm';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { SEARCH_SIMILARITY } from '../lib/text-search.ts';
import { batchesThrough } from './batched.ts';
import { lockDataDir, type DataDirLock } from './data-dir-lock.ts';
import { enableNamedStatements } from './pglite-statements.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The Drizzle handle services use; the same type whether PGlite or node-postgres is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle, accepted wherever a service may join its caller's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Whether a handle is a transaction's: named prepared statements belong to the database's handle, not to one. */
export const isTransaction = (db: Db | Tx): db is Tx => is(db, PgTransaction);

/**
 * Waits for, then holds until the transaction ends, the advisory lock named `key` ("provider-time:<id>"): what changes
 * one thing (an account's tries, an address's codes, a provider's time) takes turns, and nothing else waits. The key is
 * hashed to 64 bits, so two keys share a lock only by a rare chance (and then merely wait for each other).
 */
export async function takeTurn(tx: Db | Tx, key: string): Promise<void> {
  await tx.execute(turnStatement(key));
}

/** takeTurn's statement, for a transaction that sends it with others (db/batched.ts). */
export function turnStatement(key: string): SQL {
  return sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`;
}

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
  /**
   * Calls back with each NOTIFY payload on the channel (delivered only once the notifying transaction commits). On
   * PostgreSQL the listening connection is reopened after a drop, for as long as it takes; payloads notified while it
   * was down are lost, which `onResume` reports.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<Listener>;
  /** PGlite only: the whole data dir as a tarball, to clone a migrated database quickly. */
  dumpDataDir?(): Promise<Blob>;
};

export type ListenerState = 'listening' | 'reconnecting';

export type ListenHandlers = {
  onPayload: (payload: string) => void;
  /** The listening connection dropped; nothing is delivered until `onResume`. */
  onDown?: (error: unknown) => void;
  /** Listening again after a drop that lasted `gapMs`: whatever was notified meanwhile is lost. */
  onResume?: (gapMs: number) => void;
};

export type Listener = { state: () => ListenerState; stop: () => Promise<void> };

// Beside this module in the sources; beside main.js in the compiled server, where the build copies them.
export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export const pgliteExtensions = { citext, cube, earthdistance, pg_trgm, btree_gist };

type PgliteSource = { dataDir: string } | { loadDataDir: Blob } | { memory: true };

const namedStatements = new WeakMap<Db, (text: string, name: string) => void>();

/**
 * Tells the database that `text` runs as the prepared statement `name`. On PostgreSQL node-postgres prepares it by name
 * on each connection at first use (Drizzle passes the name), so nothing is needed; PGlite is taught it here.
 */
export function registerStatement(db: Db, text: string, name: string): void {
  namedStatements.get(db)?.(text, name);
}

export async function openPglite(source: PgliteSource): Promise<Database> {
  let client: PGlite;
  let lock: DataDirLock | null = null;
  if ('dataDir' in source) {
    mkdirSync(source.dataDir, { recursive: true });
    // PGlite has no lock of its own: a second process would open the same files and one side's writes would be lost.
    lock = lockDataDir(path.resolve(source.dataDir));
    try {
      client = await PGlite.create(source.dataDir, { extensions: pgliteExtensions });
    } catch (err) {
      lock.release();
      throw err;
    }
  } else if ('loadDataDir' in source) {
    client = await PGlite.create({ extensions: pgliteExtensions, loadDataDir: source.loadDataDir });
  } else {
    client = await PGlite.create({ extensions: pgliteExtensions });
  }
  await client.exec(`SET ${searchThreshold.name} = ${searchThreshold.value}`);
  await client.exec(`SET ${randomPageCost.name} = ${randomPageCost.value}`);
  const registerNamed = enableNamedStatements(client);
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  namedStatements.set(db, registerNamed);
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: (timeoutMs) => withTimeout(client.query('SELECT 1'), timeoutMs),
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
    async listen(channel, { onPayload }) {
      // In-process: there is no connection to lose.
      const stop = await client.listen(channel, onPayload);
      return {
        state: () => 'listening',
        async stop() {
          if (!client.closed) await stop();
        },
      };
    },
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

/**
 * Every session's threshold of pg_trgm's `<%` (word similarity), the searches' own (lib/text-search.ts): a list's search
 * asks `search <% name` so that the name's trigram index can answer it, and means the same as
 * `word_similarity(search, name) >= SEARCH_SIMILARITY`. Set when a session opens (a startup option on PostgreSQL), so
 * no statement pays for it.
 */
export const searchThreshold = { name: 'pg_trgm.word_similarity_threshold', value: String(SEARCH_SIMILARITY) };

/**
 * Every session's cost of a page read out of order, for the planner: 1.1, as for storage without seeks (SSDs, or a
 * database that fits in memory), instead of PostgreSQL's 4.0, which models a spinning disk. With 4.0, once a table's
 * visibility map had aged (ANALYZE counts its all-visible pages; VACUUM sets them again much later), the lists' capped
 * count near New York turned from an index-only scan that stops at 1,001 rows (2 ms, visiting the rows not marked
 * visible) into a bitmap of the whole box, 77,580 entries (8-18 ms): the planner expects ~100 rows in the box (the
 * cube's fixed selectivity) and so no early stop, and priced the heap visits of the index scan at a disk seek each.
 */
export const randomPageCost = { name: 'random_page_cost', value: '1.1' };

export function openPostgres(url: string, poolSize = 10): Database {
  const pool = postgresPool(url, poolSize);
  const db = drizzlePg(pool, { schema, casing: 'snake_case' });
  batchesThrough(db, pool);
  return {
    db,
    kind: 'postgres',
    async migrate() {
      // One connection holds an advisory lock so that several instances starting together migrate once.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query('SELECT pg_advisory_lock(727274)');
        await migratePg(drizzlePg(client, { casing: 'snake_case' }), { migrationsFolder });
      } finally {
        await client.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
        await client.end();
      }
    },
    ping: (timeoutMs) => withTimeout(pool.query('SELECT 1'), timeoutMs),
    close: () => pool.end(),
    listen: (channel, handlers) => listenOnPostgres(url, channel, handlers),
  };
}

/** The server's pool of connections to PostgreSQL (openPostgres). */
export function postgresPool(url: string, poolSize: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // A fixed-size pool once warm (as HikariCP advises): pg-pool's default closes a connection idle for 10 s, so a
    // server under an uneven load kept closing connections and opening new ones in its bursts, each new backend slow
    // for its first statements (empty caches, every named statement prepared again) while the burst queued behind it:
    // the chat bench's posts waited 100-450 ms in such episodes. A connection that breaks is still dropped and reopened.
    min: poolSize,
    connectionTimeoutMillis: 5000,
    keepAlive: true,
    // No parallel workers for a request's statement: every statement here is short, the pool runs ten at once, and
    // two workers started for one statement (a search's sort of 2,000 rows, say) took the cores the others waited for.
    // Strings written into a statement (db/batched.ts) are quoted by doubling their quotes: correct only
    // with standard_conforming_strings on, PostgreSQL's default, pinned here so that no server setting changes it.
    options: `-c ${searchThreshold.name}=${searchThreshold.value} -c ${randomPageCost.name}=${randomPageCost.value} -c max_parallel_workers_per_gather=0 -c standard_conforming_strings=on`,
  });
  // An idle client losing its connection (PostgreSQL restarting, say) must not crash the process: the pool drops it and
  // the next query opens a new one, so the server recovers by itself once the database is back.
  pool.on('error', () => undefined);
  // Nor one a request holds: pg-pool listens for a client's errors only while it is idle, and PostgreSQL ending the
  // connection of a transaction between two statements emitted an error nobody heard, which ended the process (the
  // fault drill's restart took both servers down). The statement after it fails instead (answered 503), and the pool
  // drops the broken client when it comes back.
  pool.on('connect', (client) => client.on('error', () => undefined));
  releaseWhenConnectionEnds(pool);
  return pool;
}

/**
 * Makes a client checked out with `pool.connect()` go back to the pool by itself, with an error so that the pool drops
 * it, once its connection ends: a holder that never releases a client on that path no longer keeps its slot for good.
 * Drizzle's transaction() is such a holder (drizzle-orm 0.45, node-postgres session): it checks a client out and sends
 * BEGIN before its try/finally, so a BEGIN that failed on a connection PostgreSQL had just ended (a restart) left the
 * client checked out for ever. Each restart could cost the pool a slot, and pool.end() then waited for the lost client
 * at shutdown, until the grace period killed the process (the fault drill's SIGTERM, exit 1). A release after the
 * client has gone back this way is a no-op; a holder releasing twice on its own is still pg's error.
 */
export function releaseWhenConnectionEnds(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient> | undefined;
  // The callback form (pool.query's) releases on every path already; only promise holders are guarded.
  pool.connect = ((callback?: unknown) => (callback ? connect(callback) : connect()?.then(guard))) as typeof pool.connect;
  const guard = (client: pg.PoolClient): pg.PoolClient => {
    const release = client.release;
    let returnedItself = false;
    const ended = () => {
      returnedItself = true;
      release(new Error('the connection ended while the client was checked out'));
    };
    client.once('end', ended);
    client.release = (err) => {
      if (returnedItself) return;
      client.removeListener('end', ended);
      release(err);
    };
    return client;
  };
}

/**
 * What an operator should hear at start-up about the database's upkeep: PostgreSQL with autovacuum (or the statistics
 * it works from) turned off never marks changed pages all-visible again nor clears dead rows, and the lists' plans
 * degrade as the tables change (docs/decisions/0011). Nothing for the embedded database.
 */
export async function upkeepWarnings(database: Database): Promise<string[]> {
  if (database.kind !== 'postgres') return [];
  const result = await database.db.execute(sql`SELECT current_setting('autovacuum') AS autovacuum, current_setting('track_counts') AS track_counts`);
  const [settings] = (result as unknown as { rows: { autovacuum: string; track_counts: string }[] }).rows;
  const off = (['autovacuum', 'track_counts'] as const).filter((name) => settings?.[name] !== 'on');
  return off.length === 0
    ? []
    : [`PostgreSQL runs with ${off.join(' and ')} off: nothing vacuums or analyzes the tables as they change, and the lists' plans will slow down over time. Turn it on, or run VACUUM (ANALYZE) regularly.`];
}

/**
 * Autovacuum's work, for the embedded database: PGlite runs PostgreSQL as a single process, with no autovacuum worker,
 * so nothing would ever clear its dead rows, mark changed pages all-visible or refresh the planner's statistics (a
 * table updated row by row four times over held four dead rows for each live one, and grew fivefold). Each table past
 * autovacuum's own default thresholds (dead rows over 50 + 20 % of the live ones, or rows changed since the last
 * ANALYZE over 50 + 10 %) gets VACUUM (ANALYZE); answers the tables it vacuumed. PostgreSQL does this itself.
 */
export async function embeddedUpkeep(database: Database): Promise<string[]> {
  if (database.kind !== 'pglite') return [];
  const result = await database.db.execute(sql`SELECT relname FROM pg_stat_user_tables
    WHERE schemaname = 'public'
      AND (n_dead_tup > 50 + 0.2 * n_live_tup OR n_mod_since_analyze > 50 + 0.1 * n_live_tup)
    ORDER BY relname`);
  const tables = (result as unknown as { rows: { relname: string }[] }).rows.map((r) => r.relname);
  for (const table of tables) await database.db.execute(sql.raw(`VACUUM (ANALYZE) ${pg.escapeIdentifier(table)}`));
  return tables;
}

/** How often the embedded database's upkeep looks (embeddedUpkeep). */
export const EMBEDDED_UPKEEP_MS = 10 * 60_000;

export async function openDatabase(opts: { databaseUrl?: string | undefined; dataDir: string; poolSize?: number }): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize);
  return openPglite({ dataDir: path.join(opts.dataDir, 'pglite') });
}

/** First retry after about 250 ms, doubling up to 10 s, each between half and all of that (so processes do not retry in step). */
export function listenRetryDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(10_000, 250 * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** The application_name of the connection that listens for realtime events. */
export const listenerApplicationName = 'localloop-realtime';

/** How often the listening connection is asked a trivial question, so one that died silently is noticed. */
const listenCheckMs = 30_000;

/**
 * LISTEN needs a connection of its own for as long as it lasts. The first connection must succeed (the server does not
 * start without its database); after that a lost one is reopened with backoff, forever, until stop().
 */
async function listenOnPostgres(url: string, channel: string, handlers: ListenHandlers): Promise<Listener> {
  let stopped = false;
  let client: pg.Client | null = null;
  let attempt = 0;
  let downSince = 0;
  let retry: NodeJS.Timeout | undefined;

  const open = async (): Promise<pg.Client> => {
    // Named, so that it can be told apart in pg_stat_activity.
    const next = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 5000, application_name: listenerApplicationName });
    next.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) handlers.onPayload(msg.payload);
    });
    // A restart or a network fault shows as 'error' (then 'end'); a server closing the connection cleanly only as 'end'.
    next.on('error', (err) => lost(next, err));
    next.on('end', () => lost(next, new Error('the listening connection ended')));
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      await next.end().catch(() => undefined);
      throw err;
    }
    return next;
  };

  const lost = (which: pg.Client, error: unknown) => {
    if (which !== client || stopped) return;
    client = null;
    downSince = Date.now();
    void which.end().catch(() => undefined);
    handlers.onDown?.(error);
    reconnectLater();
  };

  const reconnectLater = () => {
    retry = setTimeout(() => {
      retry = undefined;
      open().then(
        async (next) => {
          if (stopped) return next.end().catch(() => undefined);
          client = next;
          attempt = 0;
          handlers.onResume?.(Date.now() - downSince);
        },
        () => {
          if (!stopped) reconnectLater();
        },
      );
    }, listenRetryDelay(attempt));
    attempt += 1;
  };

  const check = setInterval(() => {
    const current = client;
    if (current) withTimeout(current.query('SELECT 1'), 5000).catch((err: unknown) => lost(current, err));
  }, listenCheckMs);
  check.unref();

  try {
    client = await open();
  } catch (err) {
    clearInterval(check);
    throw err;
  }
  return {
    state: () => (client ? 'listening' : 'reconnecting'),
    async stop() {
      stopped = true;
      clearTimeout(retry);
      clearInterval(check);
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}

const unreachableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
// 57P01-03: the server is shutting down, crashing or starting up; 53300: it has no connection slot left.
const unavailableSqlStates = new Set(['57P01', '57P02', '57P03', '53300']);
const unavailableMessages = [
  /^timeout exceeded when trying to connect/, // pg-pool: no connection within connectionTimeoutMillis
  /^Connection terminated/, // pg: the connection dropped mid-query, or timed out while connecting
  /is not queryable$/, // pg: a client whose connection already failed
  /^Cannot use a pool after calling end/, // shutting down
  /^PGlite is clos(ed|ing)$/,
];

/**
 * Whether an error means the database could not be reached (rather than that a statement was wrong): a 503 to try
 * again, not a 500. Drizzle wraps driver errors, so the whole cause chain is examined.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const pending: unknown[] = [error];
  const seen = new Set<object>();
  while (pending.length > 0) {
    const e = pending.pop();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    const { code, message, cause, errors } = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === 'string' && (unreachableCodes.has(code) || unavailableSqlStates.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (typeof message === 'string' && unavailableMessages.some((pattern) => pattern.test(message))) return true;
    pending.push(cause);
    // Connecting to a name with several addresses fails with an AggregateError of each attempt.
    if (Array.isArray(errors)) pending.push(...(errors as unknown[]));
  }
  return false;
}

async function withTimeout(work: Promise<unknown>, timeoutMs = 2000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`database did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

