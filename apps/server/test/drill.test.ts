import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DateTime } from 'luxon';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/client.ts';
import { createAccount, onPostgres } from './helper.ts';
import { startPrivatePostgres, type PrivatePostgres } from './private-postgres.ts';
import { freePort, startServer, waitReady, type Started } from './processes.ts';

/**
 * The fault drill (`npm run drill`; in `npm test`'s PostgreSQL pass): two server processes on one private PostgreSQL
 * cluster under a mixed burst of booking, buying, joining, fulfilling and chatting, with bad inputs among them, while
 * faults are injected one after the other:
 *  1. PostgreSQL stopped for 3 s mid-burst, then started again: every request is answered (a 2xx, a refusal, or 503), and
 *     the burst goes on by itself afterwards;
 *  2. SIGTERM to the first process: the requests it was answering finish, new ones go to the second, a new first starts;
 *  3. kill -9 of the second: its in-flight requests are lost on the wire (the client tries the other), a new one starts;
 *  4. a flood of log-ins from one address against both processes (the rate limit, shared in the database, answers it
 *     429) while other people read: their p99 is measured against the budget (judged when the drill runs alone).
 * Afterwards the database is checked: no double booking, no oversold deal, no activity over capacity, no purchase
 * fulfilled twice, every 2xx booking, purchase, join and message there exactly once, nothing half-made. One table sums
 * it up. DRILL_DUMP=<dir> keeps each server process's output there.
 */

type Server = { name: string; base: string; proc: Started; dataDir: string; port: number; state: 'up' | 'stopping' | 'killed' };
type Outcome = { op: string; status: number | 'network'; server: string; ms: number; endedAt: number; startedWhile: string; body: unknown };

const SECRETS = { JWT_SECRET: 'drill-secret-shared-by-both-processes-0001', QR_SIGNING_SECRET: 'drill-qr-secret-shared-by-both-processes-01' };
/** A read's p99 under the flood, for other people: within this, or the flood pushed them out. */
const FLOOD_P99_BUDGET_MS = 500;
/**
 * Alone on the machine (`npm run drill` sets DRILL_ALONE=1) the drill runs its burst flat out and judges others' p99
 * under the flood against the budget. In `npm test`'s PostgreSQL pass another worker's tests share the two cores: each
 * client there pauses between its operations (the burst still overruns the slots, the deal and the activity within
 * its first seconds, and every fault still meets requests in flight), and the p99 is printed, not judged: a CI run
 * measured 764 ms there with 115 ms quiet, a figure of the machine's load, not of the flood. Speed is proven where it
 * is measured alone, not in a timed test.
 */
const alone = process.env.DRILL_ALONE === '1';
/** Between one client's operations: none alone; in npm test, enough to leave the other worker about half the cores. */
const PAUSE_MS = alone ? 0 : 40;

let cluster: PrivatePostgres | null = null;
const cleanups: Array<() => void> = [];
const servers: Server[] = [];
/** What the drill is doing now, so each outcome says under which fault it happened. */
let phase = 'setup';

async function launch(name: string, port?: number): Promise<Server> {
  if (!cluster) throw new Error('no cluster');
  const dataDir = mkdtempSync(path.join(tmpdir(), `localloop-drill-${name}-`));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const listenOn = port ?? (await freePort());
  const proc = startServer(
    {
      ...SECRETS,
      DATABASE_URL: cluster.url,
      DATA_DIR: dataDir,
      PORT: String(listenOn),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      // Info: it says when it is ready (and its request lines join the suite's logs for the log audit).
      LOG_LEVEL: 'info',
      TRUST_PROXY: 'true',
      AUTH_RATE_LIMIT_PER_MINUTE: '60',
      CHAT_MESSAGES_PER_MINUTE: '100000',
      DATABASE_POOL_SIZE: '8',
    },
    cleanups,
  );
  await waitReady(proc, 60_000);
  return { name, base: `http://127.0.0.1:${listenOn}/api`, proc, dataDir, port: listenOn, state: 'up' };
}

