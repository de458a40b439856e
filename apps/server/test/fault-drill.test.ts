import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { ServerFrame } from '@localloop/contract';
import { openPostgres } from '../src/db/client.ts';
import { notify } from '../src/modules/notifications/service.ts';
import { createAccount, onPostgres } from './helper.ts';
import { startPrivatePostgres, type PrivatePostgres } from './private-postgres.ts';
import { freePort, startServer, waitFor, waitReady, type Started } from './processes.ts';

/**
 * The fault drill: PostgreSQL really stops for a few seconds under a running server, then comes back.
 *
 * It runs once per `npm test`, in the PostgreSQL pass (skipped when TEST_DATABASE_URL is unset): the drill is about
 * PostgreSQL, and that pass is the one where CI makes sure PostgreSQL is installed, so a PGlite-only run on a machine
 * without it stays green. It uses a private cluster of its own, never the shared one the other test files use.
 */
describe.skipIf(!onPostgres)('fault drill: PostgreSQL stops under a running server, then comes back', () => {
  let cluster: PrivatePostgres | null = null;
  let server: Started | null = null;
  const cleanups: Array<() => void> = [];
  let base = '';

  beforeAll(async () => {
    cluster = await startPrivatePostgres();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'localloop-drill-data-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    base = `127.0.0.1:${port}`;
    server = startServer({ DATABASE_URL: cluster.url, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false', AUTH_RATE_LIMIT_PER_MINUTE: '10000' }, cleanups);
    const started = server;
    await waitReady(started, 45_000);
  }, 90_000);

  afterAll(async () => {
    // Everything goes, whatever happened: the server first (it holds connections), then the cluster and its files.
    for (const cleanup of cleanups.splice(0)) cleanup();
    await cluster?.destroy();
  });

  it('answers 503 in the error shape with Retry-After and a truthful health while it is down; afterwards HTTP and realtime recover by themselves', async () => {
    if (!cluster || !server) throw new Error('the drill did not start');
    const { url } = cluster;
    const output = server.output;

    // A customer signed in, with the realtime socket open, as the web app keeps it.
    const database = openPostgres(url, 1);
    const account = await createAccount(database);
    await database.close();
    const http = async (method: string, route: string, opts: { body?: unknown; access?: string } = {}) => {
      const res = await fetch(`http://${base}/api${route}`, {
        method,
        headers: { ...(opts.body ? { 'content-type': 'application/json' } : {}), ...(opts.access ? { authorization: `Bearer ${opts.access}` } : {}) },
        ...(opts.body ? { body: JSON.stringify(opts.body) } : {}),
      });
      return { status: res.status, retryAfter: res.headers.get('retry-after'), json: (await res.json()) as Record<string, unknown> };
    };
    const signedIn = await http('POST', '/login/v2/', { body: { email: account.email, password: account.password } });
    expect(signedIn.status).toBe(200);
    const access = String(signedIn.json.access);
    const ticket = String((await http('POST', '/ws/ticket/', { access })).json.ticket);
    const socket = new WebSocket(`ws://${base}/api/ws?ticket=${ticket}`);
    cleanups.push(() => socket.terminate());
    const messages: ServerFrame[] = [];
    let socketClosed = false;
    socket.on('message', (data) => messages.push(JSON.parse(String(data))));
    socket.on('close', () => (socketClosed = true));
    await new Promise((resolve, reject) => {
      socket.on('open', resolve);
      socket.on('error', reject);
    });
    expect(await http('GET', '/health')).toMatchObject({ status: 200, json: { status: 'ok', database: 'up', realtime: 'listening' } });

    // The outage: a few seconds of the traffic a real app sends (bounded, whatever the machine's speed).
    await cluster.stop();
    const outageEnds = Date.now() + 4000;
    const during: Array<Awaited<ReturnType<typeof http>>> = [];
    const health: Array<Awaited<ReturnType<typeof http>>> = [];
    for (let round = 0; round < 200 && Date.now() < outageEnds; round += 1) {
      during.push(await http('GET', '/notifications/', { access }));
      during.push(await http('POST', '/login/v2/', { body: { email: account.email, password: account.password } }));
      during.push(await http('POST', '/ws/ticket/', { access }));
      health.push(await http('GET', '/health'));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(during.length).toBeGreaterThanOrEqual(3);
    for (const res of during) {
      expect(res).toEqual({
        status: 503,
        retryAfter: expect.stringMatching(/^\d+$/),
        json: { error: 'The service is unavailable right now. Please try again shortly.', code: 'SERVICE_UNAVAILABLE' },
      });
    }
    for (const res of health) expect(res).toMatchObject({ status: 503, retryAfter: expect.stringMatching(/^\d+$/), json: { status: 'unavailable', database: 'down' } });
    expect(health.at(-1)?.json.realtime).toBe('reconnecting');
    // The server keeps its sockets through the outage: it is the database that is gone, not the server.
    expect(socketClosed).toBe(false);

    // PostgreSQL is back: nothing is restarted or told; the server finds it again.
    await cluster.start();
    await waitFor(() => output().includes('realtime: listening again'), 30_000);
    expect(await http('GET', '/health')).toMatchObject({ status: 200, json: { status: 'ok', database: 'up', realtime: 'listening' } });
    expect((await http('GET', '/notifications/', { access })).status).toBe(200);
    // The socket opened before the outage is told it may have missed events (the web app refetches its list)…
    await waitFor(() => messages.some((m) => m.type === 'resync'), 10_000);
    // …and what is published after the recovery (here by another process on the same database) reaches it live.
    const publisher = openPostgres(url, 1);
    await publisher.db.transaction((tx) => notify(tx, account.user.id, { title: 'Back in business', body: 'Delivered after the outage.', type: 'test' }));
    await publisher.close();
    await waitFor(() => messages.some((m) => m.type === 'event' && m.event.type === 'notification'), 10_000);
    expect(messages).toContainEqual(expect.objectContaining({ type: 'event', event: expect.objectContaining({ type: 'notification', title: 'Back in business' }) }));
    expect(socketClosed).toBe(false);

    // One log line for the outage, not one per refused request; and no request was a 500.
    expect(output().split('\n').filter((line) => line.includes('the database is unreachable'))).toHaveLength(1);
    expect(output()).not.toContain('request failed');
  }, 60_000);
});
