import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

type Statement = { name: string; ready?: Promise<{ paramTypes: number[]; rowDescription: unknown }> };
type Query = PGlite['query'];

/**
 * Named prepared statements on PGlite. PGlite's own `query` sends every statement unnamed — parse, describe, bind,
 * describe, execute: five round trips into the engine and a new plan each time. A text registered here is parsed once
 * under its name; each call then sends bind + execute + sync in one message, and PostgreSQL reuses the plan as it does
 * on a server. Drizzle's prepared queries pass their text to `query`, so registering the text is all a caller does.
 *
 * Reads only: the engine is not synced to disk after these.
 */
export function enableNamedStatements(client: PGlite): (text: string, name: string) => void {
  const byText = new Map<string, Statement>();
  const unnamed: Query = client.query.bind(client);

  const prepare = async (statement: Statement, text: string) => {
    const s = protocol.serialize;
    const message = concat(s.parse({ name: statement.name, text, types: [] }), s.describe({ type: 'S', name: statement.name }), s.sync());
    const { messages } = await client.execProtocol(message, { syncToFs: false });
    const params = messages.find((m) => m.name === 'parameterDescription') as { dataTypeIDs?: number[] } | undefined;
    const rowDescription = messages.find((m) => m.name === 'rowDescription');
    if (!rowDescription) throw new Error(`prepared statement ${statement.name} returns no rows: only reads may be named`);
    return { paramTypes: params?.dataTypeIDs ?? [], rowDescription };
  };

  const run = async <T>(statement: Statement, text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> => {
    // Both of PGlite's locks, as its own query takes them: nothing may run between another caller's BEGIN and COMMIT.
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        statement.ready ??= prepare(statement, text).catch((err: unknown) => {
          statement.ready = undefined;
          throw err;
        });
        const { paramTypes, rowDescription } = await statement.ready;
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serialize = client.serializers[paramTypes[i] ?? 0];
          return serialize ? serialize(value) : String(value);
        });
        const s = protocol.serialize;
        const { messages } = await client.execProtocol(concat(s.bind({ statement: statement.name, values }), s.execute({}), s.sync()), { syncToFs: false });
        const [results] = parse.parseResults([rowDescription as never, ...messages], client.parsers, options);
        if (!results) throw new Error(`prepared statement ${statement.name} gave no result`);
        return results as Results<T>;
      }),
    );
  };

  client.query = (async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
    const statement = byText.get(text);
    if (!statement) return unnamed<T>(text, params, options);
    await client._checkReady();
    return run<T>(statement, text, params ?? [], options);
  }) as Query;

  return (text, name) => {
    if (!/^\s*(select|with)\b/i.test(text)) throw new Error(`only reads may be prepared by name on PGlite: ${name}`);
    const existing = byText.get(text);
    if (existing && existing.name !== name) throw new Error(`the statement ${name} was prepared before as ${existing.name}`);
    if (!existing) byText.set(text, { name });
  };
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
