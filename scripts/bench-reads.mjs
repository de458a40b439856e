// The read path against its floor, for `npm run bench` (BENCH_ONLY=reads runs just this part): one server process in
// production mode on seeded demo data, on PostgreSQL and on PGlite in turn; autocannon with 50 connections on
// GET /api/health (the floor: one SELECT 1), "vendors near me" and a vendor's public page, health measured before and
// after the others so the ratio is taken in the same stretch of time. Issue 10's targets: each read at least 30 % of
// health's requests per second on PostgreSQL and 25 % on PGlite, p99 under 50 ms.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const targets = { postgres: 30, pglite: 25 };
const p99Target = 50;

function measure(base, path, { connections, seconds, headers }) {
  return new Promise((resolve, reject) => {
    autocannon({ url: base, connections, duration: seconds, requests: [{ method: 'GET', path, headers }] }, (err, r) => {
      if (err) return reject(err);
      resolve({ rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, bad: r.non2xx + r.errors + r.timeouts });
    });
  });
}

async function startServer({ root, port, databaseUrl }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'localloop-reads-'));
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    JWT_SECRET: 'bench-only-secret-bench-only-secret-0123',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  // The demo seed in production warns loudly on stderr; the bench knows.
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], { cwd: path.join(root, 'apps/server'), env, stdio: ['ignore', 'ignore', 'ignore'] });
  const base = `http://127.0.0.1:${port}`;
  const end = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not yet
    }
    if (Date.now() > end) throw new Error('the server did not come up');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    async stop() {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The read endpoints against health on one database; a markdown table and whether the targets hold. */
async function readsOn(kind, { root, port, databaseUrl, connections, seconds }) {
  const server = await startServer({ root, port, databaseUrl });
  try {
    const near = await (await fetch(`${server.base}/api/vendor/lists/?lat=40.7128&lng=-74.006&radius_km=25`)).json();
    const reads = [
      ['GET /api/vendor/lists/ (25 km of New York, nearest first)', '/api/vendor/lists/?lat=40.7128&lng=-74.006&radius_km=25'],
      ['GET /api/vendor/public/{user_id}/', `/api/vendor/public/${near.results[0].user_id}/`],
    ];
    const options = { connections, seconds, headers: { 'accept-encoding': 'gzip, deflate, br' } };
    // Warm: prepared statements, JIT, the pool.
    for (const [, p] of reads) await measure(server.base, p, { ...options, seconds: 2 });
    const before = await measure(server.base, '/api/health', options);
    const rows = [];
    for (const [title, p] of reads) rows.push({ title, ...(await measure(server.base, p, options)) });
    const after = await measure(server.base, '/api/health', options);
    const health = (before.rps + after.rps) / 2;
    const lines = [
      `| GET /api/health (before, after) | ${before.rps}, ${after.rps} | 100 % | ${before.p50}, ${after.p50} | ${before.p99}, ${after.p99} | ${before.bad + after.bad} | |`,
    ];
    let met = true;
    for (const r of rows) {
      const share = Math.round((100 * r.rps) / health);
      const ok = share >= targets[kind] && r.p99 < p99Target && r.bad === 0;
      met &&= ok;
      lines.push(`| ${r.title} | ${r.rps} | ${share} % | ${r.p50} | ${r.p99} | ${r.bad} | ${ok ? 'yes' : 'no'} (≥ ${targets[kind]} %, p99 < ${p99Target} ms) |`);
    }
    return { lines, met };
  } finally {
    await server.stop();
  }
}

export async function readsReport({ root, port, postgres, connections = 50, seconds = 8 }) {
  const out = [];
  const runs = [];
  if (postgres) {
    const name = `localloop_reads_${Date.now()}`;
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const url = new URL(postgres.url);
      url.pathname = `/${name}`;
      runs.push({ label: `PostgreSQL ${postgres.version}`, ...(await readsOn('postgres', { root, port, databaseUrl: url.toString(), connections, seconds })) });
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
  runs.push({ label: 'PGlite', ...(await readsOn('pglite', { root, port, databaseUrl: null, connections, seconds })) });
  out.push(`One server process in production mode, seeded demo data, ${connections} connections, ${seconds} s each, gzip accepted.`);
  for (const run of runs) {
    out.push('', `**${run.label}**: targets ${run.met ? 'met' : 'NOT met'}`, '');
    out.push('| endpoint | req/s | of health | p50 ms | p99 ms | non-2xx | target |', '|---|---:|---:|---:|---:|---:|---|', ...run.lines);
  }
  return out.join('\n');
}
