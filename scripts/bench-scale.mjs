// The marketplace at scale over HTTP, for `npm run bench` (BENCH_ONLY=scale runs it after the scale seed; issue 16):
// one production-mode server process on the seeded scratch database (apps/server/src/bench/scale-seed.ts), autocannon
// on loopback with 50 connections, every read measured against GET /api/health in the same run and against its
// database floor: the statements the endpoint sent for one request (recorded by apps/server/src/bench/record-
// statements.ts in a first server process), run alone by pgbench with as many clients. Then the contended writes
// (many customers booking one slot, buying one deal, joining one activity) with their invariants checked in SQL, log-in,
// the server's RSS after the run and its cold start on the existing database.
//
// SCALE_DATABASE_URL and SCALE_REPORT_JSON (the seed's REPORT_JSON) measure an already-seeded database instead.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startUpDone } from './bench-reads.mjs';
import { serverEntry } from './server-build.mjs';

/**
 * The contended writes' warm-up: this many bursts of the same write on other rows before the measured one. A process
 * meets its first bursts slower than its later ones (V8 still optimising the write's code): buying one deal measured
 * p99 245-250 ms after one or two bursts of warm-up, 157 ms after six, at 67-72 units left (2026-12-06).
 */
const WARM_UP_BURSTS = Number(process.env.SCALE_WARM_UP_BURSTS ?? 6);

export const scaleTargets = { share: 30, floor: 50, p99: 50, slotsP99: 20, writesP99: 200, rssMb: 300, coldStartMs: 3000 };
const newYork = { lat: 40.7128, lng: -74.006 };
const near = `lat=${newYork.lat}&lng=${newYork.lng}&radius_km=25`;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * The server in production mode on the scale database; `record`: the file the statement recorder appends to; `flags`:
 * for the measured processes' node, after SCALE_NODE_FLAGS (scripts/profile-read.mjs profiles one).
 */
