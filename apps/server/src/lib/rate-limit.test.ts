import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@localloop/contract';
import { rateLimitHits } from '../db/schema.ts';
import { closeBoth, freshDatabase, inject, testClock, twoAppsOnOneDatabase, type TestContext } from '../../test/helper.ts';
import { until } from '../../test/sockets.ts';
import type { App } from './http.ts';
import { registerRateLimits } from './rate-limit.ts';

/**
 * The rate limits count in the database (rate_limit_hits), so two server processes on one database share each budget:
 * a caller cannot get twice the limit by landing on both. Two apps on one database stand in for the two processes.
 */
const LIMIT = 5;
let apps: [TestContext, TestContext];
beforeAll(async () => {
  apps = await twoAppsOnOneDatabase({ clock: testClock(), config: { authRateLimitPerMinute: LIMIT } });
});
afterAll(async () => {
  await closeBoth(apps);
});

// A well-formed undo token that no change has: the route is limited per address (perMinute) and cheap to answer.
const undo = (app: TestContext['app'], from = '203.0.113.7') =>
  inject(app, endpoints.undoContactChange, { body: { token: 'bm90LWEtcmVhbC11bmRvLXRva2VuLWJ1dC13ZWxsLWZv' }, remoteAddress: from });

describe('rate limits shared by every process on the database', () => {
  it('let one address through exactly the limit across two processes, even all at once', async () => {
    const [a, b] = apps;
    const answers = await Promise.all(Array.from({ length: LIMIT * 3 }, (_, i) => undo(i % 2 === 0 ? a.app : b.app)));
    const limited = answers.filter((r) => r.statusCode === 429);
    expect(answers.length - limited.length).toBe(LIMIT);
    for (const r of limited) expect(r.error()).toMatchObject({ code: 'RATE_LIMITED', error: expect.stringMatching(/^Too many attempts from your network\. Please wait \d+ seconds/) });
    // Another address has its own budget, on either process.
    expect((await undo(b.app, '203.0.113.8')).statusCode).not.toBe(429);
    // Counted per route, the caller's part kept as a digest (no address, no token in the table).
    const rows = await a.database.db.select().from(rateLimitHits);
    expect(rows.map((r) => r.key).sort()).toEqual([expect.stringMatching(/^POST \/api\/profile\/undo-contact-change\/\|[\w-]{22}$/), expect.stringMatching(/^POST \/api\/profile\/undo-contact-change\/\|[\w-]{22}$/)]);
    expect(JSON.stringify(rows)).not.toContain('203.0.113');
  });

  it('starts a new window when the last one ends, on the database clock', async () => {
    const database = await freshDatabase();
    const app = Fastify() as unknown as App;
    try {
      await registerRateLimits(app, database.db);
      app.get('/limited', { config: { rateLimit: { max: 2, timeWindow: 300 } } }, async () => 'ok');
      app.get('/other', { config: { rateLimit: { max: 2, timeWindow: 60_000 } } }, async () => 'ok');
      const codes = async (url: string, n: number) => Promise.all(Array.from({ length: n }, () => app.inject(url))).then((rs) => rs.map((r) => r.statusCode).sort());
      expect(await codes('/limited', 3)).toEqual([200, 200, 429]);
      // Each route counts apart.
      expect(await codes('/other', 2)).toEqual([200, 200]);
      expect(await until(async () => (await app.inject('/limited')).statusCode === 200, 5_000)).toBe(true);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
