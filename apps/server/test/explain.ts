import pg from 'pg';
import type { Database } from '../src/db/client.ts';

type Queryable = { query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };

/** An array as PostgreSQL writes one ({"a","b"}), each element quoted. */
const arrayText = (items: unknown[]) => `{${items.map((item) => `"${String(item).replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
const literal = (v: unknown) =>
  v === null || v === undefined ? 'NULL' : typeof v === 'number' ? String(v) : `'${(Array.isArray(v) ? arrayText(v) : String(v)).replace(/'/g, "''")}'`;

/**
 * The plan PostgreSQL (or PGlite) picks for a statement: `custom` as a statement's first runs are planned, with its
 * values; `generic` as a prepared statement is planned once it stops looking at them (plan_cache_mode forces it).
 * With `analyze` it runs, and the plan shows times. `planner` settings (e.g. enable_seqscan off) hold for this plan
 * only: what a plan can do on a test's small tables, where reading them whole is cheapest. For tests and the bench.
 */
export async function explain(
  database: Database,
  statement: { text: string; params: unknown[] },
  { analyze = false, generic = false, planner = {} }: { analyze?: boolean; generic?: boolean; planner?: Record<string, 'on' | 'off'> } = {},
): Promise<string[]> {
  const client = (database.db as unknown as { $client: Queryable | pg.Pool }).$client;
  const session: Queryable & { release?: () => void } = client instanceof pg.Pool ? await client.connect() : client;
  const options = analyze ? '(ANALYZE, BUFFERS)' : '';
  const settings = Object.entries(planner).filter(([name]) => /^enable_\w+$/.test(name));
  for (const [name, value] of settings) await session.query(`SET ${name} = ${value}`);
  try {
    if (!generic) return planOf(await session.query(`EXPLAIN ${options} ${statement.text}`, statement.params));
    await session.query(`PREPARE explained AS ${statement.text}`);
    try {
      await session.query('SET plan_cache_mode = force_generic_plan');
      return planOf(await session.query(`EXPLAIN ${options} EXECUTE explained(${statement.params.map(literal).join(', ')})`));
    } finally {
      await session.query('DEALLOCATE explained');
      await session.query('RESET plan_cache_mode');
    }
  } finally {
    for (const [name] of settings) await session.query(`RESET ${name}`);
    session.release?.();
  }
}

const planOf = (result: { rows: Record<string, unknown>[] }) => result.rows.map((r) => String(r['QUERY PLAN']));
