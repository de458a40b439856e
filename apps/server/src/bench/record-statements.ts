/**
 * A preload for the scale bench (`node --import tsx --import ./src/bench/record-statements.ts src/main.ts`): with
 * RECORD_STATEMENTS=<file>, every statement the server sends to PostgreSQL through node-postgres is appended to the
 * file as one JSON line, `{ "text": …, "values": […], "app": application_name }`, the values as node-postgres sends them (its own conversion).
 * The bench asks one request at a time and reads what was added meanwhile: the endpoint's SQL, which pgbench then runs
 * alone as the database's floor. Nothing else loads this module; without the variable it changes nothing.
 */
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import pg from 'pg';

// node-postgres's own conversion of a JS value to the text it sends (Dates, arrays, Buffers, objects).
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as { prepareValue: (value: unknown) => unknown };

const file = process.env.RECORD_STATEMENTS;

type QueryConfig = { text?: string; values?: unknown[] };

if (file) {
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function recorded(this: unknown, ...args: unknown[]) {
    const [config, second] = args;
    const text = typeof config === 'string' ? config : (config as QueryConfig | null)?.text;
    const values = (typeof config === 'object' && config !== null ? (config as QueryConfig).values : undefined) ?? (Array.isArray(second) ? second : []);
    if (typeof text === 'string') {
      const sent = (values ?? []).map((value) => {
        const prepared = prepareValue(value);
        return Buffer.isBuffer(prepared) ? `\\x${prepared.toString('hex')}` : prepared;
      });
      // The connection's application_name: the realtime listener's own statements are not a request's.
      const app = (this as { connectionParameters?: { application_name?: string } }).connectionParameters?.application_name ?? null;
      appendFileSync(file, `${JSON.stringify({ text, values: sent, app })}\n`);
    }
    return original.apply(this, args);
  };
}