beforeAll(async () => {
  if (!onPostgres) return;
  cluster = await startPrivatePostgres();
  // The first process migrates; the second finds the schema there.
  servers.push(await launch('first'));
  servers.push(await launch('second'));
}, 180_000);

afterAll(async () => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  await cluster?.destroy();
});

// ---- The client: any live process, the other when one does not answer ------------------------------------------

const outcomes: Outcome[] = [];
let turn = 0;
const isNetworkError = (err: unknown) => err instanceof TypeError || (err as { name?: string }).name === 'AbortError' || (err as { name?: string }).name === 'TimeoutError';

/**
 * One request as a browser behind a balancer makes it: to a live process, and when the connection fails (refused,
 * reset) to the other, at most four tries. Returns the last answer; records every try.
 */
async function call(op: string, method: string, route: string, opts: { access?: string; body?: unknown; raw?: string; from?: string } = {}) {
  let last: { status: number | 'network'; json: unknown } = { status: 'network', json: null };
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const live = servers.filter((s) => s.state === 'up');
    const server = live[turn++ % Math.max(1, live.length)] ?? servers[0];
    if (!server) throw new Error('no server');
    const started = Date.now();
    const startedWhile = `${phase}/${server.state}`;
    try {
      const res = await fetch(`${server.base}${route}`, {
        method,
        headers: {
          ...(opts.access ? { authorization: `Bearer ${opts.access}` } : {}),
          ...(opts.body !== undefined || opts.raw !== undefined ? { 'content-type': 'application/json' } : {}),
          'x-forwarded-for': opts.from ?? '198.51.100.1',
        },
        ...(opts.raw !== undefined ? { body: opts.raw } : opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await res.text();
      let json: unknown = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = text;
      }
      outcomes.push({ op, status: res.status, server: server.name, ms: Date.now() - started, endedAt: Date.now(), startedWhile, body: res.status >= 500 ? json : null });
      last = { status: res.status, json };
      return last;
    } catch (err) {
      if (!isNetworkError(err)) throw err;
      outcomes.push({ op, status: 'network', server: server.name, ms: Date.now() - started, endedAt: Date.now(), startedWhile, body: String((err as Error).cause ?? err) });
      await new Promise((r) => setTimeout(r, 100 * (attempt + 1)));
    }
  }
  return last;
}

const expectOk = async (what: string, answer: Promise<{ status: number | 'network'; json: unknown }>) => {
  const { status, json } = await answer;
  if (typeof status !== 'number' || status >= 300) throw new Error(`fixture: ${what} answered ${status}: ${JSON.stringify(json).slice(0, 300)}`);
  return json as Record<string, unknown>;
};

// ---- The world of the drill --------------------------------------------------------------------------------

type Person = { id: string; access: string };
const newYork = 'America/New_York';

async function signedIn(database: ReturnType<typeof openPostgres>, vendor = false): Promise<Person & { vendorId: string | null }> {
  const account = await createAccount(database, vendor ? { vendor: { isApproved: true, kycStatus: 'approved' } } : {});
  const session = await expectOk('log-in', call('setup', 'POST', '/login/v2/', { body: { email: account.email, password: account.password }, from: `192.0.2.${Math.floor(Math.random() * 250)}` }));
  return { id: account.user.id, access: String(session.access), vendorId: account.vendorId };
}

describe.skipIf(!onPostgres)('the fault drill: two processes, PostgreSQL restarted, SIGTERM and kill -9, a flood', () => {
  it('keeps every booking, purchase, join, fulfilment and message whole, and answers every request', async () => {
    if (!cluster) throw new Error('the drill did not start');
    const database = openPostgres(cluster.url, 4);
    cleanups.push(() => void database.close());

    // A shop with a service, a provider and a day of slots; a deal of 25 units; an activity for 10; 40 customers.
    const shop = await signedIn(database, true);
    const address = await expectOk('address', call('setup', 'POST', '/vendor/me/addresses/', { access: shop.access, body: { line1: '12 Water St', city: 'New York', country: 'United States', latitude: 40.703, longitude: -74.011 } }));
    const addressId = String(address.id);
    const hours = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: '09:00', closes: '17:00' }));
    await expectOk('hours', call('setup', 'PUT', '/vendor/me/service-time/', { access: shop.access, body: { time_zone: newYork, time_zone_auto: false, hours } }));
    const service = await expectOk('service', call('setup', 'POST', '/appointments/create-service/', { access: shop.access, body: { name: 'Haircut', description: 'Wash, cut and style.', category: 'Beauty & Wellness', duration_minutes: 30, buffer_minutes: 0, price: { amount_cents: 3500, currency: 'USD' } } }));
    const provider = await expectOk('provider', call('setup', 'POST', '/appointments/create-provider/', { access: shop.access, body: { name: 'Ana', service_ids: [service.id] } }));
    const day = DateTime.now().setZone(newYork).plus({ days: 2 }).toISODate() ?? '';
    await expectOk('slots', call('setup', 'POST', `/appointments/providers/${String(provider.id)}/generate-slots/`, { access: shop.access, body: { service_id: service.id, start_date: day, end_date: day } }));
    const slotPage = await expectOk('time slots', call('setup', 'GET', `/appointments/get-time-slots/?provider_id=${String(provider.id)}&service_id=${String(service.id)}&for_date=${day}`));
    const slots = (slotPage.slots as Array<{ starts_at: string }>).map((s) => s.starts_at);
    expect(slots.length).toBeGreaterThanOrEqual(8);
    const at = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
    const deal = await expectOk('deal', call('setup', 'POST', '/deals/create/', { access: shop.access, body: { title: 'Two coffees for one', description: 'Any two drinks from the menu for the price of one.', category: 'Food & Drink', original_price: { amount_cents: 1000, currency: 'USD' }, deal_price: { amount_cents: 600, currency: 'USD' }, quantity_available: 25, per_customer_limit: 1, starts_at: at(-1), ends_at: at(24 * 7), address_id: addressId, terms: 'One per visit.' } }));
    const host = await signedIn(database);
    const activity = await expectOk('activity', call('setup', 'POST', '/activities/create/', { access: host.access, body: { title: 'Sunday run by the river', description: 'An easy 5 km run along the Hudson, all paces welcome.', category: 'Sports & Fitness', starts_at: at(24), ends_at: at(26), location: { formatted_address: 'Pier 45, New York, New York, United States', city: 'New York', latitude: 40.7336, longitude: -74.0111 }, capacity: 10, join_mode: 'open', visibility: 'public' } }));
    const people: Person[] = [];
    for (let i = 0; i < 40; i += 1) people.push(await signedIn(database));
    const details = await expectOk('activity details', call('setup', 'GET', `/activities/details/${String(activity.id)}/`, { access: host.access }));
    const roomId = String(details.chat_room_id);

    // What each 2xx promised, checked against the database afterwards.
    const booked: Array<{ id: string; startsAt: string }> = [];
    const bought: Array<{ id: string; qr: Record<string, unknown> }> = [];
    /** Who was answered what on joining: joined, or on the waiting list once the activity is full. */
    const joined = new Map<string, string>();
    const fulfilled = new Map<string, number>();
    const messages = new Map<string, string>();
    let badInputs = 0;
    const pick = <T,>(list: T[]) => list[Math.floor(Math.random() * list.length)] as T;

    const operations: Array<() => Promise<void>> = [
      async () => {
        const who = pick(people);
        const startsAt = pick(slots);
        const { status, json } = await call('book', 'POST', '/appointments/book-appointment/', { access: who.access, body: { service_id: service.id, provider_id: provider.id, starts_at: startsAt } });
        if (status === 201 || status === 200) booked.push({ id: String((json as { id: string }).id), startsAt });
      },
      async () => {
        const who = pick(people);
        const { status, json } = await call('buy', 'POST', '/buy-deal/dummy/', { access: who.access, body: { deal_id: deal.id, quantity: 1 } });
        if (status === 201 || status === 200) {
          const purchase = json as { id: string; qr: Record<string, unknown> };
          if (!bought.some((b) => b.id === purchase.id)) bought.push({ id: purchase.id, qr: purchase.qr });
        }
      },
      async () => {
        const who = pick(people);
        const { status, json } = await call('join', 'POST', `/activities/${String(activity.id)}/join/`, { access: who.access });
        if (status === 200) joined.set(who.id, String((json as { my_state: string }).my_state));
      },
      async () => {
        const purchase = bought.length ? pick(bought) : null;
        if (!purchase) return;
        // The same code scanned twice at once, at both processes: one fulfilment only.
        const scan = () => call('fulfil', 'PATCH', `/fulfill-deal/dummy/${purchase.id}/`, { access: shop.access, body: { ...purchase.qr, action: 'FULFILL' } });
        for (const { status } of await Promise.all([scan(), scan()])) if (status === 200) fulfilled.set(purchase.id, (fulfilled.get(purchase.id) ?? 0) + 1);
      },
      async () => {
        const member = pick([host, ...people.filter((p) => joined.get(p.id) === 'joined')]);
        const clientId = randomUUID();
        const text = `drill ${clientId}`;
        const { status, json } = await call('chat', 'POST', `/chat/rooms/${roomId}/messages/`, { access: member.access, body: { client_id: clientId, text } });
        if (status === 201) messages.set(String((json as { id: string }).id), text);
      },
      async () => {
        // Bad input among the good: wrong types, a broken body, an unknown id. A 4xx, never a 5xx.
        badInputs += 1;
        const who = pick(people);
        const bad = pick([
          () => call('bad', 'POST', '/buy-deal/dummy/', { access: who.access, raw: '{"deal_id": 12, "quantity": "lots"' }),
          () => call('bad', 'POST', '/appointments/book-appointment/', { access: who.access, body: { service_id: 'x', provider_id: null, starts_at: '2030-02-30T25:00:00Z' } }),
          () => call('bad', 'POST', `/activities/${randomUUID()}/join/`, { access: who.access }),
          () => call('bad', 'POST', `/chat/rooms/${roomId}/messages/`, { access: who.access, body: { client_id: 'nope', text: '<img src=x onerror=alert(1)>'.repeat(400) } }),
        ]);
        await bad();
      },
    ];

    // ---- The burst, and the faults one after the other --------------------------------------------------
    let running = true;
    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const workers = Array.from({ length: 12 }, async () => {
      while (running) {
        await pick(operations)();
        if (PAUSE_MS > 0) await wait(PAUSE_MS);
      }
    });
    const twoXxSince = (from: number) => outcomes.slice(from).filter((o) => typeof o.status === 'number' && o.status < 300).length;
    const faults: string[] = [];

    phase = 'burst';
    await wait(3_000);
    phase = 'postgres-down';
    const stoppedAt = Date.now();
    await cluster.stop();
    faults.push('PostgreSQL stopped for 3 s, then started');
    await wait(3_000);
    await cluster.start();
    phase = 'postgres-back';
    const afterRestart = outcomes.length;
    // Back by itself: each process answers a 2xx again (bounded; a busy machine reconnects slower), then a second more.
    const answeredAgain = (name: string) => outcomes.slice(afterRestart).some((o) => o.server === name && typeof o.status === 'number' && o.status < 300);
    const resumeBy = Date.now() + 30_000;
    while (!(answeredAgain('first') && answeredAgain('second')) && Date.now() < resumeBy) await wait(100);
    const resumedInMs = Date.now() - (resumeBy - 30_000);
    await wait(1_000);
    const resumed = twoXxSince(afterRestart);

    const [first, second] = servers as [Server, Server];
    phase = 'sigterm';
    first.state = 'stopping';
    first.proc.child.kill('SIGTERM');
    faults.push('SIGTERM to one process mid-burst (a new one started)');
    const firstExit = await first.proc.exited;
    servers[0] = await launch('first-again');
    phase = 'burst-after-sigterm';
    await wait(2_000);

    phase = 'kill-9';
    const killedAt = Date.now();
    second.state = 'killed';
    second.proc.child.kill('SIGKILL');
    faults.push('kill -9 of the other process mid-burst (a new one started)');
    await second.proc.exited;
    servers[1] = await launch('second-again');
    phase = 'burst-after-kill';
    await wait(3_000);
    running = false;
    await Promise.all(workers);

    // ---- The flood: one address hammers the log-in; others read ------------------------------------------
    const readsBy = async (until: number, into: number[]) => {
      while (Date.now() < until) {
        const started = Date.now();
        const who = pick(people);
        await call('read', 'GET', '/notifications/', { access: who.access, from: `203.0.113.${1 + Math.floor(Math.random() * 200)}` });
        into.push(Date.now() - started);
      }
    };
    const p99 = (list: number[]) => [...list].sort((a, b) => a - b)[Math.max(0, Math.ceil(list.length * 0.99) - 1)] ?? 0;
    phase = 'quiet-reads';
    const quiet: number[] = [];
    await Promise.all(Array.from({ length: 4 }, () => readsBy(Date.now() + 3_000, quiet)));
    phase = 'flood';
    const loud: number[] = [];
    let floodAnswers = 0;
    let flood429 = 0;
    const floodUntil = Date.now() + 4_000;
    const flooders = Array.from({ length: 24 }, async () => {
      while (Date.now() < floodUntil) {
        // Another made-up address each time, so that only the per-address limit (not an account's throttle) answers.
        const { status } = await call('flood', 'POST', '/login/v2/', { body: { email: `nobody-${randomUUID()}@example.test`, password: 'not-the-password-1' }, from: '198.51.100.66' });
        floodAnswers += 1;
        if (status === 429) flood429 += 1;
      }
    });
    await Promise.all([...flooders, ...Array.from({ length: 4 }, () => readsBy(floodUntil, loud))]);
    faults.push(`a flood of ${floodAnswers} log-ins from one address`);

    // ---- What the database holds ------------------------------------------------------------------------
    const check = new pg.Client({ connectionString: cluster.url });
    await check.connect();
    cleanups.push(() => void check.end());
    const q = async <T,>(text: string, values: unknown[] = []) => (await check.query(text, values)).rows as T[];
    const invariants: Array<[string, boolean, string]> = [];
    const hold = (name: string, ok: boolean, detail = '') => invariants.push([name, ok, detail]);

    const doubleBooked = await q<{ n: string }>(`SELECT count(*) AS n FROM (SELECT provider_id, starts_at FROM appointments WHERE status <> 'cancelled' GROUP BY 1, 2 HAVING count(*) > 1) d`);
    hold('no slot booked twice', Number(doubleBooked[0]?.n) === 0);
    const bookedRows = await q<{ id: string }>(`SELECT id FROM appointments WHERE id = ANY($1::uuid[])`, [booked.map((b) => b.id)]);
    hold('every 2xx booking exists', bookedRows.length === booked.length, `${bookedRows.length}/${booked.length}`);

    const [stock] = await q<{ sold: number; total: number; counted: string }>(`SELECT d.quantity_sold AS sold, d.quantity_total AS total, (SELECT coalesce(sum(quantity), 0) FROM purchases p WHERE p.deal_id = d.id AND p.status <> 'refunded') AS counted FROM deals d WHERE d.id = $1`, [deal.id]);
    hold('the deal not oversold', (stock?.sold ?? 99) <= (stock?.total ?? 0), `${stock?.sold}/${stock?.total}`);
    hold("the deal's counter equals its purchases", Number(stock?.counted) === stock?.sold, `${stock?.counted} purchased, counter ${stock?.sold}`);
    const purchaseRows = await q<{ id: string; status: string }>(`SELECT id, status FROM purchases WHERE id = ANY($1::uuid[])`, [bought.map((b) => b.id)]);
    hold('every 2xx purchase exists', purchaseRows.length === bought.length, `${purchaseRows.length}/${bought.length}`);
    const twice = [...fulfilled.values()].filter((n) => n > 1).length;
    hold('no purchase fulfilled twice (a code scanned at both processes at once)', twice === 0, `${twice} twice`);
    const fulfilledRows = purchaseRows.filter((p) => p.status === 'fulfilled').length;
    hold('every 2xx fulfilment is a fulfilled purchase', [...fulfilled.keys()].every((id) => purchaseRows.find((p) => p.id === id)?.status === 'fulfilled'), `${fulfilled.size} answered, ${fulfilledRows} fulfilled`);

    const [capacity] = await q<{ count: number; capacity: number; rows: string }>(`SELECT a.participant_count AS count, a.capacity, (SELECT count(*) FROM activity_participants p WHERE p.activity_id = a.id AND p.status = 'joined') AS rows FROM activities a WHERE a.id = $1`, [activity.id]);
    hold('the activity not over capacity', (capacity?.count ?? 99) <= (capacity?.capacity ?? 0), `${capacity?.count}/${capacity?.capacity}`);
    hold("the activity's counter equals its participants", Number(capacity?.rows) === capacity?.count, `${capacity?.rows} rows, counter ${capacity?.count}`);
    const participantRows = await q<{ user_id: string; status: string }>(`SELECT user_id, status FROM activity_participants WHERE activity_id = $1`, [activity.id]);
    const stateOf = new Map(participantRows.map((r) => [r.user_id, r.status]));
    // A join answered "joined" is a joined row; one answered "waitlisted" is on the list (or joined since, as places
    // cannot free up here: nobody leaves).
    const missing = [...joined].filter(([id, state]) => (state === 'joined' ? stateOf.get(id) !== 'joined' : !['waitlisted', 'joined'].includes(stateOf.get(id) ?? '')));
    hold('every 2xx join exists as answered', missing.length === 0, `${[...joined.values()].filter((v) => v === 'joined').length} joined, ${[...joined.values()].filter((v) => v !== 'joined').length} waitlisted; ${missing.length} missing`);

    const messageRows = await q<{ id: string; text: string }>(`SELECT id, text FROM chat_messages WHERE room_id = $1 AND text LIKE 'drill %'`, [roomId]);
    const byText = new Map<string, number>();
    for (const m of messageRows) byText.set(m.text, (byText.get(m.text) ?? 0) + 1);
    hold('every 2xx message exists', [...messages.keys()].every((id) => messageRows.some((m) => m.id === id)), `${messageRows.length} stored, ${messages.size} answered 201`);
    hold('no message stored twice', [...byText.values()].every((n) => n === 1));

    // Every request answered: a number, never a 5xx but 503; a broken connection only from the killed process (or one
    // the SIGTERM'd process was no longer taking). Those the SIGTERM'd process had in flight finished.
    const fiveHundreds = outcomes.filter((o) => typeof o.status === 'number' && o.status >= 500 && o.status !== 503);
    hold('no 5xx but 503', fiveHundreds.length === 0, fiveHundreds.slice(0, 3).map((o) => `${o.op} ${o.status} ${JSON.stringify(o.body).slice(0, 160)}`).join('; '));
    // Exempt: what the killed process had in flight or was sent after (it cannot answer), and what was sent to the
    // SIGTERM'd one after it stopped taking connections (refused; the client went to the other).
    const lost = outcomes.filter((o) => o.status === 'network' && !(o.server === second.name && o.endedAt >= killedAt) && !(o.server === first.name && o.startedWhile.endsWith('/stopping')));
    hold('every request answered (but by the killed process)', lost.length === 0, lost.slice(0, 3).map((o) => `${o.op} at ${o.server} during ${o.startedWhile}: ${String(o.body).slice(0, 120)}`).join('; '));
    const unavailable = outcomes.filter((o) => o.status === 503);
    // A request sent just before the stop and answered after it is one the outage caught too (seen in CI).
    const duringOutage = (o: Outcome) => o.startedWhile.startsWith('postgres-') || (o.startedWhile.startsWith('burst/') && o.endedAt >= stoppedAt);
    hold('503 only while PostgreSQL was down or coming back', unavailable.every(duringOutage), unavailable.filter((o) => !duringOutage(o)).slice(0, 3).map((o) => `${o.op} during ${o.startedWhile}`).join('; '));
    hold('the burst resumed by itself after the restart, at both processes', answeredAgain('first') && answeredAgain('second'), `the first 2xx at each within ${resumedInMs} ms; ${resumed} 2xx in all by a second later`);
    const lastErrors = (proc: Started) => proc.output().split('\n').filter((l) => /"level":(50|60)|Error/.test(l)).slice(-3).join(' | ').slice(0, 600);
    hold('the SIGTERM ended the process cleanly', firstExit === 0, firstExit === 0 ? 'exit 0' : `exit ${firstExit}: ${lastErrors(first.proc)}`);
    const badAnswers = outcomes.filter((o) => o.op === 'bad');
    hold('bad inputs refused with a 4xx (or 503 while down)', badAnswers.every((o) => o.status === 'network' || (typeof o.status === 'number' && o.status >= 400 && o.status < 500) || o.status === 503));
    // 60 a minute for the address, counted once for both processes (in their own memory each would let 120 through).
    hold('the flood from one address limited to one budget across both processes', flood429 > 0 && floodAnswers - flood429 <= 60, `${floodAnswers - flood429} of ${floodAnswers} not limited (limit 60 a minute)`);
    const latency = `p99 ${p99(quiet)} ms quiet, ${p99(loud)} ms under the flood`;
    if (alone) hold(`others' reads under the flood within ${FLOOD_P99_BUDGET_MS} ms at p99`, p99(loud) <= FLOOD_P99_BUDGET_MS, latency);

    if (process.env.DRILL_DUMP) for (const [i, srv] of [first, second, ...servers].entries()) writeFileSync(path.join(process.env.DRILL_DUMP, `server-${i}-${srv.name}.log`), srv.proc.output());
    // ---- The table ----------------------------------------------------------------------------------------
    const count = (op: string) => outcomes.filter((o) => o.op === op).length;
    const ok = (op: string) => outcomes.filter((o) => o.op === op && typeof o.status === 'number' && o.status < 300).length;
    const recordsLost = (booked.length - bookedRows.length) + (bought.length - purchaseRows.length) + [...messages.keys()].filter((id) => !messageRows.some((m) => m.id === id)).length;
    const rows: Array<[string, string]> = [
      ['load held', `${outcomes.length} requests over 2 processes: ${['book', 'buy', 'join', 'fulfil', 'chat'].map((op) => `${op} ${ok(op)}/${count(op)} 2xx`).join(', ')}; ${unavailable.length} answered 503 while PostgreSQL was away`],
      ['faults injected', faults.join('; ')],
      ['bad inputs tried', `${badInputs} in the burst, all refused with a 4xx; ${floodAnswers} flood log-ins, ${flood429} answered 429`],
      ['records lost', `${recordsLost} (of ${booked.length} bookings, ${bought.length} purchases, ${messages.size} messages answered 2xx)`],
      ['invariants checked', `${invariants.filter(([, held]) => held).length} of ${invariants.length} hold`],
      ...(alone ? [] : [['measured', `others' reads under the flood: ${latency} (the ${FLOOD_P99_BUDGET_MS} ms budget is judged by npm run drill, alone on the machine; here each client paused ${PAUSE_MS} ms between operations)`] as [string, string]]),
      ...invariants.map(([name, held, detail]): [string, string] => [`  ${held ? 'holds' : 'BROKEN'}`, `${name}${detail ? ` (${detail})` : ''}`]),
    ];
    const width = Math.max(...rows.map(([k]) => k.length));
    console.log(`\nthe fault drill\n${rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join('\n')}\n`);

    expect(recordsLost).toBe(0);
    expect(invariants.filter(([, held]) => !held)).toEqual([]);
  }, 300_000);
});
