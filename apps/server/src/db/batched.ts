import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from './client.ts';

/** A statement's rows as PostgreSQL names them (the SQL's own column names and aliases), values as the driver parses them. */
export type Row = Record<string, unknown>;

/**
 * A transaction sent in as few messages as its logic allows (batched), for the writes a crowd takes turns on: 300
 * customers buying one deal or joining one activity at once. Each message to PostgreSQL costs the server a system call
 * that wakes a backend, and on two cores a backend woken takes the core this process needs: in a join's burst a third of
 * the server's time went to writing its ten messages (BEGIN, a read, the person's row, two reminders, the notice, the
 * turn, COMMIT...). Here the statements whose results the logic does not wait for travel together, with the BEGIN and
 * the COMMIT, so a join is one message and a purchase two.
 */
export type Batch = {
  /** Runs the statements in order, in one message (the first call opens the transaction in the same message): each one's rows. */
  send(...statements: SQL[]): Promise<Row[][]>;
  /** The same with the COMMIT, in the same message: the transaction's last call. A statement that fails rolls all back. */
  commitWith(...statements: SQL[]): Promise<Row[][]>;
};

const pools = new WeakMap<Db, pg.Pool>();

/** Makes `batched` on `db` send its messages through `pool` (db/client.ts openPostgres). */
export function batchesThrough(db: Db, pool: pg.Pool): void {
  pools.set(db, pool);
}

// As drizzle-orm/node-postgres builds the database's own (the only setting is the casing).
const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * The statement's text with its values written in: a message of several statements is a simple query, which has no
 * parameters. Only strings, finite numbers, booleans and null are written in (Drizzle turns a column's value into one of
 * those first: a date into its ISO text, JSON into its text); strings are quoted with their quotes doubled, which is all
 * quoting needs with standard_conforming_strings on (pinned for every connection, db/client.ts). Anything else (a Date
 * given to raw SQL, NaN) would be written as JavaScript prints it: refused here, before it reaches the database. A list
 * is written as Drizzle expands one, each value in turn.
 */
export function inlined(statement: SQL): string {
  const built = build(statement);
  return built.exact ? writtenIn(built.text, built.params.map(literal)) : dialect.sqlToQuery(statement.inlineParams()).sql;
}

/** The text with its $1…$n replaced by the literals, in one pass (what was written in is never read again). */
function writtenIn(text: string, literals: string[]): string {
  let next = 0;
  return text.replace(/\$\d+/g, () => literals[next++] as string);
}

/**
 * A statement's text with $1…$n and its values, built once. The values are checked here (see inlined); `exact` says the
 * `$` and digits in the text are exactly $1…$n in order: Drizzle numbers its placeholders in order, and a `$` and digits
 * in the statement's own text would be one match more, so only then may they be replaced (otherwise the statement is
 * built again with Drizzle's inlining). Building it twice (once to check the values, once with them written in) cost a
 * purchase 0.34 ms of the server's CPU (a profile of 2,700 purchases at scale).
 */
function build(statement: SQL): { text: string; params: (string | number | boolean | null)[]; exact: boolean } {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  for (const value of params) {
    if (value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) continue;
    throw new Error(`batched: a value of type ${value === undefined ? 'undefined' : Array.isArray(value) ? 'array' : typeof value} cannot be written into a statement; pass its text (a date's toISOString(), say)`);
  }
  const placeholders = text.match(/\$\d+/g) ?? [];
  const exact = placeholders.length === params.length && placeholders.every((p, i) => p === `$${i + 1}`);
  return { text, params: params as (string | number | boolean | null)[], exact };
}

/** A value as Drizzle's own inlining writes it: null, a number or boolean as text, a string quoted. */
const literal = (value: string | number | boolean | null | undefined): string =>
  value === null || value === undefined ? 'null' : typeof value === 'string' ? `'${value.replace(/'/g, "''")}'` : String(value);

/**
 * The statements batches keep prepared on each connection, by their values' types and text ($1…$n): the name each has
 * there, or null for one PostgreSQL refuses to prepare (SET, say). A statement sent as text is parsed, analysed and
 * planned at every run: at 200 chat posts a second, planning was a quarter of PostgreSQL's CPU (perf, the chat bench).
 * So a statement a connection has run once as text is prepared there once its transaction is over, and from then on
 * sent as `EXECUTE name(values)`: PostgreSQL keeps its plan (a generic one after five runs, when it costs no more), and
 * the parameters are declared with the types the literals would have had (typeOf). Texts with lists of changing length
 * are shapes of their own: past MOST_KEPT shapes, new ones are sent as text.
 */
const kept = new Map<string, string | null>();
const MOST_KEPT = 500;
const preparedOn = new WeakMap<pg.PoolClient, Set<string>>();

/**
 * The type PostgreSQL gives a value written into the text, for its parameter: a quoted string or a null is `unknown`
 * (typed by what the statement does with it, as a parameter the driver sends), a number an integer of the size it
 * needs or a numeric, a boolean a boolean. So a kept statement answers as the text did (`SELECT 2 AS n` a number).
 */
