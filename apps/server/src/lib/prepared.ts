import { fillPlaceholders, sql } from 'drizzle-orm';
import { registerStatement, type Db } from '../db/client.ts';

/** A Drizzle query that can be prepared: every select builder is one. */
type Preparable = { prepare(name: string): unknown; toSQL(): { sql: string } };

/**
 * A hot read built once per database and run as the named prepared statement `name`: Drizzle does not rebuild its SQL
 * on each call and PostgreSQL does not plan it again (on PGlite too: db/pglite-statements.ts). Values change from call
 * to call through `sql.placeholder('…')`, filled by `execute({ … })`; anything that changes the SQL's shape (an
 * optional filter, another sort) is another statement with its own name.
 *
 *   const nearest = prepared('deals_nearest', (db) => db.select(…).where(eq(deals.id, sql.placeholder('id'))));
 *   const rows = await nearest(deps.db).execute({ id });
 */
export function prepared<Q extends Preparable>(name: string, build: (db: Db) => Q): (db: Db) => ReturnType<Q['prepare']> {
  const byDb = new WeakMap<Db, ReturnType<Q['prepare']>>();
  return (db) => {
    let statement = byDb.get(db);
    if (!statement) {
      const query = build(db);
      registerStatement(db, query.toSQL().sql, name);
      statement = query.prepare(name) as ReturnType<Q['prepare']>;
      byDb.set(db, statement);
    }
    return statement;
  };
}

/**
 * A family of prepared statements, one per shape of a query (an optional filter, a sort, a LIMIT window): each shape is
 * built and prepared the first time it is asked for, under the name `nameOf(shape)`, then reused.
 */
export function preparedShapes<S, Q extends Preparable>(nameOf: (shape: S) => string, build: (db: Db, shape: S) => Q): (shape: S) => (db: Db) => ReturnType<Q['prepare']> {
  const byName = new Map<string, (db: Db) => ReturnType<Q['prepare']>>();
  return (shape) => {
    const name = nameOf(shape);
    let statement = byName.get(name);
    if (!statement) byName.set(name, (statement = prepared(name, (db) => build(db, shape))));
    return statement;
  };
}

/**
 * A LIMIT written into the statement's text instead of sent as a parameter. A generic plan does not know a parameter's
 * value and assumes a tenth of the rows are wanted, which turns a nearest-first page of 20 rows into a scan and sort of
 * everything. Each distinct value is its own statement: round it to a few sizes and cut the page after.
 */
export function literalLimit(rows: number): number {
  if (!Number.isSafeInteger(rows) || rows < 0) throw new Error(`a literal LIMIT must be a whole number, not ${rows}`);
  // Drizzle writes an SQL chunk given as the limit into the text; its type admits only a number or a placeholder.
  return sql.raw(String(rows)) as unknown as number;
}

/** A statement's SQL with a request's values written into its placeholders: what EXPLAIN in tests and the bench runs. */
export function withValues(statement: { toSQL(): { sql: string; params: unknown[] } }, values: Record<string, unknown>): { text: string; params: unknown[] } {
  const { sql: text, params } = statement.toSQL();
  return { text, params: fillPlaceholders(params, values) };
}
