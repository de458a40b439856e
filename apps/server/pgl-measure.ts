import { PGlite } from '@electric-sql/pglite';
import { openPglite, pgliteExtensions } from '/work/main/apps/server/src/db/client.ts';
const t = () => performance.now();
const cpu = () => process.cpuUsage();
async function m(label: string, f: () => Promise<unknown>) {
  const a = t(); const c = cpu();
  const r = await f();
  const d = process.cpuUsage(c);
  console.log(label, (t() - a).toFixed(0), 'ms', ((d.user + d.system) / 1000).toFixed(0), 'cpu-ms');
  return r;
}
const db = await openPglite({ memory: true });
await m('migrate', () => db.migrate());
const dump = await db.dumpDataDir!();
console.log('dump bytes', dump.size);
for (let i = 0; i < 3; i++) {
  await m('bare create', async () => { const p = await PGlite.create(); await p.close(); });
  await m('create+ext', async () => { const p = await PGlite.create({ extensions: pgliteExtensions }); await p.close(); });
  await m('create+ext+load', async () => { const p = await PGlite.create({ extensions: pgliteExtensions, loadDataDir: dump }); await p.close(); });
  await m('openPglite load', async () => { const p = await openPglite({ loadDataDir: dump }); await p.close(); });
}
const x = await openPglite({ loadDataDir: dump });
const tables = (await x.db.execute(`SELECT string_agg(quote_ident(tablename), ', ') AS t FROM pg_tables WHERE schemaname='public'` as any)) as any;
console.log(tables.rows[0].t.length);
for (let i = 0; i < 3; i++) await m('truncate all', () => x.db.execute(`TRUNCATE ${tables.rows[0].t} RESTART IDENTITY CASCADE` as any));