export async function startServer({ root, port, databaseUrl, record, env: extra = {}, flags: more = [] }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'localloop-scale-'));
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    JWT_SECRET: 'bench-only-secret-bench-only-secret-0123',
    QR_SIGNING_SECRET: 'bench-only-qr-secret-bench-only-qr-0123',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // The bench logs hundreds of customers in from one address.
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    ...extra,
  };
  delete env.RECORD_STATEMENTS;
  if (record) env.RECORD_STATEMENTS = record;
  // The recorder is a TypeScript preload, so the recording process runs the sources; the measured ones run compiled.
  // SCALE_NODE_FLAGS: flags for the measured processes' node (--trace-gc with SCALE_SERVER_LOG, say), for debugging.
  const flags = [...(process.env.SCALE_NODE_FLAGS ?? '').split(' ').filter(Boolean), ...more];
  const args = record ? ['--import', 'tsx', '--import', path.join(root, 'apps/server/src/bench/record-statements.ts'), path.join(root, 'apps/server/src/main.ts')] : [...flags, serverEntry];
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: path.join(root, 'apps/server'),
    env,
    stdio: ['ignore', process.env.SCALE_SERVER_LOG ? 'pipe' : 'ignore', 'pipe'],
  });
  child.stdout?.on('data', (d) => appendFileSync(process.env.SCALE_SERVER_LOG, d));
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr = (stderr + d).slice(-4000);
    // SCALE_SERVER_LOG=<file>: the servers' warnings and errors, kept (LOG_LEVEL=warn).
    if (process.env.SCALE_SERVER_LOG) appendFileSync(process.env.SCALE_SERVER_LOG, d);
  });
  const base = `http://127.0.0.1:${port}`;
  const end = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not yet
    }
    if (child.exitCode !== null || Date.now() > end) throw new Error(`the server did not come up:\n${stderr}`);
    await sleep(10);
  }
  const coldStartMs = Math.round(performance.now() - started);
  return {
    base,
    pid: child.pid,
    coldStartMs,
    /** The process's resident set now, from /proc (Linux), in MB. */
    rssMb() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
      return Math.round(kb / 1024);
    },
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function call(base, pathname, { method = 'GET', token, body, headers = {} } = {}) {
  const send = () =>
    fetch(base + pathname, {
      method,
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  let res;
  try {
    res = await send();
  } catch (error) {
    // A kept-alive connection the server closed as idle just as it was reused: nothing was received, so send again.
    if (error?.cause?.code !== 'UND_ERR_SOCKET') throw error;
    res = await send();
  }
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function ok(base, pathname, options) {
  const res = await call(base, pathname, options);
  if (res.status >= 300) throw new Error(`${options?.method ?? 'GET'} ${pathname}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function login(base, email, password) {
  return (await ok(base, '/api/login/v2/', { method: 'POST', body: { email, password } })).access;
}

/** Log-ins, `concurrency` at a time (argon2id is CPU-bound by design). */
async function loginAll(base, emails, password, concurrency = 4) {
  const tokens = new Array(emails.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < emails.length) {
        const i = next++;
        tokens[i] = await login(base, emails[i], password);
      }
    }),
  );
  return tokens;
}

/**
 * Waits until the server has worked off what the last measurement left queued (autocannon stops sending at the end,
 * the server still answers what it had): three health checks in a row within 20 ms, for at most 30 s.
 */
async function settle(base) {
  const end = Date.now() + 30_000;
  let quick = 0;
  while (quick < 3 && Date.now() < end) {
    const at = performance.now();
    await fetch(`${base}/api/health`).then((r) => r.arrayBuffer()).catch(() => undefined);
    quick = performance.now() - at < 20 ? quick + 1 : 0;
    if (quick < 3) await sleep(50);
  }
}

/** autocannon on one request, or on `setupRequest` giving each its own; req/s, p50, p99 and answers by status. */
async function measure(base, request, options) {
  const result = await measureOnce(base, request, options);
  await settle(base);
  return result;
}

function measureOnce(base, request, { connections, seconds, amount }) {
  return new Promise((resolve, reject) => {
    const statuses = {};
    const instance = autocannon(
      { url: base, connections, ...(amount ? { amount } : { duration: seconds }), requests: [{ method: 'GET', ...request }] },
      (err, r) => {
        if (err) return reject(err);
        resolve({ rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max, total: r.requests.total, errors: r.errors + r.timeouts, non2xx: r.non2xx, statuses });
      },
    );
    instance.on('response', (_client, status) => {
      statuses[status] = (statuses[status] ?? 0) + 1;
    });
  });
}

// ---- The database floor: the endpoint's own statements through pgbench ---------------------------------------------

/** Reads what the recorder appended since `offset`: the statements of one request (the realtime listener's left out). */
export function recordedSince(file, offset) {
  if (!existsSync(file)) return [];
  const buffer = readFileSync(file);
  return buffer
    .subarray(offset)
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .filter((s) => s.app !== 'localloop-realtime');
}

const literal = (value) => (value === null || value === undefined ? 'NULL' : `'${String(value).replace(/'/g, "''")}'`);

/** One statement with its parameters written in as untyped literals (typed from their place, as parameters are). */
function inline({ text, values }) {
  return text.replace(/\$(\d+)/g, (_, n) => literal(values[Number(n) - 1]));
}

export function pgbenchFloor(databaseUrl, statements, { connections, seconds }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'localloop-pgbench-'));
  try {
    const script = path.join(dir, 'endpoint.sql');
    writeFileSync(script, statements.map((s) => `${inline(s).trim().replace(/;$/, '')};\n`).join(''));
    const url = new URL(databaseUrl);
    const args = ['-n', '-M', 'prepared', '-c', String(connections), '-j', '2', '-T', String(seconds), '-f', script, '-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username || 'postgres'), url.pathname.slice(1)];
    // The server's own session settings (db/client.ts: the search threshold, the cost of a page read out of order, no
    // parallel workers).
    const options = '-c pg_trgm.word_similarity_threshold=0.45 -c random_page_cost=1.1 -c max_parallel_workers_per_gather=0';
    const r = spawnSync('pgbench', args, { encoding: 'utf8', env: { ...process.env, PGPASSWORD: decodeURIComponent(url.password), PGOPTIONS: options } });
    if (r.error) return { error: r.error.code === 'ENOENT' ? 'pgbench not found' : String(r.error) };
    const tps = Number(/tps = ([\d.]+)/.exec(r.stdout)?.[1] ?? NaN);
    const latency = Number(/latency average = ([\d.]+) ms/.exec(r.stdout)?.[1] ?? NaN);
    const failed = Number(/number of failed transactions: (\d+)/.exec(r.stdout)?.[1] ?? 0);
    if (r.status !== 0 || !Number.isFinite(tps)) return { error: `pgbench failed: ${(r.stderr || r.stdout).trim().split('\n').slice(-3).join(' ')}` };
    return { tps: Math.round(tps), latency, failed };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Tables whose sequential scan a read must never need at scale: issue 16's four, and the other tables of hundreds of
 * thousands of rows. (A hash join may read the 20,000 shops or their addresses whole: that is not flagged.)
 */
const bigTables = ['deals', 'activities', 'services', 'appointments', 'purchases', 'chat_messages', 'users', 'activity_participants'];

/**
 * Each statement's plan at scale, as the server's sessions plan it (the search threshold, no parallel workers): the
 * indexes it uses and any sequential scan of a big table, which fails the read.
 */
async function plansOf(db, statements) {
  const used = new Set();
  const scans = new Set();
  for (const statement of statements) {
    if (/^\s*(begin|commit|rollback|set|select 1$)/i.test(statement.text.trim())) continue;
    const { rows } = await db.query(`EXPLAIN ${inline(statement)}`);
    for (const { 'QUERY PLAN': line } of rows) {
      for (const m of line.matchAll(/(?:Index Scan|Index Only Scan)(?: Backward)? using (\w+)|Bitmap Index Scan on (\w+)/g)) used.add(m[1] ?? m[2]);
      const seq = /Seq Scan on (\w+)/.exec(line);
      if (seq && bigTables.includes(seq[1])) scans.add(seq[1]);
    }
  }
  return { indexes: [...used], seqScans: [...scans] };
}

// ---- The run -------------------------------------------------------------------------------------------------------

/** Picks what the bench reads and writes: ids from the seeded database, checked through the API. */
async function chooseTargets(db, base, known) {
  const one = async (text, values = []) => (await db.query(text, values)).rows[0];
  const deals = await ok(base, `/api/deals/lists/?${near}`);
  const activities = await ok(base, `/api/activities/lists/?${near}`);
  if (!deals.results?.length || !activities.results?.length) throw new Error('no deals or activities near New York: is this the scale database?');
  const room = known.busiestRoom;
  const middleSeq = (await one('SELECT seq FROM chat_messages WHERE room_id = $1 ORDER BY seq OFFSET $2 LIMIT 1', [room.roomId, Math.floor(room.messages / 2)])).seq;
  const pairing = await one(
    `SELECT ps.service_id, v.time_zone FROM provider_services ps JOIN services s ON s.id = ps.service_id JOIN providers p ON p.id = ps.provider_id
      JOIN vendors v ON v.id = p.vendor_id WHERE ps.provider_id = $1 AND s.is_active ORDER BY s.duration_minutes LIMIT 1`,
    [known.busiestProvider.providerId],
  );
  // A deal on sale near New York with stock for some of the buyers, not all; an open activity with room for some.
  // The others are the warm-up's: bursts first on other deals and activities, so that the measured one meets a process
  // whose code for it has run many times over (as the reads are measured after 2 s of warm-up).
  const [hotDeal, ...warmDeals] = (
    await db.query(
      `SELECT d.id, d.quantity_total, d.quantity_sold FROM deals d WHERE d.listed AND d.city = $1 AND d.starts_at <= now() AND d.ends_at > now() + interval '1 day'
        AND d.quantity_total - d.quantity_sold BETWEEN 20 AND 150 ORDER BY d.id LIMIT 1 + $2`,
      [known.densestCity.name, WARM_UP_BURSTS],
    )
  ).rows;
  const [hotActivity, ...warmActivities] = (
    await db.query(
      `SELECT a.id, a.capacity, a.participant_count FROM activities a WHERE a.city = $1 AND a.join_mode = 'open' AND a.deactivated_at IS NULL
        AND a.starts_at > now() + interval '1 day' AND a.capacity - a.participant_count BETWEEN 5 AND 40 AND a.visibility = 'public' ORDER BY a.id LIMIT 1 + $2`,
      [known.densestCity.name, WARM_UP_BURSTS],
    )
  ).rows;
  return { deal: deals.results[0].id, activity: activities.results[0].id, room, middleSeq, pairing, hotDeal, warmDeals, hotActivity, warmActivities };
}

/** The provider's free slots, made for the next 90 days by the shop's owner (the seed makes bookings, not slots). */
async function makeSlots(base, ownerToken, providerId, serviceId, timeZone) {
  const day = (offset) => new Date(Date.now() + offset * 86_400_000).toLocaleDateString('en-CA', { timeZone });
  const made = await ok(base, `/api/appointments/providers/${providerId}/generate-slots/`, {
    method: 'POST',
    token: ownerToken,
    body: { service_id: serviceId, start_date: day(1), end_date: day(89) },
  });
  // The first day from tomorrow with a free slot: the hot slot of the contended booking.
  for (let offset = 1; offset < 90; offset += 1) {
    const answer = await ok(base, `/api/appointments/get-time-slots/?provider_id=${providerId}&service_id=${serviceId}&for_date=${day(offset)}`);
    if (answer.slots.length > 0) return { made, day: day(1), hotDay: day(offset), hotSlot: answer.slots[0].starts_at, warmSlots: answer.slots.slice(1, 1 + WARM_UP_BURSTS).map((slot) => slot.starts_at), freeThatDay: answer.slots.length };
  }
  return { made, day: day(1), hotDay: null, hotSlot: null, warmSlots: [], freeThatDay: 0 };
}

export async function scaleHttpReport({ root, port, databaseUrl, known, password, connections = 50, seconds = 6, rounds = 3 }) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query('SET pg_trgm.word_similarity_threshold = 0.45');
  await db.query('SET random_page_cost = 1.1');
  await db.query('SET max_parallel_workers_per_gather = 0');
  const recordDir = mkdtempSync(path.join(os.tmpdir(), 'localloop-record-'));
  const recordFile = path.join(recordDir, 'statements.jsonl');
  const out = [];
  const started = performance.now();
  try {
    // 0. Cold start of the production process on the database as the seed left it (the page cache cold for the server).
    const first = await startServer({ root, port, databaseUrl });
    const coldStarts = [first.coldStartMs];
    await first.stop();
    // 1. A process records the statements of one request of each read (after a first to warm it).
    // Nothing kept between askers here (PUBLIC_ANSWER_SECONDS 0): each request is what answering it costs.
    const recorder = await startServer({ root, port, databaseUrl, record: recordFile, env: { PUBLIC_ANSWER_SECONDS: '0' } });
    let targets;
    let cases;
    const statements = new Map();
    const customers = Array.from({ length: 300 }, (_, i) => `customer${150_000 + i}@bench.example.test`);
    try {
      targets = await chooseTargets(db, recorder.base, known);
      const ownerToken = await login(recorder.base, known.vendorOwner.email, password);
      const slots = targets.pairing ? await makeSlots(recorder.base, ownerToken, known.busiestProvider.providerId, targets.pairing.service_id, targets.pairing.time_zone) : null;
      targets.slots = slots;
      const hostToken = await login(recorder.base, known.busiestRoom.hostEmail, password);
      const customerToken = await login(recorder.base, known.busiestCustomer.email, password);
      const location = encodeURIComponent(JSON.stringify(newYork));
      const auth = (token) => ({ authorization: `Bearer ${token}` });
      cases = [
        { title: 'GET /api/deals/lists/ (New York, 25 km, nearest first)', path: `/api/deals/lists/?${near}`, kept: true },
        { title: 'GET /api/deals/lists/?q=haircutt (typo)', path: `/api/deals/lists/?${near}&q=haircutt`, kept: true },
        { title: 'GET /api/activities/lists/ (New York, 25 km, nearest first)', path: `/api/activities/lists/?${near}`, kept: true },
        { title: 'GET /api/activities/lists/?q=bord game (typo)', path: `/api/activities/lists/?${near}&q=bord%20game`, kept: true },
        { title: 'GET /api/appointments/get-all-services/ (New York, 25 km)', path: `/api/appointments/get-all-services/?${near}`, kept: true },
        { title: 'GET /api/appointments/get-all-services/?q=massge (typo)', path: `/api/appointments/get-all-services/?${near}&q=massge`, kept: true },
        { title: 'GET /api/vendor/lists/ (New York, 25 km, nearest first)', path: `/api/vendor/lists/?${near}`, kept: true },
        { title: 'GET /api/vendor/lists/?q=bakry (typo)', path: `/api/vendor/lists/?${near}&q=bakry`, kept: true },
        // A visitor's deal page is kept for the next visitor, a signed-in person's read fresh; an activity's page and a
        // provider's free times are kept for everyone until they change (a person's own place read for them).
        { title: 'GET /api/deals/details/{deal_uuid}/ (with a location)', path: `/api/deals/details/${targets.deal}/?location=${location}` },
        { title: 'GET /api/deals/details/{deal_uuid}/ (with a location), signed in', path: `/api/deals/details/${targets.deal}/?location=${location}`, headers: auth(customerToken) },
        { title: 'GET /api/activities/details/{id}/', path: `/api/activities/details/${targets.activity}/` },
        { title: 'GET /api/activities/details/{id}/, signed in', path: `/api/activities/details/${targets.activity}/`, headers: auth(customerToken) },
        ...(slots
          ? [
              {
                title: `GET /api/appointments/get-time-slots/ (the busiest provider: ${known.busiestProvider.appointments} bookings; tomorrow)`,
                path: `/api/appointments/get-time-slots/?provider_id=${known.busiestProvider.providerId}&service_id=${targets.pairing.service_id}&for_date=${slots.day}`,
                p99: scaleTargets.slotsP99,
              },
              {
                title: `GET /api/appointments/get-time-slots/ (the busiest provider; tomorrow), signed in`,
                path: `/api/appointments/get-time-slots/?provider_id=${known.busiestProvider.providerId}&service_id=${targets.pairing.service_id}&for_date=${slots.day}`,
                headers: auth(customerToken),
                p99: scaleTargets.slotsP99,
              },
            ]
          : []),
        { title: `GET /api/chat/rooms/{room_id}/messages/ (newest 50 of ${known.busiestRoom.messages}, as the host)`, path: `/api/chat/rooms/${targets.room.roomId}/messages/`, headers: auth(hostToken) },
        { title: 'GET /api/chat/rooms/{room_id}/messages/?before= (an older page)', path: `/api/chat/rooms/${targets.room.roomId}/messages/?before=${targets.middleSeq}`, headers: auth(hostToken) },
        { title: `GET /api/notifications/ (the busiest customer: newest 20 of ${known.busiestCustomer.notifications ?? '?'})`, path: '/api/notifications/', headers: auth(customerToken) },
      ];
      // The lists keep a visitor's answer 10 s for the next visitor asking the same (lib/answer-cache.ts): asked again
      // and again, the rows above measure that. Asked afresh, from a point a millionth of a degree further each time,
      // each request costs its statements: these rows measure that (same statements, so the same floor).
      let step = 0;
      const fresh = (pathname) => () => pathname.replace(`lat=${newYork.lat}`, `lat=${(newYork.lat + ++step / 1e6).toFixed(6)}`);
      for (const c of cases.filter((x) => x.kept)) {
        cases.push({ ...c, title: `${c.title}, asked afresh`, fresh: fresh(c.path), floorOf: c.title });
      }
      cases.sort((a, b) => (a.floorOf ?? a.title).localeCompare(b.floorOf ?? b.title) || (a.fresh ? 1 : 0) - (b.fresh ? 1 : 0));
      statements.set('health', [{ text: 'SELECT 1', values: [] }]);
      for (const c of cases.filter((x) => !x.fresh)) {
        await ok(recorder.base, c.path, { headers: c.headers });
        const offset = existsSync(recordFile) ? statSync(recordFile).size : 0;
        await ok(recorder.base, c.path, { headers: c.headers });
        statements.set(c.title, recordedSince(recordFile, offset));
      }
      // SCALE_STATEMENTS=<file>: each read's statements, parameters written in, for EXPLAIN by hand.
      if (process.env.SCALE_STATEMENTS) {
        writeFileSync(process.env.SCALE_STATEMENTS, [...statements].map(([title, list]) => `-- ${title}\n${list.map((st) => `${inline(st).trim().replace(/;$/, '')};`).join('\n')}\n`).join('\n'));
      }
    } finally {
      await recorder.stop();
    }

    // 2. The measured process: no recorder. Cold start again on the database now warm in the page cache.
    const server = await startServer({ root, port, databaseUrl });
    coldStarts.push(server.coldStartMs);
    try {
      const firstList = performance.now();
      await ok(server.base, cases[0].path);
      const firstListMs = Math.round(performance.now() - firstList);
      await startUpDone(server.base);
      const hostToken = await login(server.base, known.busiestRoom.hostEmail, password);
      const customerToken = await login(server.base, known.busiestCustomer.email, password);
      // The tokens of the first process are valid here too (same secret); fresh ones keep the run within their life.
      for (const c of cases) {
        if (c.headers?.authorization) c.headers = { authorization: `Bearer ${c.path.includes('/chat/') ? hostToken : customerToken}` };
      }
      const options = { connections, seconds };
      const requestOf = (c) => (c.fresh ? { headers: c.headers, setupRequest: (req) => ({ ...req, path: c.fresh() }) } : { path: c.path, headers: c.headers });
      // SCALE_READS=0: only the writes, log-in and the process (the reads take most of the part's minutes).
      const readCases = process.env.SCALE_READS === '0' ? [] : cases;
      for (const c of readCases) await measure(server.base, requestOf(c), { ...options, seconds: 2 });
      const health = [];
      const results = readCases.map(() => []);
      for (let round = 0; round < rounds; round += 1) {
        health.push(await measure(server.base, { path: '/api/health' }, options));
        for (const [i, c] of readCases.entries()) results[i].push(await measure(server.base, requestOf(c), options));
      }
      health.push(await measure(server.base, { path: '/api/health' }, options));
      const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
      const healthRps = median(health.map((h) => h.rps));
      // Each read's floor measured once a round, in turn as the reads were (a floor measured once moved by a factor of
      // two from run to run for the same statement: 8,643 and 17,730 tps); the median round counts.
      const floorRounds = new Map([['health', []], ...readCases.filter((c) => !c.floorOf).map((c) => [c.title, []])]);
      for (let round = 0; round < rounds; round += 1) {
        for (const [title, runs] of floorRounds) {
          const sqls = statements.get(title) ?? [];
          if (sqls.length > 0) runs.push(pgbenchFloor(databaseUrl, sqls, options));
        }
      }
      // A read's floor: the median round's, with every round's tps (a read asked afresh has its kept twin's statements).
      const medianFloor = (title) => {
        const runs = floorRounds.get(title) ?? [];
        const measured = runs.filter((f) => f.tps);
        if (measured.length === 0) return runs[0] ?? { error: 'no statement' };
        const middle = [...measured].sort((a, b) => a.tps - b.tps)[Math.floor(measured.length / 2)];
        return { ...middle, rounds: measured.map((f) => f.tps) };
      };
      const floorText = (floor) => (floor.tps ? `${floor.tps}${floor.rounds?.length > 1 ? ` (${floor.rounds.join(', ')})` : ''}` : floor.error);
      const healthFloor = medianFloor('health');

      const readRows = [];
      // The issue's reads (each asked again and again, as a crowd asks them) and the lists asked afresh (a new point
      // every request: the bench's stricter reading, bound by the database's own floor), judged apart.
      let readsMet = true;
      let freshMet = true;
      const plans = [];
      let plansMet = true;
      for (const [i, c] of readCases.entries()) {
        const runs = results[i];
        const rps = median(runs.map((r) => r.rps));
        const p99 = median(runs.map((r) => r.p99));
        const bad = runs.reduce((n, r) => n + r.non2xx + r.errors, 0);
        const share = Math.round((100 * rps) / healthRps);
        const sqls = statements.get(c.floorOf ?? c.title) ?? [];
        const floor = medianFloor(c.floorOf ?? c.title);
        const ofFloor = floor.tps ? Math.round((100 * rps) / floor.tps) : null;
        const p99Target = c.p99 ?? scaleTargets.p99;
        const plan = await plansOf(db, sqls);
        if (!c.floorOf) plans.push(`| ${c.title} | ${plan.indexes.join(', ') || '–'} | ${plan.seqScans.length ? `**${plan.seqScans.join(', ')}**` : 'none'} |`);
        plansMet &&= plan.seqScans.length === 0;
        // What of the targets this read misses, named in its row.
        const missed = [
          bad > 0 && `${bad} not 2xx`,
          p99 >= p99Target && `p99 ≥ ${p99Target} ms`,
          share < scaleTargets.share && `< ${scaleTargets.share} % of health`,
          ofFloor !== null && ofFloor < scaleTargets.floor && `< ${scaleTargets.floor} % of the floor`,
          plan.seqScans.length > 0 && 'a sequential scan',
        ].filter(Boolean);
        const met = missed.length === 0;
        if (c.fresh) freshMet &&= met;
        else readsMet &&= met;
        readRows.push(
          `| ${c.title} | ${rps} (${runs.map((r) => r.rps).join(', ')}) | ${share} % | ${median(runs.map((r) => r.p50))} | ${p99} (${runs.map((r) => r.p99).join(', ')}) | ${bad} | ${sqls.length} | ${c.floorOf ? (floor.tps ?? floor.error) : floorText(floor)} | ${floor.latency ?? '–'} | ${ofFloor ?? '–'}${ofFloor === null ? '' : ' %'} | ${met ? `yes (p99 < ${p99Target} ms)` : `no: ${missed.join(', ')}`} |`,
        );
      }

      // 3. Contended writes: 300 customers at once on one slot, one deal, one activity (each after warm-up bursts on others).
      const tokens = await loginAll(server.base, customers, password);
      let who = 0;
      const perCustomer = (method, pathname, body) => ({
        method,
        setupRequest: (req) => {
          const token = tokens[who++ % tokens.length];
          return { ...req, path: typeof pathname === 'function' ? pathname() : pathname, headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID(), ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined };
        },
      });
      const writeRows = [];
      let writesMet = true;
      const burst = async (title, request, check, warmUps) => {
        // The warm-up (WARM_UP_BURSTS): the same burst on other rows, not measured.
        const warming = performance.now();
        let warmed = 0;
        for (const warmUp of warmUps.slice(0, WARM_UP_BURSTS)) {
          who = 0;
          await measure(server.base, warmUp, { connections, amount: tokens.length });
          warmed += 1;
        }
        title += ` after ${warmed} warm-up burst${warmed === 1 ? '' : 's'} (${((performance.now() - warming) / 1000).toFixed(1)} s)`;
        who = 0;
        const r = await measure(server.base, request, { connections, amount: tokens.length });
        const { holds, said } = await check();
        const serverErrors = Object.entries(r.statuses).filter(([s]) => Number(s) >= 500).reduce((n, [, k]) => n + k, 0);
        const met = holds && serverErrors === 0 && r.errors === 0 && r.p99 < scaleTargets.writesP99;
        writesMet &&= met;
        const statuses = Object.entries(r.statuses).map(([s, n]) => `${n} × ${s}`).join(', ');
        writeRows.push(`| ${title} | ${r.total} | ${statuses} | ${r.p50} | ${r.p99} | ${r.max} | ${said} | ${met ? 'yes' : 'no'} |`);
      };
      const one = async (text, values) => (await db.query(text, values)).rows[0];
      if (targets.slots?.hotSlot) {
        const slot = targets.slots.hotSlot;
        await burst(
          `POST /api/appointments/book-appointment/ (one free slot of the busiest provider, ${targets.slots.hotDay})`,
          perCustomer('POST', '/api/appointments/book-appointment/', { service_id: targets.pairing.service_id, provider_id: known.busiestProvider.providerId, starts_at: slot }),
          async () => {
            const { n, overlaps } = await one(
              `SELECT count(*)::int AS n, (SELECT count(*)::int FROM appointments a JOIN appointments b ON a.provider_id = b.provider_id AND a.id < b.id
                  AND a.status <> 'cancelled' AND b.status <> 'cancelled' AND tstzrange(a.starts_at, a.blocked_until) && tstzrange(b.starts_at, b.blocked_until)
                  WHERE a.provider_id = $1) AS overlaps
                FROM appointments WHERE provider_id = $1 AND starts_at = $2 AND status <> 'cancelled'`,
              [known.busiestProvider.providerId, slot],
            );
            return { holds: n === 1 && overlaps === 0, said: `${n} live booking at that time; ${overlaps} overlapping pairs of the provider's bookings` };
          },
          targets.slots.warmSlots.map((slot) =>
            perCustomer('POST', '/api/appointments/book-appointment/', { service_id: targets.pairing.service_id, provider_id: known.busiestProvider.providerId, starts_at: slot }),
          ),
        );
      }
      if (targets.hotDeal) {
        const left = targets.hotDeal.quantity_total - targets.hotDeal.quantity_sold;
        await burst(
          `POST /api/buy-deal/dummy/ (one deal with ${left} left)`,
          perCustomer('POST', '/api/buy-deal/dummy/', { deal_id: targets.hotDeal.id, quantity: 1 }),
          async () => {
            const d = await one(
              `SELECT quantity_total, quantity_sold, (SELECT coalesce(sum(quantity), 0)::int FROM purchases p WHERE p.deal_id = d.id AND p.status IN ('paid', 'fulfilled')) AS held
                FROM deals d WHERE id = $1`,
              [targets.hotDeal.id],
            );
            return { holds: d.quantity_sold === d.held && d.quantity_sold <= d.quantity_total && d.quantity_sold === d.quantity_total, said: `sold ${d.quantity_sold} of ${d.quantity_total} (purchases hold ${d.held})` };
          },
          targets.warmDeals.map((deal) => perCustomer('POST', '/api/buy-deal/dummy/', { deal_id: deal.id, quantity: 1 })),
        );
      }
      if (targets.hotActivity) {
        const room = targets.hotActivity.capacity - targets.hotActivity.participant_count;
        await burst(
          `POST /api/activities/{id}/join/ (one open activity with ${room} places left)`,
          perCustomer('POST', `/api/activities/${targets.hotActivity.id}/join/`),
          async () => {
            const a = await one(
              `SELECT capacity, participant_count, (SELECT count(*)::int FROM activity_participants p WHERE p.activity_id = a.id AND p.status = 'joined') AS joined,
                  (SELECT count(*)::int FROM activity_participants p WHERE p.activity_id = a.id AND p.status = 'waitlisted') AS waitlisted
                FROM activities a WHERE id = $1`,
              [targets.hotActivity.id],
            );
            return {
              holds: a.participant_count === a.joined && a.joined === a.capacity,
              said: `${a.joined} joined of ${a.capacity} (participant_count ${a.participant_count}), ${a.waitlisted} on the waitlist`,
            };
          },
          targets.warmActivities.map((activity) => perCustomer('POST', `/api/activities/${activity.id}/join/`)),
        );
      }

      // 4. Log-in: argon2id, CPU-bound by design; four connections, as in the HTTP part.
      const loginRun = await measure(
        server.base,
        { method: 'POST', path: '/api/login/v2/', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: known.busiestCustomer.email, password }) },
        { connections: 4, seconds },
      );
      const rss = server.rssMb();

      out.push(
        `One server process in production mode on the seeded database; autocannon on loopback, ${connections} connections, ${seconds} s a measurement, ${rounds} rounds in turn (the median, every round's req/s and p99 in brackets), after a 2 s warm-up of each. "Floor": the statements the endpoint sent for one request (recorded in a first process, parameters written in), run by pgbench with ${connections} clients for ${seconds} s (prepared), as transactions per second, once a round (the median, every round's in brackets); "of floor" is the endpoint's req/s as a share of it. Targets: p99 < ${scaleTargets.p99} ms (slots < ${scaleTargets.slotsP99} ms), ≥ ${scaleTargets.share} % of health, ≥ ${scaleTargets.floor} % of the floor, no error.`,
        '',
        `**Reads**: targets ${readsMet ? 'met' : 'NOT met'} (lists, details, free times, chat pages and notifications, each asked again and again as a crowd asks it); asked afresh (the lists at a new point every request, the bench's stricter reading): ${freshMet ? 'met' : 'not met'}`,
        '',
        '| endpoint | req/s (rounds) | of health | p50 ms | p99 ms | non-2xx | statements | floor tps | floor latency ms | of floor | target met |',
        '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
        `| GET /api/health | ${healthRps} (${health.map((h) => h.rps).join(', ')}) | 100 % | ${median(health.map((h) => h.p50))} | ${median(health.map((h) => h.p99))} (${health.map((h) => h.p99).join(', ')}) | ${health.reduce((n, h) => n + h.non2xx + h.errors, 0)} | 1 | ${floorText(healthFloor)} | ${healthFloor.latency ?? '–'} | ${healthFloor.tps ? `${Math.round((100 * healthRps) / healthFloor.tps)} %` : '–'} | |`,
        ...readRows,
        '',
        `**Plans at scale** (EXPLAIN of each read's statements as the server's sessions plan them): ${plansMet ? 'no' : 'a'} sequential scan of ${bigTables.join(', ')}${plansMet ? '' : ' — NOT met'}`,
        '',
        '| endpoint | indexes used | sequential scans of a big table |',
        '|---|---|---|',
        ...plans,
        '',
        `**Contended writes** (${tokens.length} customers, each once, ${connections} at a time, after the same bursts on other slots, deals and activities as a warm-up (${WARM_UP_BURSTS} each where the seed has the rows); the invariants asked of the database afterwards): targets ${writesMet ? 'met' : 'NOT met'} (the invariant holds, no 5xx, p99 < ${scaleTargets.writesP99} ms)`,
        '',
        '| write | requests | answers | p50 ms | p99 ms | max ms | afterwards | target met |',
        '|---|---:|---|---:|---:|---:|---|---|',
        ...writeRows,
        '',
        `**Log-in** (argon2id, 4 connections, ${seconds} s): ${loginRun.rps} req/s, p50 ${loginRun.p50} ms, p99 ${loginRun.p99} ms, ${loginRun.non2xx + loginRun.errors} not 2xx.`,
        '',
        `**The process**: RSS after the run ${rss} MB (target < ${scaleTargets.rssMb} MB: ${rss < scaleTargets.rssMb ? 'met' : 'NOT met'}). Cold start on the existing database, from spawn to the first answered /api/health: ${coldStarts.join(' ms, then ')} ms (target < ${scaleTargets.coldStartMs} ms: ${Math.max(...coldStarts) < scaleTargets.coldStartMs ? 'met' : 'NOT met'}); the first list after it in ${firstListMs} ms.`,
        '',
        `Slots: ${targets.slots ? `${targets.slots.made.created} made for the next 90 days by the shop's owner (${targets.slots.made.skipped_booked} left out as booked)` : 'no pairing'}. The part took ${Math.round((performance.now() - started) / 1000)} s.`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await db.end();
    rmSync(recordDir, { recursive: true, force: true });
  }
  return out.join('\n');
}
