import { EventEmitter } from 'node:events';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { users } from '../db/schema.ts';
import { createAccount, createTestApp, type TestContext } from '../../test/helper.ts';
import { closeEndedSockets, RealtimeHub, SESSION_ENDED_CLOSE_CODE } from './realtime.ts';

/** A socket as the hub sees it: it records how it was closed. */
function fakeSocket() {
  const socket = Object.assign(new EventEmitter(), {
    OPEN: 1,
    readyState: 1,
    closedWith: null as number | null,
    sent: [] as string[],
    send(text: string) {
      socket.sent.push(text);
    },
    close(code: number) {
      socket.closedWith = code;
      socket.readyState = 3;
      socket.emit('close', code);
    },
  });
  return socket;
}
const asSocket = (s: ReturnType<typeof fakeSocket>) => s as unknown as WebSocket;

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the realtime hub when sessions end', () => {
  it('closes a socket that joins just after its account\'s sessions ended (its ticket was redeemed just before)', () => {
    const hub = new RealtimeHub();
    hub.endSessions('u1', 4);
    const late = fakeSocket();
    hub.join('user:u1', asSocket(late), 3);
    expect(late.closedWith).toBe(SESSION_ENDED_CLOSE_CODE);
    const current = fakeSocket();
    hub.join('user:u1', asSocket(current), 4);
    expect(current.closedWith).toBeNull();
  });

  it('after a gap in notifications, closes the sockets of accounts whose sessions ended or that were deleted meanwhile', async () => {
    const kept = await createAccount(t.database);
    const ended = await createAccount(t.database);
    const deleted = await createAccount(t.database);
    const hub = new RealtimeHub();
    const sockets = { kept: fakeSocket(), ended: fakeSocket(), deleted: fakeSocket() };
    hub.join(`user:${kept.user.id}`, asSocket(sockets.kept), 0);
    hub.join(`user:${ended.user.id}`, asSocket(sockets.ended), 0);
    hub.join(`user:${deleted.user.id}`, asSocket(sockets.deleted), 0);
    // What the missed notifications were about: a logout everywhere and a deletion.
    await t.database.db.update(users).set({ tokenVersion: sql`${users.tokenVersion} + 1` }).where(eq(users.id, ended.user.id));
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, deleted.user.id));
    await closeEndedSockets(t.database, hub);
    expect(sockets.kept.closedWith).toBeNull();
    expect(sockets.ended.closedWith).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(sockets.deleted.closedWith).toBe(SESSION_ENDED_CLOSE_CODE);
  });
});
