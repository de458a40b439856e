// `npm run bench`: how fast LocalLoop is, measured, written to bench/RESULTS.md.
//   1. the offline gazetteer (build, per query, and through its worker thread);
//   2. the vendor directory at scale (20 000 vendors) with the plan's use of the geo index;
//   2b. what hostile uploads cost (image bombs, a burst of large images, PDF bombs);
//   2d. (below 2c) the marketplace at scale: apps/server/src/bench/scale-seed.ts fills a scratch PostgreSQL database
//       with 100,000 deals and activities, a million appointments and purchases and two million chat messages, and
//       reports each step's time (issue 16);
//   2c. the appointments reads at scale (20 000 vendors, a busy provider with a year of bookings): services near me and
//       a day's free slots through their service functions, p50 / p95, with their plans, on PostgreSQL and on PGlite;
//   3. the real server over HTTP under load (autocannon): health, place suggestions, "vendors near me",
//      a vendor's public page, the notifications list and log-in; then a burst of 200 log-ins while others use the app;
//   4. the landing page's weight, and Lighthouse's mobile scores (performance, accessibility, best practices) for /,
//      /LocalActivities, /PopularDeals and a deal's page against issue 16's targets, and long tasks while scrolling a chat
//      history of 1,000 messages (scripts/bench-web.mjs);
//   5. the read path against its floor: "vendors near me", a vendor's page, "services near me" and a provider's free
//      times of a day as a share of /api/health's requests per second, at 50 connections, in production mode, on
//      PostgreSQL and on PGlite (scripts/bench-reads.mjs);
//   6. a chat room under load: 200 sockets in one room across two server processes on PostgreSQL, messages posted over
//      HTTP, deliveries per second and their latency (scripts/bench-chat.mjs; under two minutes).
// The load average is written beside the figures of 2c and 5: on a shared machine other work moves every percentile.
// BENCH_ONLY=web (or a list: gazetteer,directory,uploads,appointments,scale,lists,http,web,reads,chat) runs only those parts; RESULTS.md keeps the sections
// of the parts it did not run, and any section written by hand.
// On PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres when one
// answers there) each part works in a scratch database it drops afterwards; without one, on embedded PGlite.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { chatReport } from './bench-chat.mjs';
import { readsReport } from './bench-reads.mjs';
import { scaleHttpReport, startServer } from './bench-scale.mjs';
import { listsReport, webReport } from './bench-web.mjs';
import { buildServerIfStale, serverEntry } from './server-build.mjs';
import { buildWebIfStale, root } from './web-build.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const port = Number(process.env.BENCH_PORT ?? 3399);
const only = new Set((process.env.BENCH_ONLY ?? '').split(',').map((part) => part.trim()).filter(Boolean));
const wants = (part) => only.size === 0 || only.has(part);
// Every server the bench starts runs compiled, as in production.
await buildServerIfStale();

async function findPostgres() {
  const candidates = [process.env.BENCH_DATABASE_URL, process.env.TEST_DATABASE_URL, 'postgres://postgres@127.0.0.1:5432/postgres'].filter(Boolean);
  for (const url of candidates) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      const { rows } = await client.query('SHOW server_version');
      await client.end();
      return { url, version: rows[0].server_version };
    } catch {
      await client.end().catch(() => undefined);
    }
  }
  return null;
}

const postgres = await findPostgres();
const report = [];
const section = (title, body) => {
  console.log(`\n## ${title}\n${body}`);
  report.push({ title, text: `## ${title}\n\n${body}\n` });
};

/** The machine's load beside the figures: other work on a shared machine moves every percentile. */
const loadAverage = () => os.loadavg().map((n) => n.toFixed(1)).join(', ');

