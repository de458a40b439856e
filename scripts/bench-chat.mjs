// A chat room under load, for `npm run bench` (BENCH_ONLY=chat runs just this part; PostgreSQL only: two processes share
// one database only there). Production-mode server processes on one scratch database with the demo data; 200 accounts
// added in SQL (as the log-in burst adds its own) and joined to one demo activity, so all are members of its group
// room; each logs in, opens a socket and subscribes to `chat:<room id>`. Two phases: every socket and post on one
// process, then the sockets half on each of two processes with the posts alternating (a message reaches the other
// process's sockets through NOTIFY). In each, members post messages over HTTP (POST /api/chat/rooms/{room_id}/messages/)
// at a few offered rates in turn, each for a few seconds; every delivery is checked against the room's membership
// (lib/realtime-hub.ts). Measured on the bench's side: room_event frames received per second, and each one's latency
// from just before its POST was sent to the frame's arrival. Bounded: a step stops the climb once deliveries fall
// behind, and each phase's steps stop after 45 s (its time is reported).
import { randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { WebSocket } from 'ws';
import { startServer } from './bench-reads.mjs';

const CLIENTS = Number(process.env.BENCH_CHAT_CLIENTS ?? 200);
const SENDERS = 20;
/** Messages a second offered in turn; the climb stops at the first rate the processes cannot keep up with. */
const RATES = (process.env.BENCH_CHAT_RATES ?? '40,100,150,200').split(',').map(Number);
const STEP_SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 6);
/** The measured steps of both phases together (the setup before them, two server starts and 200 log-ins, takes 30-60 s more). */
const STEPS_BUDGET_MS = 90_000;
/** How long a step's last deliveries may take to arrive before the step counts as fallen behind. */
const DRAIN_MS = 8000;
/** BENCH_CHAT_TRACE=<file>: every measured message's times appended there as JSON lines, for reading a step's tail. */
const TRACE = process.env.BENCH_CHAT_TRACE;
/** How long each phase runs at the top rate, not measured, before its steps. */
const WARM_SECONDS = Number(process.env.BENCH_CHAT_WARM_SECONDS ?? 3);

const percentile = (sorted, p) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]);
const ms = (n) => (Number.isFinite(n) ? String(Math.round(n)) : '–');

async function pool(items, size, work) {
  const out = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i], i);
      }
    }),
  );
  return out;
}

/**
 * A message posted in a measured step, through node:http on kept-alive sockets: fetch (undici's WHATWG layer) cost the
 * bench 1.3-1.5 ms of CPU a request (measured against this), at 200 messages a second a quarter of a core taken from
 * the servers it measures, on two cores.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
function postMessage(base, route, body, access) {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}/api${route}`, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), authorization: `Bearer ${access}` },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        if (res.statusCode >= 300) reject(new Error(`POST ${route}: ${res.statusCode} ${Buffer.concat(chunks).toString()}`));
        else resolve();
      });
    });
    req.end(text);
  });
}

async function call(base, method, route, { body, access } = {}) {
  const res = await fetch(`${base}/api${route}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(access ? { authorization: `Bearer ${access}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** 200 members of one demo activity's group room: accounts, participations and the room, written in SQL. */
async function addMembers(databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    // An open demo activity without a capacity (the seed's "Sketching at the Met").
    const { rows } = await db.query(`SELECT a.id AS activity_id, r.id AS room_id, a.title FROM activities a JOIN chat_rooms r ON r.activity_id = a.id AND r.kind = 'group'
      WHERE a.capacity IS NULL AND a.deactivated_at IS NULL ORDER BY a.created_at LIMIT 1`);
    if (!rows[0]) throw new Error('the demo data has no activity without a capacity');
    const { activity_id: activityId, room_id: roomId, title } = rows[0];
    await db.query('BEGIN');
    await db.query(
      `INSERT INTO users (email, password_hash)
       SELECT 'chat-' || g || '@bench.test', (SELECT password_hash FROM users WHERE email = 'user@example.com') FROM generate_series(1, $1::int) AS g`,
      [CLIENTS],
    );
    const joined = await db.query(
      `INSERT INTO activity_participants (activity_id, user_id, status) SELECT $1, id, 'joined' FROM users WHERE email LIKE 'chat-%@bench.test'`,
      [activityId],
    );
    await db.query('UPDATE activities SET participant_count = participant_count + $2 WHERE id = $1', [activityId, joined.rowCount]);
    await db.query('COMMIT');
    return { roomId, title };
  } finally {
    await db.end();
  }
}

