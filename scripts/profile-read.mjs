// One read of the scale database under load, with where its CPU goes: for finding what to make faster (issue 16), not
// for the record (`npm run bench` measures). Starts the compiled server on the seeded database as the bench does
// (bench-scale.mjs startServer; the seed is apps/server/src/bench/scale-seed.ts with KEEP=1 and REPORT_JSON), logs in
// the seed's known people, drives the read with autocannon (50 connections, 2 s warm-up, then PROFILE_SECONDS, 10 by
// default) and prints its req/s and latency, the CPU each process used meanwhile (from /proc: the server, PostgreSQL's
// backends, autocannon in this process), and, unless --no-profile, the server's CPU profile over the run: self time by
// package and by function.
//
//   SCALE_DATABASE_URL=postgres://…/ll_bench_scale_… SCALE_REPORT_JSON=/tmp/scale.json node scripts/profile-read.mjs chat
//
// Reads: chat (the busiest room's newest page, as its host), notifications (the busiest customer's), activity (an
// activity's page near the densest city, signed in), deal / deal-visitor (the page of the deal nearest New York's centre,
// with a location, signed in or not), slots / slots-visitor (the busiest provider's free times
// tomorrow, which this makes first, as the bench does), deals / activities (the list near New York) and deals-fresh /
// activities-fresh (the same asked afresh: a new point each time), health. PROFILE_NODE_FLAGS: more flags for the server's node.
// --floor: also the read's database floor as the bench measures it (its statements recorded in a first process that
// keeps nothing, then run by pgbench with 50 clients for PROFILE_SECONDS), and the read's req/s as a share of it.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { pgbenchFloor, recordedSince, startServer } from './bench-scale.mjs';
import { buildServerIfStale } from './server-build.mjs';
import { root } from './web-build.mjs';

const read = process.argv[2] ?? 'health';
const profile = !process.argv.includes('--no-profile');
const seconds = Number(process.env.PROFILE_SECONDS ?? 10);
const databaseUrl = process.env.SCALE_DATABASE_URL;
const reportFile = process.env.SCALE_REPORT_JSON;
if (!databaseUrl || !reportFile) throw new Error('Set SCALE_DATABASE_URL and SCALE_REPORT_JSON (the scale seed kept with KEEP=1 and its REPORT_JSON).');
const seeded = JSON.parse(readFileSync(reportFile, 'utf8'));
const { known, password } = seeded.report ?? seeded;

await buildServerIfStale();
const floor = process.argv.includes('--floor') ? await floorOf() : null;
const profileDir = mkdtempSync(path.join(os.tmpdir(), 'localloop-cpuprofile-'));
const flags = [...(process.env.PROFILE_NODE_FLAGS ?? '').split(' ').filter(Boolean), ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])];
const server = await startServer({ root, port: Number(process.env.PROFILE_PORT ?? 3555), databaseUrl, flags });
try {
  const { base } = server;
  const path_ = await pathOf(base);
  const headers = path_.token ? { authorization: `Bearer ${path_.token}` } : {};
  const first = await fetch(base + path_.path, { headers });
  console.log(`${read}: GET ${path_.path} answers ${first.status}, ${(await first.text()).length} bytes`);
  // A list asked afresh: a point a millionth of a degree further each time, as the bench asks it (nothing kept).
  let step = 0;
  const setupRequest = path_.fresh ? (req) => ({ ...req, path: path_.path.replace('lat=40.7128', `lat=${(40.7128 + ++step / 1e6).toFixed(6)}`) }) : undefined;
  const drive = (duration) => autocannon({ url: base + path_.path, headers, connections: 50, duration, ...(setupRequest ? { requests: [{ setupRequest }] } : {}) });
  await drive(2);
  const before = cpuByProcess();
  const result = await drive(seconds);
  const after = cpuByProcess();
  console.log(`${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.non2xx} not 2xx, ${result.errors} errors`);
  if (floor) console.log(`floor: ${floor.statements} statements, ${floor.tps ?? floor.error} tps (latency ${floor.latency ?? '–'} ms): ${floor.tps ? Math.round((100 * result.requests.average) / floor.tps) : '–'} % of it`);
  const used = new Map();
  for (const [pid, a] of after) used.set(a.who, (used.get(a.who) ?? 0) + a.ticks - (before.get(pid)?.ticks ?? 0));
  // /proc counts in clock ticks, 100 a second on Linux: ticks per second of the run are per cent of one core.
  console.log(`CPU, per cent of one core: ${[...used].filter(([, t]) => t / seconds >= 1).sort((a, b) => b[1] - a[1]).map(([who, t]) => `${who} ${Math.round(t / seconds)}`).join(', ')}`);
} finally {
  await server.stop();
}
if (profile) {
  const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
  if (file) summarise(JSON.parse(readFileSync(path.join(profileDir, file), 'utf8')));
}
rmSync(profileDir, { recursive: true, force: true });