function runTsx(file, env = {}) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, file)], {
    cwd: path.join(root, 'apps/server'),
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`${file} failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout.trim();
}

// 1 and 2: the module benches.
if (wants('gazetteer')) section('Offline gazetteer', '```\n' + runTsx('apps/server/src/modules/geo/geo.bench.ts') + '\n```');
if (wants('directory')) {
  section(
    `Vendor directory at scale (${postgres ? `PostgreSQL ${postgres.version}` : 'PGlite'})`,
    '```\n' + runTsx('apps/server/src/modules/directory/directory.bench.ts', postgres ? { BENCH_DATABASE_URL: postgres.url } : {}) + '\n```',
  );
}

if (wants('appointments')) {
  const runs = [];
  if (postgres) runs.push({ label: `PostgreSQL ${postgres.version}`, env: { BENCH_DATABASE_URL: postgres.url } });
  // PGlite's plans are PostgreSQL's (the same planner); its times are in the tables.
  runs.push({ label: 'PGlite', env: { BENCH_DATABASE_URL: '', TEST_DATABASE_URL: '', PLANS: '0' } });
  const parts = runs.map((run) => {
    const before = loadAverage();
    const out = runTsx('apps/server/src/modules/appointments/appointments.bench.ts', run.env);
    return `**${run.label}** (load average ${before} before, ${loadAverage()} after, over 1, 5 and 15 minutes on ${os.cpus().length} cores):\n\n\`\`\`\n${out}\n\`\`\``;
  });
  section(`Appointments at scale: services near me and free slots (issue 12)`, `Measured on ${new Date().toISOString().slice(0, 10)}.\n\n${parts.join('\n\n')}`);
}

/**
 * The lists near New York in the browser on the seeded database, where New York is the densest city: pages of 12 cards
 * scrolled and turned at this machine's speed and 4x slower (scripts/bench-web.mjs listScroll). The demo data has a
 * handful of activities there, not a second page.
 */
async function scaleListsSection(seeded) {
  const server = await startServer({ root, port: port + 2, databaseUrl: seeded.url });
  try {
    const before = loadAverage();
    const markdown = await listsReport(server.base);
    section(
      'The lists at scale in the browser (issue 16)',
      `Measured on ${new Date().toISOString().slice(0, 10)} on PostgreSQL ${postgres.version}, the seeded database (${seeded.report.counts.activities.toLocaleString('en-US')} activities, ${seeded.report.counts.deals.toLocaleString('en-US')} deals), one server process in production mode; load average ${before} before, ${loadAverage()} after (1, 5 and 15 minutes, ${os.cpus().length} cores).\n\n${markdown}`,
    );
  } finally {
    await server.stop();
  }
}

