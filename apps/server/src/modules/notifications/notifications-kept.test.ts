import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type Notification } from '@localloop/contract';
import { notifications } from '../../db/schema.ts';
import { closeBoth, createAccount, inject, login, testClock, twoAppsOnOneDatabase, type TestContext } from '../../../test/helper.ts';
import { listen, openSocket, ticketFor, until, type OpenSocket } from '../../../test/sockets.ts';
import type { App } from '../../lib/http.ts';
import { keptUntilChanged } from '../../lib/kept-until-changed.ts';
import { markAllRead, markRead, notify, type NotificationsDeps } from './service.ts';

/**
 * A person's pages of notifications kept until they change (routes.ts), in two server processes on one database: `a`
 * and `b`, each with its own kept pages, told of each other's changes by the bus. A title rewritten in the database
 * behind the apps' backs shows whether a page was read or kept.
 */
let a: TestContext;
let b: TestContext;
let hosts: string[];
const clock = testClock();

beforeAll(async () => {
  [a, b] = await twoAppsOnOneDatabase({ clock, config: { publicAnswerTtlMs: 10_000 } });
  hosts = [await listen(a.app), await listen(b.app)];
});
afterAll(() => closeBoth([a, b]));

/** A person with a socket open on each process: a push that reaches both shows both processes heard it. */
async function person() {
  const account = await createAccount(a.database);
  const session = await login(a.app, account.email, account.password);
  const sockets: OpenSocket[] = [];
  for (const [i, app] of [a.app, b.app].entries()) sockets.push(await openSocket(hosts[i] ?? '', await ticketFor(app, session.access)));
  return { id: account.user.id, access: session.access, sockets };
}
type Person = Awaited<ReturnType<typeof person>>;

