import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { ServerFrame } from '@localloop/contract';
import { freshDatabaseUrl, onPostgres } from './helper.ts';
import { startServer, waitFor } from './processes.ts';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

// Several processes share one database only on PostgreSQL (PGlite is one process's own database).
describe.skipIf(!onPostgres)('two server processes on one PostgreSQL', () => {
  it('deliver an event raised on one to a socket held by the other, and close it there when the sessions end', async () => {
    const url = (await freshDatabaseUrl()) ?? '';
    const ports = [32100 + Math.floor(Math.random() * 800), 33100 + Math.floor(Math.random() * 800)];
    const servers = ports.map((port) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'localloop-rt-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      return startServer({ DATABASE_URL: url, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', JWT_SECRET: 'one-secret-shared-by-both-processes-000' }, cleanups);
    });
    for (const s of servers) await waitFor(() => s.output().includes('LocalLoop is ready'), 45_000);
    const [a, b] = ports.map((p) => `127.0.0.1:${p}`);

    const post = async (host: string | undefined, route: string, body: unknown, access?: string) => {
      const res = await fetch(`http://${host}/api${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(access ? { authorization: `Bearer ${access}` } : {}) },
        body: JSON.stringify(body),
      });
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    };

    // The socket is opened on process B…
    const session = (await post(b, '/login/v2/', { email: 'user@example.com', password: 'demo-password-1' })).json;
    const access = String(session.access);
    const ticket = String((await post(b, '/ws/ticket/', {}, access)).json.ticket);
    const messages: ServerFrame[] = [];
    const socket = new WebSocket(`ws://${b}/api/ws?ticket=${ticket}`);
    cleanups.push(() => socket.terminate());
    socket.on('message', (data) => messages.push(JSON.parse(String(data))));
    const closedWith = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    await new Promise((resolve, reject) => {
      socket.on('open', resolve);
      socket.on('error', reject);
    });

    // …and the change that notifies happens on process A.
    const changed = await post(a, '/change-password/', { current_password: 'demo-password-1', new_password: 'another-long-secret-7' }, access);
    expect(changed.status).toBe(200);
    await waitFor(() => messages.some((m) => m.type === 'event' && m.event.type === 'notification'), 5000);
    expect(messages).toContainEqual(expect.objectContaining({ type: 'event', event: expect.objectContaining({ type: 'notification', title: 'Your password was changed' }) }));
    // The change ended every session of the account: process B closes the socket it holds.
    expect(await closedWith).toBe(4401);
  }, 90_000);
});
