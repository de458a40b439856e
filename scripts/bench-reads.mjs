// The read path against its floor, for `npm run bench` (BENCH_ONLY=reads runs just this part): one server process in
// production mode on seeded demo data, on PostgreSQL and on PGlite in turn; autocannon with 50 connections on
// GET /api/health (the floor: one SELECT 1), "vendors near me", a vendor's public page, "services near me" and a
// provider's free times of a day, deals near me and a deal's details, activities near me and an activity's page, the
// marketplace search and /Discover's groups, health
// measured before and after the others so the ratio is taken in the same stretch of time. Issue 10's targets: each read at least 30 % of
// health's requests per second on PostgreSQL and 25 % on PGlite, p99 under 50 ms.
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { serverEntry } from './server-build.mjs';

const targets = { postgres: 30, pglite: 25 };
const p99Target = 50;

/** `path` is a string, or a function giving each request its own (a question never asked before). */
function measure(base, path, { connections, seconds, headers }) {
  const request = typeof path === 'function' ? { method: 'GET', headers, setupRequest: (req) => ({ ...req, path: path() }) } : { method: 'GET', path, headers };
  return new Promise((resolve, reject) => {
    autocannon({ url: base, connections, duration: seconds, requests: [request] }, (err, r) => {
      if (err) return reject(err);
      resolve({ rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, bad: r.non2xx + r.errors + r.timeouts });
    });
  });
}

let freshPoints = 0;
/** Paths from a latitude never asked before: 40.7128 and a millionth of a degree more each time. */
const fresh = (path) => () => `${path}&lat=${(40.7128 + ++freshPoints / 1e6).toFixed(6)}`;