async function list(app: App, access: string, query: { is_read?: 'true' | 'false'; page_size?: number } = {}): Promise<Notification[]> {
  const res = await inject(app, endpoints.notifications, { access, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function newest(app: App, access: string): Promise<Notification> {
  const [note] = await list(app, access);
  if (!note) throw new Error('no notification listed');
  return note;
}

/** A new notification for `who`, once both processes heard its push (each forgets `who`'s pages before delivering it). */
async function tell(who: Person, title: string) {
  await a.database.db.transaction((tx) => notify(tx, who.id, { title, body: 'x', type: 'test' }));
  const heard = (socket: OpenSocket) => socket.events().some((e) => e.type === 'notification' && e.title === title);
  expect(await until(() => who.sockets.every(heard))).toBe(true);
}
const rewrite = (id: string, title: string) => a.database.db.update(notifications).set({ title }).where(eq(notifications.id, id));
const titles = (page: Notification[]) => page.map((n) => n.title);

describe("a person's kept notifications", () => {
  it('are read once and kept, and forgotten in every process when a new one is pushed', async () => {
    const someone = await person();
    await tell(someone, 'First');
    const first = await newest(a.app, someone.access);
    expect(first.title).toBe('First');
    await rewrite(first.id, 'Rewritten behind the apps');
    expect(titles(await list(a.app, someone.access))).toEqual(['First']);
    expect(titles(await list(b.app, someone.access))).toEqual(['Rewritten behind the apps']);
    await rewrite(first.id, 'Rewritten again');

    // A new notification's push is heard by both processes: neither serves what it kept before it.
    await tell(someone, 'Second');
    expect(await until(async () => (await list(a.app, someone.access)).length === 2)).toBe(true);
    expect(await until(async () => (await list(b.app, someone.access)).length === 2)).toBe(true);
    expect(titles(await list(a.app, someone.access))).toContain('Rewritten again');
    expect(titles(await list(b.app, someone.access))).toContain('Rewritten again');
  });

  it('show a mark as read at once where it was made and in the other process once the bus tells, each filter and page size alike', async () => {
    const someone = await person();
    await tell(someone, 'Unread');
    const note = await newest(a.app, someone.access);
    expect(await list(b.app, someone.access, { is_read: 'false' })).toHaveLength(1);
    expect(await list(b.app, someone.access, { page_size: 5 })).toMatchObject([{ is_read: false }]);

    expect((await inject(a.app, endpoints.markNotificationRead, { access: someone.access, params: { id: note.id } })).statusCode).toBe(200);
    expect(await list(a.app, someone.access)).toMatchObject([{ id: note.id, is_read: true }]);
    expect(await until(async () => (await list(b.app, someone.access, { is_read: 'false' })).length === 0)).toBe(true);
    expect(await list(b.app, someone.access, { page_size: 5 })).toMatchObject([{ is_read: true }]);

    // Marking all read in the other process, the same.
    await tell(someone, 'Another');
    expect(await until(async () => (await list(a.app, someone.access, { is_read: 'false' })).length === 1)).toBe(true);
    const marked = await inject(b.app, endpoints.markAllNotificationsRead, { access: someone.access, body: {} });
    expect(marked.json()).toEqual({ updated: 1 });
    expect(await list(b.app, someone.access, { is_read: 'false' })).toEqual([]);
    expect(await until(async () => (await list(a.app, someone.access, { is_read: 'false' })).length === 0)).toBe(true);
  });

  it('are forgotten in the process that marks them read once the mark is committed, without waiting for the bus', async () => {
    const someone = await person();
    await tell(someone, 'To be read');
    await tell(someone, 'Also to be read');
    const note = await newest(a.app, someone.access);
    // What the process forgets, and how many of its transactions had committed when it did.
    const kept = keptUntilChanged<Notification[]>({ ttlMs: 10_000, clock });
    const { db } = a.database;
    let committed = 0;
    const forgot: { scope: string; committed: number }[] = [];
    const deps: NotificationsDeps = {
      db: Object.assign(Object.create(db) as typeof db, {
        transaction: async (...args: Parameters<typeof db.transaction>) => {
          const result = await db.transaction(...args);
          committed += 1;
          return result;
        },
      }),
      pages: { ...kept, changed: (scope) => void forgot.push({ scope, committed }) },
    };
    await markRead(deps, someone.id, note.id);
    expect(await markAllRead(deps, someone.id)).toEqual({ updated: 1 });
    expect(forgot).toEqual([
      { scope: someone.id, committed: 1 },
      { scope: someone.id, committed: 2 },
    ]);
  });

  it("are only ever served to their person: another's list, mark or mark-all neither reads nor changes them", async () => {
    const [owner, other] = [await person(), await person()];
    await tell(owner, "The owner's");
    const note = await newest(a.app, owner.access);
    // The other person's list is read for them (nothing of the owner's in it), their mark of the owner's a 404.
    expect(titles(await list(a.app, other.access))).toEqual([]);
    expect((await inject(a.app, endpoints.markNotificationRead, { access: other.access, params: { id: note.id } })).statusCode).toBe(404);
    expect((await inject(a.app, endpoints.markAllNotificationsRead, { access: other.access, body: {} })).json()).toEqual({ updated: 0 });
    expect(await list(a.app, owner.access)).toMatchObject([{ id: note.id, is_read: false }]);
    const [row] = await a.database.db.select({ isRead: notifications.isRead }).from(notifications).where(eq(notifications.id, note.id));
    expect(row?.isRead).toBe(false);
    expect((await inject(a.app, endpoints.notifications)).statusCode).toBe(401);
  });

  it('show a change the bus does not carry once their time is up', async () => {
    const someone = await person();
    await tell(someone, 'Before');
    const note = await newest(a.app, someone.access);
    await rewrite(note.id, 'After');
    expect(titles(await list(a.app, someone.access))).toEqual(['Before']);
    clock.advance(10_001);
    expect(titles(await list(a.app, someone.access))).toEqual(['After']);
  });
});