// 2d: the marketplace at scale (issue 16): the seed's own timings, each step and the whole, against its 5-minute target;
// then the same database over HTTP (scripts/bench-scale.mjs). SCALE_DATABASE_URL with SCALE_REPORT_JSON (the seed's
// REPORT_JSON of a kept database) skips the seed and measures that database. Then the lists near New York in Chromium
// on it (scaleListsSection; BENCH_ONLY=lists runs only that, on a kept database or a new seed).
if (wants('scale') || wants('lists')) {
  if (!postgres) section('The marketplace at scale: the seed (issue 16)', 'Skipped: it needs a PostgreSQL server (BENCH_DATABASE_URL).');
  else {
    let seeded = null;
    if (process.env.SCALE_DATABASE_URL && process.env.SCALE_REPORT_JSON) {
      seeded = { ...JSON.parse(readFileSync(process.env.SCALE_REPORT_JSON, 'utf8')), url: process.env.SCALE_DATABASE_URL, kept: true };
    } else {
      const before = loadAverage();
      const reportFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'localloop-scale-report-')), 'report.json');
      const out = runTsx('apps/server/src/bench/scale-seed.ts', { BENCH_DATABASE_URL: postgres.url, KEEP: '1', REPORT_JSON: reportFile });
      seeded = JSON.parse(readFileSync(reportFile, 'utf8'));
      rmSync(path.dirname(reportFile), { recursive: true, force: true });
      section(
        'The marketplace at scale: the seed (issue 16)',
        `Measured on ${new Date().toISOString().slice(0, 10)} on PostgreSQL ${postgres.version}; load average ${before} before, ${loadAverage()} after (1, 5 and 15 minutes, ${os.cpus().length} cores). Target: the whole seed in under 5 minutes.\n\n\`\`\`\n${out.replace(/\n\nKept: .*$/s, '')}\n\`\`\``,
      );
    }
    try {
      buildWebIfStale();
      if (wants('scale')) {
        const before = loadAverage();
        const http = await scaleHttpReport({ root, port: port + 1, databaseUrl: seeded.url, known: seeded.report.known, password: seeded.report.password });
        section(
          'The marketplace at scale over HTTP (issue 16)',
          `Measured on ${new Date().toISOString().slice(0, 10)} on PostgreSQL ${postgres.version}, the seeded database (${Object.entries(seeded.report.counts).filter(([t]) => ['deals', 'activities', 'services', 'vendors', 'appointments', 'purchases', 'chat_messages'].includes(t)).map(([t, n]) => `${n.toLocaleString('en-US')} ${t}`).join(', ')}); load average ${before} before, ${loadAverage()} after (1, 5 and 15 minutes, ${os.cpus().length} cores).\n\n${http}`,
        );
      }
      if (wants('lists')) await scaleListsSection(seeded);
    } finally {
      if (!seeded.kept) {
        const admin = new pg.Client({ connectionString: postgres.url });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(seeded.database)} WITH (FORCE)`);
        await admin.end();
      }
    }
  }
}

if (wants('uploads')) section('Hostile uploads: decompression bombs and bursts (PGlite)', '```\n' + runTsx('apps/server/src/modules/uploads/uploads.bench.ts') + '\n```');

// 5: its own servers, one on each database.
if (wants('reads')) {
  buildWebIfStale();
  const before = loadAverage();
  const reads = await readsReport({ root, port: port + 1, postgres });
  section('The read path against its floor (issue 10)', `Measured on ${new Date().toISOString().slice(0, 10)}; load average ${before} before, ${loadAverage()} after (1, 5 and 15 minutes, ${os.cpus().length} cores).\n\n${reads}`);
}

// 6: two servers of its own on one scratch PostgreSQL database.
if (wants('chat')) {
  buildWebIfStale();
  const before = loadAverage();
  const chat = await chatReport({ root, port: port + 1, postgres });
  section('A chat room under load (issue 14)', `Measured on ${new Date().toISOString().slice(0, 10)}; load average ${before} before, ${loadAverage()} after (1, 5 and 15 minutes, ${os.cpus().length} cores).\n\n${chat}`);
}

// 3 and 4 need the real server; without them the report is complete.
if (!wants('http') && !wants('web')) {
  writeResults();
  process.exit(0);
}

// 3: the real server over HTTP.
buildWebIfStale();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'localloop-bench-'));
let scratch = null;
// TRUST_PROXY: the log-in burst comes "from" 200 addresses (X-Forwarded-For), as 200 people would.
const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_PER_MINUTE: '100000', NODE_ENV: 'development', TRUST_PROXY: 'true' };
if (postgres) {
  scratch = `localloop_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${scratch}`);
  await admin.end();
  const url = new URL(postgres.url);
  url.pathname = `/${scratch}`;
  env.DATABASE_URL = url.toString();
} else {
  delete env.DATABASE_URL;
}

const server = spawn(process.execPath, [serverEntry], { cwd: path.join(root, 'apps/server'), env, stdio: ['ignore', 'inherit', 'inherit'] });
const base = `http://127.0.0.1:${port}`;

async function until(check, ms) {
  const end = Date.now() + ms;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    if (Date.now() > end) throw new Error('the server did not come up');
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function json(pathname, init) {
  const res = await fetch(base + pathname, init);
  if (!res.ok) throw new Error(`${pathname}: ${res.status} ${await res.text()}`);
  return res.json();
}

function load(title, opts) {
  return new Promise((resolve, reject) => {
    autocannon({ url: base, connections, duration: seconds, ...opts }, (err, result) => {
      if (err) return reject(err);
      const bad = result.non2xx + result.errors + result.timeouts;
      resolve({
        title,
        rps: Math.round(result.requests.average),
        p50: result.latency.p50,
        p97_5: result.latency.p97_5,
        p99: result.latency.p99,
        max: result.latency.max,
        requests: result.requests.total,
        bad,
      });
    });
  });
}

/**
 * 200 connections log in, each as its own account from its own address, for `seconds`; meanwhile 10 connections list
 * vendors and 10 read notifications. The others' latency is compared with the same loads run alone. On PostgreSQL
 * with the server's default pool (10 connections).
 */
async function loginBurst(databaseUrl, bearer) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query(`INSERT INTO users (email, password_hash)
    SELECT 'burst-' || g || '@bench.test', (SELECT password_hash FROM users WHERE email = 'user@example.com')
    FROM generate_series(1, 200) AS g ON CONFLICT DO NOTHING`);
  await db.end();
  const others = () => [
    load('others: GET /api/vendor/lists/', { connections: 10, requests: [{ method: 'GET', path: '/api/vendor/lists/?lat=40.7128&lng=-74.006&radius_km=25' }] }),
    load('others: GET /api/notifications/', { connections: 10, requests: [{ method: 'GET', path: '/api/notifications/', headers: bearer }] }),
  ];
  const alone = await Promise.all(others());
  let next = 0;
  const burst = load('POST /api/login/v2/ (200 connections, 200 accounts)', {
    connections: 200,
    setupClient: (client) => {
      next += 1;
      client.setHeaders({ 'content-type': 'application/json', 'x-forwarded-for': `10.${Math.floor(next / 250)}.${next % 250}.1` });
      client.setBody(JSON.stringify({ email: `burst-${next}@bench.test`, password: 'demo-password-1' }));
    },
    requests: [{ method: 'POST', path: '/api/login/v2/' }],
  });
  const during = await Promise.all([burst, ...others()]);
  const rows = [...alone.map((r) => ({ ...r, title: `${r.title} (alone)` })), ...during.map((r, i) => (i === 0 ? r : { ...r, title: `${r.title} (during the burst)` }))];
  return [
    '| load | req/s | p50 ms | p99 ms | max ms | requests | non-2xx/errors |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.title} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.max} | ${r.requests} | ${r.bad} |`),
  ].join('\n');
}

try {
  await until(async () => (await fetch(`${base}/api/health`)).ok, 90_000);
  if (wants('http')) {
    const started = performance.now();
    await json('/api/geo/suggest/?q=new%20yo'); // the gazetteer's worker builds its index on first use
    const warmMs = Math.round(performance.now() - started);
    const login = await json('/api/login/v2/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'user@example.com', password: 'demo-password-1' }) });
    const near = await json('/api/vendor/lists/?lat=40.7128&lng=-74.006&radius_km=25');
    const someVendor = near.results[0].user_id;
    const bearer = { authorization: `Bearer ${login.access}` };

    const rows = [];
    rows.push(await load('GET /api/health', { requests: [{ method: 'GET', path: '/api/health' }] }));
    const words = ['new yo', 'sao paulo', 'londn', 'paris', 'berl', 'tokyo', 'springfield, il', 'kuala lumpr'];
    rows.push(await load('GET /api/geo/suggest/ (8 queries in turn)', { requests: words.map((q) => ({ method: 'GET', path: `/api/geo/suggest/?q=${encodeURIComponent(q)}` })) }));
    rows.push(await load('GET /api/vendor/lists/ (25 km of New York, nearest first)', { requests: [{ method: 'GET', path: '/api/vendor/lists/?lat=40.7128&lng=-74.006&radius_km=25' }] }));
    rows.push(await load('GET /api/vendor/lists/?q=bakry (typo search)', { requests: [{ method: 'GET', path: '/api/vendor/lists/?lat=40.7128&lng=-74.006&q=bakry' }] }));
    rows.push(await load('GET /api/vendor/public/{user_id}/', { requests: [{ method: 'GET', path: `/api/vendor/public/${someVendor}/` }] }));
    rows.push(await load('GET /api/notifications/ (signed in)', { requests: [{ method: 'GET', path: '/api/notifications/', headers: bearer }] }));
    // A rate-limited read: each request is counted by one upsert in rate_limit_hits (issue 17: limits shared by every
    // process through the database). From a new address each time (a new row; a lookup of New York answered 200), and
    // all from one (one row updated; past 120 a minute answered 429, the same upsert first).
    let caller = 0;
    const timeZone = { method: 'GET', path: '/api/geo/timezone/?lat=40.7128&lng=-74.006' };
    rows.push(
      await load('GET /api/geo/timezone/ (rate-limited, a new address each request: one insert each)', {
        requests: [{ ...timeZone, setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'x-forwarded-for': `10.${(caller >> 16) & 255}.${(caller >> 8) & 255}.${caller++ & 255}` } }) }],
      }),
    );
    rows.push(await load('GET /api/geo/timezone/ (rate-limited, one address: one row updated, 429 past 120 a minute)', { requests: [{ ...timeZone, headers: { 'x-forwarded-for': '10.255.255.1' } }] }));
    rows.push(
      await load('POST /api/login/v2/ (argon2id: CPU-bound by design)', {
        connections: 4,
        requests: [{ method: 'POST', path: '/api/login/v2/', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'user@example.com', password: 'demo-password-1' }) }],
      }),
    );

    const table = [
      '| endpoint | req/s | p50 ms | p97.5 ms | p99 ms | max ms | requests | non-2xx/errors |',
      '|---|---:|---:|---:|---:|---:|---:|---:|',
      ...rows.map((r) => `| ${r.title} | ${r.rps} | ${r.p50} | ${r.p97_5} | ${r.p99} | ${r.max} | ${r.requests} | ${r.bad} |`),
    ].join('\n');
    section(
      `HTTP under load (one server process on ${postgres ? `PostgreSQL ${postgres.version}` : 'PGlite'}, seeded demo data, ${connections} connections, ${seconds} s each)`,
      `First place suggestion after start (the gazetteer's index builds on its thread): ${warmMs} ms.\n\n${table}`,
    );
    for (const r of rows) if (r.bad > 0) console.warn(`warning: ${r.title}: ${r.bad} answers were not 2xx`);

    if (postgres) section('A log-in burst (issue 9): 200 people log in at once while others use the app', await loginBurst(env.DATABASE_URL, bearer));
  }

  // 4: the landing page, as a phone loads it.
  if (wants('web')) {
    const { markdown } = await webReport(base);
    section('The web pages: weight and Lighthouse (issue 16)', `Measured on ${new Date().toISOString().slice(0, 10)}.\n\n${markdown}`);
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
  if (scratch && postgres) {
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
    await admin.end();
  }
}