/** A fresh access token of the demo user (user@example.com). */
async function demoUserAccess(base) {
  const res = await fetch(`${base}/api/login/v2/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'user@example.com', password: 'demo-password-1' }),
  });
  if (!res.ok) throw new Error(`the demo user could not log in: ${res.status}`);
  return (await res.json()).access;
}

/** The real server on `port` in production mode with the demo data; `env` adds to its environment. Also the chat part's. */
/**
 * Waits for the start-up work a listening server does a little after it answers: the gazetteer's index (about 3 s of
 * CPU on its thread, 15 s after start or at the first place suggestion, geo/routes.ts). Asked for now, it is built
 * before anything is measured, as on a server that has run for a while; otherwise it lands inside a measurement.
 */
export async function startUpDone(base) {
  const res = await fetch(`${base}/api/geo/suggest/?q=new%20yo`);
  if (!res.ok) throw new Error(`the gazetteer did not answer: ${res.status}`);
}

export async function startServer({ root, port, databaseUrl, env: extra = {} }) {
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
    QR_SIGNING_SECRET: 'bench-only-qr-secret-bench-only-qr-0123',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...extra,
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  // The demo seed in production warns loudly on stderr; the bench knows.
  // BENCH_NODE_FLAGS: flags for the servers' node (`--cpu-prof --cpu-prof-dir=/tmp/x` to profile them), for debugging.
  const flags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  // BENCH_SERVER_LOG=<file>: the servers' output (warnings, errors, --trace-gc), appended there, for debugging.
  const log = process.env.BENCH_SERVER_LOG ? openSync(process.env.BENCH_SERVER_LOG, 'a') : 'ignore';
  const server = spawn(process.execPath, [...flags, serverEntry], { cwd: path.join(root, 'apps/server'), env, stdio: ['ignore', log, log] });
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
  await startUpDone(base);
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
async function readsOn(kind, { root, port, databaseUrl, connections, seconds, rounds }) {
  const server = await startServer({ root, port, databaseUrl });
  try {
    const near = await (await fetch(`${server.base}/api/vendor/lists/?lat=40.7128&lng=-74.006&radius_km=25`)).json();
    // Issue 12's reads: services near me, and a provider's free times for tomorrow (New York) of a demo service.
    const services = await (await fetch(`${server.base}/api/appointments/get-all-services/?lat=40.7128&lng=-74.006&radius_km=25`)).json();
    const service = await (await fetch(`${server.base}/api/appointments/get-service/${services.results[0].id}/`)).json();
    const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', { timeZone: service.vendor.time_zone });
    // Issue 13's reads: deals near me, and one deal's details with its distance from the asked location.
    const deals = await (await fetch(`${server.base}/api/deals/lists/?lat=40.7128&lng=-74.006&radius_km=25`)).json();
    const location = encodeURIComponent(JSON.stringify({ lat: 40.7128, lng: -74.006 }));
    // Issue 14's reads: activities near me at the demo activities' densest point (all four are in Manhattan, the run
    // starts at City Hall), and one activity's page as a visitor sees it.
    const activities = await (await fetch(`${server.base}/api/activities/lists/?lat=40.7128&lng=-74.006&radius_km=25`)).json();
    if (!activities.results?.length) throw new Error('the demo data has no activities near New York');
    const reads = [
      ['GET /api/vendor/lists/ (25 km of New York, nearest first)', '/api/vendor/lists/?lat=40.7128&lng=-74.006&radius_km=25'],
      ['GET /api/vendor/public/{user_id}/', `/api/vendor/public/${near.results[0].user_id}/`],
      ['GET /api/appointments/get-all-services/ (25 km of New York)', '/api/appointments/get-all-services/?lat=40.7128&lng=-74.006&radius_km=25'],
      [
        'GET /api/appointments/get-time-slots/ (one provider, tomorrow)',
        `/api/appointments/get-time-slots/?provider_id=${service.providers[0].id}&service_id=${service.id}&for_date=${tomorrow}`,
      ],
      ['GET /api/deals/lists/ (25 km of New York, nearest first)', '/api/deals/lists/?lat=40.7128&lng=-74.006&radius_km=25'],
      ['GET /api/deals/details/{deal_uuid}/ (with a location)', `/api/deals/details/${deals.results[0].id}/?location=${location}`],
      ['GET /api/activities/lists/ (25 km of New York, nearest first)', '/api/activities/lists/?lat=40.7128&lng=-74.006&radius_km=25'],
      ['GET /api/activities/details/{id}/', `/api/activities/details/${activities.results[0].id}/`],
      // Issue 15's reads: the marketplace search (four lists asked with a typo) and /Discover's four groups, all and one theme.
      // Search and /Discover keep an answer PUBLIC_ANSWER_SECONDS (10) for the next asker of the same (lib/answer-cache.ts);
      // a signed-in person gets it with their marks looked up. The "asked afresh" rows ask from a point never asked
      // before (a millionth of a degree further each time), so every one costs the four lists: the cost of a new question.
      ['GET /api/search/?q=bagls (typo, four kinds, 4 each; asked again)', '/api/search/?q=bagls&lat=40.7128&lng=-74.006'],
      ['GET /api/search/?q=bagls (signed in; asked again)', '/api/search/?q=bagls&lat=40.7128&lng=-74.006', { signedIn: true }],
      ['GET /api/search/?q=bagls (asked afresh: a new point each time)', fresh('/api/search/?q=bagls&lng=-74.006')],
      ['GET /api/discover/ (four kinds near New York, 8 each; asked again)', '/api/discover/?lat=40.7128&lng=-74.006'],
      ['GET /api/discover/ (signed in; asked again)', '/api/discover/?lat=40.7128&lng=-74.006', { signedIn: true }],
      ['GET /api/discover/ (asked afresh: a new point each time)', fresh('/api/discover/?lng=-74.006')],
      ['GET /api/discover/?category=beauty-wellness (one theme; asked again)', '/api/discover/?lat=40.7128&lng=-74.006&category=beauty-wellness'],
    ];
    const options = { connections, seconds };
    // What a browser sends: the answer comes gzipped (health's is too small to be).
    const gzip = { ...options, headers: { 'accept-encoding': 'gzip, deflate, br' } };
    const cases = reads.flatMap(([title, p, { signedIn = false } = {}]) => [
      { title: `${title}, uncompressed`, path: p, options, signedIn },
      { title: `${title}, gzipped`, path: p, options: gzip, signedIn },
    ]);
    // The demo user's access token, renewed before it could lapse (15 minutes) during a run.
    let session = { access: '', at: 0 };
    const withSession = async (c) => {
      if (!c.signedIn) return c.options;
      if (Date.now() - session.at > 5 * 60_000) session = { access: await demoUserAccess(server.base), at: Date.now() };
      return { ...c.options, headers: { ...c.options.headers, authorization: `Bearer ${session.access}` } };
    };
    // Warm: prepared statements, JIT, the pool.
    for (const c of cases) await measure(server.base, c.path, { ...(await withSession(c)), seconds: 2 });
    // Rounds in turn, medians reported: one run on a shared virtual machine varies by a third from one to the next.
    const health = [];
    const results = cases.map(() => []);
    for (let round = 0; round < rounds; round += 1) {
      health.push(await measure(server.base, '/api/health', options));
      for (const [i, c] of cases.entries()) results[i].push(await measure(server.base, c.path, await withSession(c)));
    }
    health.push(await measure(server.base, '/api/health', options));
    const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const floor = median(health.map((h) => h.rps));
    const lines = [
      `| GET /api/health | ${floor} (${health.map((h) => h.rps).join(', ')}) | 100 % | ${median(health.map((h) => h.p50))} | ${median(health.map((h) => h.p99))} | ${health.reduce((n, h) => n + h.bad, 0)} | |`,
    ];
    let met = true;
    for (const [i, c] of cases.entries()) {
      const runs = results[i];
      const rps = median(runs.map((r) => r.rps));
      const p99 = median(runs.map((r) => r.p99));
      const bad = runs.reduce((n, r) => n + r.bad, 0);
      const share = Math.round((100 * rps) / floor);
      const ok = share >= targets[kind] && p99 < p99Target && bad === 0;
      met &&= ok;
      lines.push(`| ${c.title} | ${rps} (${runs.map((r) => r.rps).join(', ')}) | ${share} % | ${median(runs.map((r) => r.p50))} | ${p99} | ${bad} | ${ok ? 'yes' : 'no'} (≥ ${targets[kind]} %, p99 < ${p99Target} ms) |`);
    }
    return { lines, met };
  } finally {
    await server.stop();
  }
}

export async function readsReport({ root, port, postgres, connections = 50, seconds = 6, rounds = 3 }) {
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
      runs.push({ label: `PostgreSQL ${postgres.version}`, ...(await readsOn('postgres', { root, port, databaseUrl: url.toString(), connections, seconds, rounds })) });
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
  runs.push({ label: 'PGlite', ...(await readsOn('pglite', { root, port, databaseUrl: null, connections, seconds, rounds })) });
  out.push(
    `One server process in production mode, seeded demo data, ${connections} connections, ${seconds} s a measurement, ${rounds} rounds in turn: the median req/s and p99 of each (every round's req/s in brackets); each read without and with gzip accepted.`,
  );
  for (const run of runs) {
    out.push('', `**${run.label}**: targets ${run.met ? 'met' : 'NOT met'}`, '');
    out.push('| endpoint | req/s (rounds) | of health | p50 ms | p99 ms | non-2xx | target |', '|---|---:|---:|---:|---:|---:|---|', ...run.lines);
  }
  return out.join('\n');
}