// A chat message's frame, as the hub writes it (lib/realtime-hub.ts, modules/chat/messages.ts): the room's id, then the
// event, whose last key is the client id: {"type":"room_event","channel":"chat:<id>","event":{"type":"chat_message",
// ...,"client_id":"<id>"}}.
const UUID_LENGTH = 36;
const FRAME_HEAD = Buffer.from('{"type":"room_event","channel":"chat:');
const EVENT_HEAD = Buffer.from('","event":{"type":"chat_message",');
const FRAME_TAIL = Buffer.from('"client_id":"');
const FRAME_END = Buffer.from('"}}');

/** Whether `data` holds `part` at `at`, byte by byte (a native call a frame, Buffer's indexOf, cost more than JSON.parse). */
function holds(data, part, at) {
  if (at < 0 || at + part.length > data.length) return false;
  for (let i = 0; i < part.length; i += 1) if (data[at + i] !== part[i]) return false;
  return true;
}

/**
 * The client id of a chat message's room_event frame, read at its place, or null for any other frame (parsed as JSON).
 * The bench reads 40,000 frames a second at the top rate, on the cores the servers use; parsing each cost it a tenth
 * of a core. A key with its quotes cannot occur inside a string value (JSON escapes a quote there as \").
 */
function messageClientId(data) {
  if (!Buffer.isBuffer(data)) return null;
  const end = data.length - FRAME_END.length;
  const id = end - UUID_LENGTH;
  const ok = holds(data, FRAME_HEAD, 0) && holds(data, EVENT_HEAD, FRAME_HEAD.length + UUID_LENGTH) && holds(data, FRAME_TAIL, id - FRAME_TAIL.length) && holds(data, FRAME_END, end);
  return ok ? data.latin1Slice(id, end) : null;
}