const typeOf = (value: string | number | boolean | null): string =>
  typeof value === 'number' ? (!Number.isInteger(value) ? 'numeric' : Math.abs(value) <= 2_147_483_647 ? 'integer' : Number.isSafeInteger(value) ? 'bigint' : 'numeric')
    : typeof value === 'boolean' ? 'boolean' : 'unknown';

/** The statement as this connection runs it: `EXECUTE` of its kept text, or the text with its values written in. */
function executable(statement: SQL, client: pg.PoolClient, toPrepare: Map<string, { text: string; types: string[] }>): string {
  const built = build(statement);
  if (!built.exact) return dialect.sqlToQuery(statement.inlineParams()).sql;
  const types = built.params.map(typeOf);
  const key = `${types.join(',')}|${built.text}`;
  const name = kept.get(key);
  const values = built.params.map(literal);
  if (name && preparedOn.get(client)?.has(name)) return values.length === 0 ? `EXECUTE ${name}` : `EXECUTE ${name}(${values.join(', ')})`;
  if (name !== null && (name !== undefined || kept.size < MOST_KEPT)) toPrepare.set(key, { text: built.text, types });
  return writtenIn(built.text, values);
}

/** Prepares on this connection, outside any transaction, the statements it has just run as text. */
async function prepare(client: pg.PoolClient, statements: Map<string, { text: string; types: string[] }>): Promise<void> {
  let names = preparedOn.get(client);
  if (!names) preparedOn.set(client, (names = new Set()));
  for (const [key, { text, types }] of statements) {
    let name = kept.get(key);
    if (name === null) continue;
    if (name === undefined) {
      if (kept.size >= MOST_KEPT) continue;
      kept.set(key, (name = `batched_${kept.size + 1}`));
    }
    if (names.has(name)) continue;
    try {
      await client.query(`PREPARE ${name}${types.length === 0 ? '' : `(${types.join(', ')})`} AS ${text}`);
      names.add(name);
    } catch (error) {
      // PostgreSQL refused the statement (a syntax or analysis error, SQLSTATE class 42): always sent as text. Anything
      // else (the connection lost, say) is the connection's failure, not the statement's.
      if (!String((error as { code?: unknown }).code ?? '').startsWith('42')) throw error;
      kept.set(key, null);
    }
  }
}

/**
 * Runs `work` in a transaction whose statements it sends through the Batch (docs of Batch). `work` ends with
 * `commitWith` (else nothing is committed and it fails); anything it throws rolls back what was sent. On PGlite (one
 * in-process connection, no messages to save) each statement runs alone, as the same text, in an ordinary transaction.
 */
export async function batched<T>(db: Db, work: (batch: Batch) => Promise<T>): Promise<T> {
  const pool = pools.get(db);
  if (!pool) {
    return db.transaction(async (tx) => {
      let committed = false;
      const run = async (statements: SQL[]) => {
        if (committed) throw new Error('batched: the transaction was committed already');
        const rows: Row[][] = [];
        // The same text as PostgreSQL is sent, so that both read it alike (a literal 2 is an integer, not a text).
        for (const statement of statements) rows.push(((await tx.execute(sql.raw(inlined(statement)))) as unknown as { rows: Row[] }).rows);
        return rows;
      };
      const result = await work({
        send: (...statements) => run(statements),
        commitWith: async (...statements) => {
          const rows = await run(statements);
          committed = true;
          return rows;
        },
      });
      if (!committed) throw new Error('batched: the work ended without commitWith');
      return result;
    });
  }
  const client = await pool.connect();
  const toPrepare = new Map<string, { text: string; types: string[] }>();
  let opened = false;
  let ended = false;
  let broken: Error | undefined;
  const send = async (statements: SQL[], commit: boolean): Promise<Row[][]> => {
    if (ended) throw new Error('batched: the transaction was committed already');
    const texts = statements.map((statement) => executable(statement, client, toPrepare));
    const first = opened ? 0 : 1;
    opened = true;
    const answer = (await client.query([...(first ? ['BEGIN'] : []), ...texts, ...(commit ? ['COMMIT'] : [])].join(';\n'))) as pg.QueryResult | pg.QueryResult[];
    if (commit) ended = true;
    const results = Array.isArray(answer) ? answer : [answer];
    return results.slice(first, first + statements.length).map((r) => r.rows as Row[]);
  };
  try {
    const result = await work({ send: (...statements) => send(statements, false), commitWith: (...statements) => send(statements, true) });
    if (!ended) throw new Error('batched: the work ended without commitWith');
    return result;
  } catch (error) {
    // A failed statement left the transaction aborted (or, failing at the COMMIT, ended: ROLLBACK then only warns).
    if (opened && !ended) {
      await client.query('ROLLBACK').catch((e: unknown) => {
        broken = e instanceof Error ? e : new Error(String(e));
      });
    }
    throw error;
  } finally {
    if (!broken && toPrepare.size > 0) await prepare(client, toPrepare).catch((e: unknown) => (broken = e instanceof Error ? e : new Error(String(e))));
    // A connection that could not roll back is not given back to the pool.
    client.release(broken);
  }
}
