import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { ServerFrame } from '@localloop/contract';
import { freshDatabaseUrl, onPostgres } from './helper.ts';
import { freePort, seedDemoWithoutPictures, startServer, waitFor, waitReady } from './processes.ts';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

/** Two servers on one database, with the demo data (its pictures left out: seedDemoWithoutPictures) put in first. */
async function startTwo(url: string, ports: number[]) {
  await seedDemoWithoutPictures({ DATABASE_URL: url, DATA_DIR: '' });
  return ports.map((port) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'localloop-rt-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    return startServer({ DATABASE_URL: url, DATA_DIR: dataDir, SEED_DEMO: 'false', PORT: String(port), HOST: '127.0.0.1', JWT_SECRET: 'one-secret-shared-by-both-processes-000', QR_SIGNING_SECRET: 'one-qr-secret-shared-by-both-processes' }, cleanups);
  });
}

// Several processes share one database only on PostgreSQL (PGlite is one process's own database).
describe.skipIf(!onPostgres)('two server processes on one PostgreSQL', () => {
  it('deliver an event raised on one to a socket held by the other, and end the sessions there too (its socket closed, its old access token refused)', async () => {
    const url = (await freshDatabaseUrl()) ?? '';
    const ports = [await freePort(), await freePort()];
    const servers = await startTwo(url, ports);
    for (const s of servers) await waitReady(s, 45_000);
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

    // Process B has seen the access token (and keeps its account's version: lib/session-versions.ts)…
    const profileOn = async (host: string | undefined) => (await fetch(`http://${host}/api/profile/`, { headers: { authorization: `Bearer ${access}` } })).status;
    expect(await profileOn(b)).toBe(200);

    // …and the change that notifies happens on process A.
    const changed = await post(a, '/change-password/', { current_password: 'demo-password-1', new_password: 'another-long-secret-7' }, access);
    expect(changed.status).toBe(200);
    await waitFor(() => messages.some((m) => m.type === 'event' && m.event.type === 'notification'), 5000);
    expect(messages).toContainEqual(expect.objectContaining({ type: 'event', event: expect.objectContaining({ type: 'notification', title: 'Your password was changed' }) }));
    // The change ended every session of the account: process B closes the socket it holds.
    expect(await closedWith).toBe(4401);
    // The same word told B that the version it kept is old: the access token issued before the change opens nothing there.
    expect(await profileOn(b)).toBe(401);
    expect(await profileOn(a)).toBe(401);
  }, 90_000);

  it('deliver a chat message posted on one to a member\'s socket subscribed to the room on the other', async () => {
    const url = (await freshDatabaseUrl()) ?? '';
    const ports = [await freePort(), await freePort()];
    const servers = await startTwo(url, ports);
    for (const s of servers) await waitReady(s, 45_000);
    const [a, b] = ports.map((p) => `127.0.0.1:${p}`);
    const call = async (host: string | undefined, method: string, route: string, body?: unknown, access?: string) => {
      const res = await fetch(`http://${host}/api${route}`, {
        method,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(access ? { authorization: `Bearer ${access}` } : {}) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    };
    const accessOf = async (email: string) => String((await call(b, 'POST', '/login/v2/', { email, password: 'demo-password-1' })).json['access']);
    // The demo user joined customer2's open run (the seed): both are in its group room.
    const member = await accessOf('user@example.com');
    const host = await accessOf('customer2@example.com');
    const joined = (await call(b, 'GET', '/activities/mine/?filter=joined', undefined, member)).json as unknown as { results: { id: string }[] };
    const activityId = joined.results[0]?.id ?? '';
    const [room] = (await call(b, 'GET', `/chat/get/chat-rooms/${activityId}/`, undefined, member)).json as unknown as { id: string }[];
    const roomId = room?.id ?? '';

    const frames: ServerFrame[] = [];
    const ticket = String((await call(b, 'POST', '/ws/ticket/', {}, member)).json['ticket']);
    const socket = new WebSocket(`ws://${b}/api/ws?ticket=${ticket}`);
    cleanups.push(() => socket.terminate());
    socket.on('message', (data) => frames.push(JSON.parse(String(data))));
    await new Promise((resolve, reject) => {
      socket.on('open', resolve);
      socket.on('error', reject);
    });
    socket.send(JSON.stringify({ type: 'subscribe', channel: `chat:${roomId}` }));
    await waitFor(() => frames.some((f) => f.type === 'subscribed'), 5000);

    const sent = await call(a, 'POST', `/chat/rooms/${roomId}/messages/`, { client_id: randomUUID(), text: 'See you at the pier.' }, host);
    expect(sent.status).toBe(201);
    await waitFor(() => frames.some((f) => f.type === 'room_event'), 5000);
    expect(frames).toContainEqual({ type: 'room_event', channel: `chat:${roomId}`, event: expect.objectContaining({ type: 'chat_message', id: sent.json['id'], room_id: roomId }) });
  }, 90_000);
});