/** Each member logs in, takes a ticket and opens a socket on its process, subscribed to the room. */
async function connectMembers(bases, roomId, onMessage, onFrame, logins) {
  const emails = Array.from({ length: CLIENTS }, (_, i) => `chat-${i + 1}@bench.test`);
  // Log-ins are argon2id (CPU-bound by design): a few at a time, once per member (the processes share the JWT secret).
  return pool(emails, 8, async (email, i) => {
    const base = bases[i % bases.length];
    if (!logins.has(email)) logins.set(email, (await call(base, 'POST', '/login/v2/', { body: { email, password: 'demo-password-1' } })).access);
    const access = logins.get(email);
    const { ticket } = await call(base, 'POST', '/ws/ticket/', { body: {}, access });
    // The bench reads 40,000 frames a second at the top rate on the cores the servers use: frames from our own servers
    // need no UTF-8 check, and a message's frame is told by its client id without parsing it (see onMessage).
    const socket = new WebSocket(`${base.replace('http', 'ws')}/api/ws?ticket=${ticket}`, { skipUTF8Validation: true });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const subscribed = new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${email}: no answer to the subscribe`)), 15_000);
      socket.on('message', (data) => {
        const at = performance.now();
        const clientId = messageClientId(data);
        if (clientId !== null) return onMessage(clientId, at, i % bases.length);
        const frame = JSON.parse(String(data));
        if (frame.type === 'subscribed') {
          clearTimeout(timer);
          resolve();
        } else if (frame.type === 'error') {
          clearTimeout(timer);
          reject(new Error(`${email}: ${frame.code} ${frame.message}`));
        } else {
          onFrame(frame, i % bases.length);
        }
      });
    });
    socket.send(JSON.stringify({ type: 'subscribe', channel: `chat:${roomId}` }));
    await subscribed;
    return { base, access, socket };
  });
}

/**
 * The chat part's report (markdown), or why it did not run. `postgres`: the bench's server ({ url, version }); the part
 * makes its own scratch database and drops it.
 */
export async function chatReport({ root, port, postgres }) {
  if (!postgres) return 'Not measured: two server processes share one database only on PostgreSQL (no PostgreSQL answered).';
  const started = Date.now();
  const name = `localloop_chat_${Date.now()}`;
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(postgres.url);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const servers = [];
  const sockets = [];
  try {
    // The first process migrates and seeds; the second starts on the finished database.
    const env = { AUTH_RATE_LIMIT_PER_MINUTE: '100000', CHAT_MESSAGES_PER_MINUTE: '1000000' };
    servers.push(await startServer({ root, port, databaseUrl, env }));
    servers.push(await startServer({ root, port: port + 1, databaseUrl, env }));
    const bases = servers.map((s) => s.base);
    const serversSeconds = ((Date.now() - started) / 1000).toFixed(0);
    const { roomId, title } = await addMembers(databaseUrl);

    /** client_id → { sentAt, delivered, step } of every message posted; latencies by step. */
    const sent = new Map();
    let onDelivery = () => undefined;
    /** A chat message's frame, by its client id, at its arrival on a socket of the process `server` (0 or 1). */
    const onMessage = (clientId, at, server) => {
      const message = sent.get(clientId);
      if (!message) return;
      message.delivered += 1;
      message.lastAt[server] = Math.max(message.lastAt[server], at);
      onDelivery(message, at);
    };
    const onFrame = (frame, server) => {
      if (frame.type === 'room_event' && frame.event.type === 'chat_message') onMessage(frame.event.client_id, performance.now(), server);
    };
    const logins = new Map();

    /**
     * One phase: every member's socket on `bases` (in turn), the posts to `bases` (in turn), the offered rates climbed
     * within `budgetMs`; answers how long the sockets took and the steps.
     */
    const phase = async (bases, budgetMs) => {
      const setupStart = performance.now();
      const members = await connectMembers(bases, roomId, onMessage, onFrame, logins);
      const setupSeconds = ((performance.now() - setupStart) / 1000).toFixed(1);
      const senders = members.slice(0, SENDERS);
      let turn = 0;

      /** One message from the next sender, to the next process (with two, half the sockets hear it through NOTIFY from the other). */
      const post = async (step) => {
        const sender = senders[turn % senders.length];
        const to = turn % bases.length;
        const base = bases[to];
        turn += 1;
        const clientId = randomUUID();
        const message = { sentAt: performance.now(), delivered: 0, step, postMs: NaN, lastAt: [0, 0], to };
        sent.set(clientId, message);
        await postMessage(base, `/chat/rooms/${roomId}/messages/`, { client_id: clientId, text: `Bench message ${turn}` }, sender.access);
        message.postMs = performance.now() - message.sentAt;
        return message;
      };

      try {
        // Warm-up, not measured: each sender's first message (the first one also notifies every other member, once in 5 minutes).
        const warm = await pool(senders, 4, () => post('warm-up'));
        const warmEnd = Date.now() + 15_000;
        while (warm.some((m) => m.delivered < CLIENTS) && Date.now() < warmEnd) await new Promise((r) => setTimeout(r, 50));
        // Then the top rate for a few seconds, not measured: each process's pool opens its connections and prepares its
        // statements, and V8 optimises the post's and the delivery's code, before any step is measured (a process's
        // first seconds at a new rate had its slowest posts: 270-300 ms at 200 msg/s against 30-70 after).
        const warmStart = performance.now();
        const warming = [];
        for (let i = 0; i < Math.round(RATES.at(-1) * WARM_SECONDS); i += 1) {
          const wait = warmStart + (i * 1000) / RATES.at(-1) - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          warming.push(post('warm-up'));
        }
        const warmed = (await Promise.allSettled(warming)).flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
        const drainEnd = Date.now() + DRAIN_MS;
        while (warmed.some((m) => m.delivered < CLIENTS) && Date.now() < drainEnd) await new Promise((r) => setTimeout(r, 50));
        const warmSeconds = ((performance.now() - warmStart) / 1000).toFixed(1);
        const steps = [];
        const stepsEnd = Date.now() + budgetMs;
        for (const rate of RATES) {
          // Bounded: no step starts that could run past the budget.
          if (Date.now() + STEP_SECONDS * 1000 + DRAIN_MS > stepsEnd) break;
          const latencies = [];
          let firstSent = Infinity;
          let lastDelivered = 0;
          onDelivery = (message, at) => {
            if (message.step !== rate) return;
            latencies.push(at - message.sentAt);
            lastDelivered = Math.max(lastDelivered, at);
          };
          const messages = [];
          const posting = [];
          const count = Math.round(rate * STEP_SECONDS);
          const loopDelay = monitorEventLoopDelay({ resolution: 5 });
          loopDelay.enable();
          const t0 = performance.now();
          const cpu0 = process.cpuUsage();
          // Open loop: the messages go at their times whether or not earlier ones are answered.
          for (let i = 0; i < count; i += 1) {
            const due = t0 + (i * 1000) / rate;
            const wait = due - performance.now();
            if (wait > 0) await new Promise((r) => setTimeout(r, wait));
            const p = post(rate);
            posting.push(p.then((m) => messages.push(m)));
            firstSent = Math.min(firstSent, performance.now());
          }
          const failed = (await Promise.allSettled(posting)).filter((r) => r.status === 'rejected');
          const errors = failed.length;
          const expected = messages.length * CLIENTS;
          const drainEnd = performance.now() + DRAIN_MS;
          while (latencies.length < expected && performance.now() < drainEnd) await new Promise((r) => setTimeout(r, 50));
          loopDelay.disable();
          const cpu = process.cpuUsage(cpu0);
          const cores = (cpu.user + cpu.system) / 1000 / (performance.now() - t0);
          const sorted = [...latencies].sort((a, b) => a - b);
          const posts = messages.map((m) => m.postMs).sort((a, b) => a - b);
          const seconds = (lastDelivered - firstSent) / 1000;
          if (TRACE) {
            // One line a message: when it was posted (ms since the epoch), to which process, the POST's time and
            // when its last frame arrived on each process's sockets, after the post (ms).
            const lines = messages.map((m) => JSON.stringify({ phase: bases.length, step: rate, at: Math.round(performance.timeOrigin + m.sentAt), to: m.to, post: Math.round(m.postMs), last: m.lastAt.map((t) => (t ? Math.round(t - m.sentAt) : null)) }));
            appendFileSync(TRACE, lines.join('\n') + '\n');
          }
          steps.push({
            rate,
            messages: messages.length,
            errors,
            delivered: latencies.length,
            expected,
            perSecond: seconds > 0 ? Math.round(latencies.length / seconds) : 0,
            p50: percentile(sorted, 50),
            p99: percentile(sorted, 99),
            max: sorted.at(-1),
            post50: percentile(posts, 50),
            post99: percentile(posts, 99),
            loop99: loopDelay.percentile(99) / 1e6,
            loopMax: loopDelay.max / 1e6,
            cores,
            firstError: failed[0] ? String(failed[0].reason?.cause?.code ?? failed[0].reason?.message ?? failed[0].reason).slice(0, 160) : null,
          });
          // Fallen behind: a higher rate would only measure a longer queue.
          if (latencies.length < expected) break;
        }
        return { setupSeconds, warmSeconds, steps };
      } finally {
        for (const m of members) m.socket.terminate();
      }
    };

    const one = await phase(bases.slice(0, 1), STEPS_BUDGET_MS / 2);
    const two = await phase(bases, STEPS_BUDGET_MS / 2);
    const table = (steps) => [
      "| offered msg/s | messages (POST errors) | frames delivered / expected | deliveries/s | p50 ms | p99 ms | max ms | POST p50 / p99 ms | the bench's own event loop delay p99 / max ms | the bench's own CPU, cores | kept up |",
      '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
      ...steps.map(
        (s) =>
          `| ${s.rate} | ${s.messages} (${s.errors}) | ${s.delivered} / ${s.expected} | ${s.perSecond} | ${ms(s.p50)} | ${ms(s.p99)} | ${ms(s.max)} | ${ms(s.post50)} / ${ms(s.post99)} | ${ms(s.loop99)} / ${ms(s.loopMax)} | ${s.cores.toFixed(2)} | ${s.delivered === s.expected ? 'yes' : 'no'} |`,
      ),
    ];
    const notes = (steps) => {
      const out = [];
      for (const s of steps) if (s.firstError) out.push('', `At ${s.rate} messages a second, ${s.errors} posts failed; the first: ${s.firstError}`);
      const last = steps.at(-1);
      if (last && last.delivered < last.expected) out.push('', `At ${last.rate} messages a second the deliveries fell behind (${last.expected - last.delivered} frames not arrived ${DRAIN_MS / 1000} s after the last post): the climb stopped there.`);
      return out;
    };
    const lines = [
      `${CLIENTS} members of the group room of "${title}", each with one socket, on production-mode server processes on one PostgreSQL ${postgres.version} database (both started in ${serversSeconds} s). ` +
        `${SENDERS} of them post messages over HTTP at each offered rate for ${STEP_SECONDS} s (open loop); every message is one room_event frame on each of the ${CLIENTS} sockets. ` +
        `Latency: from just before the POST is sent to the frame's arrival at the bench's socket. Each delivery asks who of the process's listeners is in the room in one statement (376c5cd; before it, one query per member and process). Issue 14 sets no figure for chat; "kept up" says every frame arrived within ${DRAIN_MS / 1000} s of the step's last post.`,
      '',
      `**One process**: all ${CLIENTS} sockets and every post on it (connected and subscribed in ${one.setupSeconds} s; then ${one.warmSeconds} s at ${RATES.at(-1)} msg/s, not measured).`,
      '',
      ...table(one.steps),
      ...notes(one.steps),
      '',
      `**Two processes**: ${CLIENTS / 2} sockets on each, the posts alternating between them, so half of every message's frames go through NOTIFY from the other (connected and subscribed in ${two.setupSeconds} s; then ${two.warmSeconds} s at ${RATES.at(-1)} msg/s, not measured).`,
      '',
      ...table(two.steps),
      ...notes(two.steps),
    ];
    lines.push('', `The part took ${Math.round((Date.now() - started) / 1000)} s.`);
    return lines.join('\n');
  } finally {
    for (const s of sockets) s.terminate();
    for (const s of servers) await s.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