/** The read's statements for one request, recorded as the bench records them (nothing kept), through pgbench. */
async function floorOf() {
  const recordDir = mkdtempSync(path.join(os.tmpdir(), 'localloop-record-'));
  const recordFile = path.join(recordDir, 'statements.jsonl');
  const recorder = await startServer({ root, port: Number(process.env.PROFILE_PORT ?? 3555), databaseUrl, record: recordFile, env: { PUBLIC_ANSWER_SECONDS: '0' } });
  try {
    const asked = await pathOf(recorder.base);
    const headers = asked.token ? { authorization: `Bearer ${asked.token}` } : {};
    await (await fetch(recorder.base + asked.path, { headers })).text();
    const offset = existsSync(recordFile) ? statSync(recordFile).size : 0;
    await (await fetch(recorder.base + asked.path, { headers })).text();
    const statements = asked.path === '/api/health' ? [{ text: 'SELECT 1', values: [] }] : recordedSince(recordFile, offset);
    // PROFILE_STATEMENTS=<file>: the statements with their parameters, for EXPLAIN by hand.
    if (process.env.PROFILE_STATEMENTS) writeFileSync(process.env.PROFILE_STATEMENTS, `${JSON.stringify(statements, null, 2)}\n`);
    return { statements: statements.length, ...pgbenchFloor(databaseUrl, statements, { connections: 50, seconds }) };
  } finally {
    await recorder.stop();
    rmSync(recordDir, { recursive: true, force: true });
  }
}

/** The read's path and who asks it, from the seed's known people and ids. */
async function pathOf(base) {
  const login = async (email) => {
    const res = await fetch(`${base}/api/login/v2/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    if (!res.ok) throw new Error(`log-in of ${email}: ${res.status}`);
    return (await res.json()).access;
  };
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const slotsPath = async () => {
      const { rows } = await db.query(
        'SELECT ps.service_id FROM provider_services ps JOIN services s ON s.id = ps.service_id WHERE ps.provider_id = $1 AND s.is_active ORDER BY s.duration_minutes LIMIT 1',
        [known.busiestProvider.providerId],
      );
      const serviceId = rows[0]?.service_id;
      const owner = await login(known.vendorOwner.email);
      const last = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
      await fetch(`${base}/api/appointments/providers/${known.busiestProvider.providerId}/generate-slots/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner}`, 'content-type': 'application/json' },
        body: JSON.stringify({ service_id: serviceId, start_date: tomorrow, end_date: last }),
      });
      return `/api/appointments/get-time-slots/?provider_id=${known.busiestProvider.providerId}&service_id=${serviceId}&for_date=${tomorrow}`;
    };
    switch (read) {
      case 'chat':
        return { path: `/api/chat/rooms/${known.busiestRoom.roomId}/messages/`, token: await login(known.busiestRoom.hostEmail) };
      case 'notifications':
        return { path: '/api/notifications/', token: await login(known.busiestCustomer.email) };
      case 'activity': {
        const { rows } = await db.query('SELECT id FROM activities WHERE city = $1 AND deactivated_at IS NULL ORDER BY id LIMIT 1', [known.densestCity.name]);
        return { path: `/api/activities/details/${rows[0]?.id}/`, token: await login(known.busiestCustomer.email) };
      }
      case 'deal':
      case 'deal-visitor': {
        // The nearest deal to New York's centre, as the bench's details read, with the same location.
        const list = await (await fetch(`${base}/api/deals/lists/?lat=40.7128&lng=-74.006&radius_km=25`)).json();
        const location = encodeURIComponent(JSON.stringify({ lat: 40.7128, lng: -74.006 }));
        const path = `/api/deals/details/${list.results[0].id}/?location=${location}`;
        return read === 'deal' ? { path, token: await login(known.busiestCustomer.email) } : { path };
      }
      case 'slots':
        return { path: await slotsPath(), token: await login(known.busiestCustomer.email) };
      case 'slots-visitor':
        return { path: await slotsPath() };
      case 'health':
        return { path: '/api/health' };
      case 'deals':
      case 'activities':
        return { path: `/api/${read}/lists/?lat=40.7128&lng=-74.006&radius_km=25` };
      case 'deals-fresh':
      case 'activities-fresh':
        return { path: `/api/${read.replace('-fresh', '')}/lists/?lat=40.7128&lng=-74.006&radius_km=25`, fresh: true };
      default:
        throw new Error(`No read "${read}": chat, notifications, activity, deal, deal-visitor, slots, slots-visitor, deals, activities, deals-fresh, activities-fresh or health.`);
    }
  } finally {
    await db.end();
  }
}

/** CPU ticks so far of every process, by who it is (this process is autocannon's). */
function cpuByProcess() {
  const ticks = new Map();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const who = Number(pid) === server.pid ? 'server' : Number(pid) === process.pid ? 'autocannon' : name;
      ticks.set(pid, { who, ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // gone meanwhile
    }
  }
  return ticks;
}

/**
 * The profile's self time by package and by function. `writev` is time in the system call, which on two cores includes
 * waiting for the core a woken PostgreSQL backend took; `(idle)` is the event loop waiting.
 */
function summarise(p) {
  const nodes = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map();
  p.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const byPackage = new Map();
  const byFunction = new Map();
  for (const [id, t] of self) {
    const { functionName, url, lineNumber } = nodes.get(id).callFrame;
    const pkg = url.includes('node_modules/') ? url.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, '$1') : url.startsWith('node:') ? url : url ? 'LocalLoop' : functionName;
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + t);
    const name = `${functionName || '(anonymous)'} ${url.replace(/.*node_modules\//, '').replace(/.*\/apps\/server\//, '')}:${lineNumber}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + t);
  }
  const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, t]) => `${((100 * t) / total).toFixed(1).padStart(6)} %  ${k}`).join('\n');
  console.log(`\nThe server's samples by package:\n${top(byPackage, 15)}\n\nby function:\n${top(byFunction, 30)}`);
}