writeResults();

/** A section's lasting name: its title before any parenthesis or colon (where the database and settings show). */
function sectionKey(title) {
  return title.split(/ \(|:/)[0].trim();
}

/**
 * Writes bench/RESULTS.md: this run's sections replace those of the same name, in their place; the sections of parts
 * this run skipped (BENCH_ONLY), and any written by hand, stay as they were.
 */
function writeResults() {
  const file = path.join(root, 'bench/RESULTS.md');
  const cpus = os.cpus();
  const header = [
    '# LocalLoop benchmarks',
    '',
    `Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}, ${postgres ? `PostgreSQL ${postgres.version}` : 'PGlite'}.`,
    'Numbers are from one run on a shared machine: compare orders of magnitude, not single milliseconds.',
    '',
  ].join('\n');
  const [previousHeader, ...previous] = existsSync(file) ? readFileSync(file, 'utf8').split(/^(?=## )/m) : [];
  const fresh = new Map(report.map((r) => [sectionKey(r.title), r.text]));
  const sections = previous.map((text) => {
    const key = sectionKey(text.slice(3, text.indexOf('\n')));
    const replacement = fresh.get(key);
    fresh.delete(key);
    return replacement ?? text.replace(/\n*$/, '\n');
  });
  sections.push(...fresh.values());
  // A partial run keeps the header of the full run it updates (its own sections carry their date).
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${only.size > 0 && previousHeader ? previousHeader.replace(/\n*$/, '\n') : header}\n${sections.join('\n')}`);
  console.log('\nWritten to bench/RESULTS.md');
}
