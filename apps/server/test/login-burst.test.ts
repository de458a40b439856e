import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openPostgres, type Database } from '../src/db/client.ts';
import { users } from '../src/db/schema.ts';
import type { App } from '../src/lib/http.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { freshDatabaseUrl, onPostgres, testConfig } from './helper.ts';

/**
 * A load test on real PostgreSQL with the default pool (10 connections), over real HTTP on loopback: 200 people log in
 * at once while others use the app, and one account hammers change-password. Bounded (a fixed number of requests, a
 * deadline) and loopback only. Before issue 9, tokens were signed inside transactions that waited behind argon2 work:
 * the pool ran dry and 93 of 200 log-ins answered 500, and other people's token refresh failed. Latency is measured in
 * `npm run bench`; here the proof is that nothing answers 5xx.
 */
const LOGINS = 200;
const PASSWORD = 'burst-test-password-1';

let app: App;
let database: Database;
let base = '';
const people: { email: string }[] = [];

beforeAll(async () => {
  if (!onPostgres) return;
  const url = await freshDatabaseUrl();
  if (!url) throw new Error('no PostgreSQL');
  database = openPostgres(url); // the default pool size
  // Behind a proxy, each person has an address of their own, as on the internet: the per-IP limit stays the default.
  app = await buildApp({ config: testConfig({ trustProxy: true, authRateLimitPerMinute: 30 }), database, logger: false });
  const passwordHash = await hashPassword(PASSWORD);
  const rows = Array.from({ length: LOGINS + 3 }, (_, i) => ({
    email: `burst-${i}-${Date.now().toString(36)}@example.test`,
    phoneNumber: `+1777${String(i).padStart(7, '0')}`,
    passwordHash,
  }));
  await database.db.insert(users).values(rows);
  people.push(...rows.map((r) => ({ email: r.email })));
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

type Outcome = { status: number; path: string };

async function request(path: string, init: { method?: string; body?: unknown; token?: string; from: string }): Promise<Outcome & { json: () => Promise<Record<string, string>> }> {
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'x-forwarded-for': init.from,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await res.text();
  return { status: res.status, path, json: async () => JSON.parse(text) as Record<string, string> };
}

describe.skipIf(!onPostgres)('a log-in burst on PostgreSQL with the default pool', () => {
  it('answers 200 log-ins at once, and everyone else meanwhile, without a single 5xx', async () => {
    // Three people already signed in, using the app during the burst; one of them hammers change-password.
    const sessions = await Promise.all(
      people.slice(LOGINS).map(async (p, i) => (await request('/api/login/v2/', { method: 'POST', body: { email: p.email, password: PASSWORD }, from: `198.51.100.${i + 1}` })).json()),
    );
    const [reader, refresher, hammer] = sessions;
    if (!reader?.access || !refresher?.refresh || !hammer?.access) throw new Error('fixture: the three sessions did not start');

    const outcomes: Outcome[] = [];
    let burstOver = false;
    const everyoneElse = async () => {
      let refresh = refresher.refresh ?? '';
      for (let round = 0; round < 500 && !burstOver; round += 1) {
        outcomes.push(await request('/api/vendor/lists/?lat=40.7128&lng=-74.006', { from: '198.51.100.10' }));
        outcomes.push(await request('/api/notifications/', { token: reader.access, from: '198.51.100.11' }));
        const rotated = await request('/api/token/refresh/', { method: 'POST', body: { refresh }, from: '198.51.100.12' });
        outcomes.push(rotated);
        if (rotated.status === 200) refresh = (await rotated.json()).refresh ?? refresh;
      }
    };
    const hammering = Promise.all(
      Array.from({ length: 300 }, () =>
        request('/api/change-password/', { method: 'POST', token: hammer.access, body: { current_password: 'not-the-password', new_password: 'whatever-long-secret-9' }, from: '198.51.100.13' }),
      ),
    );
    const burst = Promise.all(
      people.slice(0, LOGINS).map((p, i) =>
        request('/api/login/v2/', { method: 'POST', body: { email: p.email, password: PASSWORD }, from: `10.${Math.floor(i / 250)}.${i % 250}.1` }),
      ),
    ).finally(() => (burstOver = true));

    const [logins, changes] = await Promise.all([burst, hammering, everyoneElse()]);
    const all = [...logins, ...changes, ...outcomes];
    expect(all.filter((o) => o.status >= 500).map((o) => `${o.status} ${o.path}`)).toEqual([]);
    expect(logins.map((o) => o.status)).toEqual(Array(LOGINS).fill(200));
    // The hammering account got its own budget's worth of wrong-password answers, then 429s.
    expect(new Set(changes.map((o) => o.status))).toEqual(new Set([400, 429]));
    expect(outcomes.length).toBeGreaterThan(0);
    expect(outcomes.filter((o) => o.path === '/api/token/refresh/').every((o) => o.status === 200)).toBe(true);
  }, 180_000);
});
