import { inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { RealtimeEvent, RoomEvent } from '@localloop/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db, ListenerState, Tx } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { RealtimeHub, type Channel, type ChannelOptions, type MembershipCheck } from './realtime-hub.ts';

export { RealtimeHub, SESSION_ENDED_CLOSE_CODE, type Channel, type ChannelOptions, type MembershipCheck, type UserChannel } from './realtime-hub.ts';

/** The PostgreSQL channel every server process listens on. */
export const EVENTS_CHANNEL = 'localloop_events';
/** PostgreSQL (and PGlite) refuse a NOTIFY payload of this many bytes or more. */
export const NOTIFY_PAYLOAD_LIMIT_BYTES = 8000;

/**
 * What travels on the bus: an event for a channel's sockets, word that an account's sessions ended, or word that
 * something a process may keep changed (`what` names its kind, `id` which one; heard by the watchers only, no socket).
 */
type BusMessage =
  | { channel: Channel; event: RealtimeEvent | RoomEvent }
  | { sessionsEnded: { userId: string; tokenVersion: number } }
  | { changed: { what: string; id: string } };

/** The NOTIFY of a message, as an expression of a statement. */
function busNotify(message: BusMessage): SQL {
  const payload = JSON.stringify(message);
  const bytes = Buffer.byteLength(payload);
  // Events carry ids and short fields, never bodies; a bigger one is a bug in its publisher, named here.
  if (bytes >= NOTIFY_PAYLOAD_LIMIT_BYTES) {
    const what = 'event' in message ? `a "${message.event.type}" event on ${message.channel}` : 'a sessions-ended message';
    throw new Error(`realtime: ${what} is ${bytes} bytes; the bus carries less than ${NOTIFY_PAYLOAD_LIMIT_BYTES}. Publish ids, and let the client fetch the rest.`);
  }
  return sql`pg_notify(${EVENTS_CHANNEL}, ${payload})`;
}

/** The NOTIFY of a message as a statement of its own. */
const busStatement = (message: BusMessage): SQL => sql`SELECT ${busNotify(message)}`;

async function notifyBus(tx: Tx | Db, message: BusMessage): Promise<void> {
  await tx.execute(busStatement(message));
}

/**
 * Publishes inside the caller's transaction with NOTIFY: PostgreSQL (and PGlite) deliver it to every
 * listening process only if the transaction commits, so a rolled-back change pushes nothing.
 */
export async function publish(tx: Tx, channel: Channel, event: RealtimeEvent | RoomEvent): Promise<void> {
  await tx.execute(publishStatement(channel, event));
}

/**
 * Publishes what the caller has already committed, in a transaction of its own that writes nothing. NOTIFY's commit
 * takes one lock that every notifying commit of the cluster waits for (`AccessExclusiveLock on object 0 of class 1262`),
 * and a transaction that has written holds it through the flush of its commit to disk: a busy room's posts, each
 * notifying inside its own write, queued behind one slow flush (40-420 ms in a staircase at 100 posts a second,
 * bench/RESULTS.md). A transaction that only notifies has no commit to flush, so it holds the lock for a moment. The
 * price: a process that dies between the commit and this leaves the event untold (as any event is while a listener is
 * down); clients learn of the row at their next fetch.
 */
export async function publishCommitted(db: Db, channel: Channel, event: RealtimeEvent | RoomEvent): Promise<void> {
  await db.execute(publishStatement(channel, event));
}

/** publish's statement, for a transaction that sends it with others (db/batched.ts). */
export function publishStatement(channel: Channel, event: RealtimeEvent | RoomEvent): SQL {
  return busStatement({ channel, event });
}

/**
 * `publish` with the write it tells of, in one statement: `write` (an INSERT or UPDATE) runs as the statement's CTE,
 * then the event goes on the bus, on the same terms (only if the transaction commits). One round trip instead of two
 * inside the caller's transaction, which often holds a row others wait for.
 */
export async function writeAndPublish(tx: Tx, write: SQLWrapper, channel: Channel, event: RealtimeEvent | RoomEvent): Promise<void> {
  await tx.execute(writeAndPublishStatement(write, channel, event));
}

/** writeAndPublish's statement, for a transaction that sends it with others (db/batched.ts). */
export function writeAndPublishStatement(write: SQLWrapper, channel: Channel, event: RealtimeEvent | RoomEvent): SQL {
  return sql`WITH written AS (${write.getSQL()}) SELECT ${busNotify({ channel, event })}`;
}

/**
 * Tells every server process's watchers, once the caller's transaction commits, that `what` `id` changed (a provider's
 * bookings, for the kept free times): a statement for a transaction that sends it with others (db/batched.ts), or to run.
 */
export function changedStatement(what: string, id: string): SQL {
  return busStatement({ changed: { what, id } });
}

/**
 * Ends an account's sockets on every server process, once the caller's transaction commits: those opened under an
 * older token version than `tokenVersion` are closed.
 */
export async function publishSessionsEnded(tx: Tx, userId: string, tokenVersion: number): Promise<void> {
  await notifyBus(tx, { sessionsEnded: { userId, tokenVersion } });
}

function readBusMessage(payload: string): BusMessage | null {
  try {
    const message = JSON.parse(payload) as BusMessage | null;
    return message && typeof message === 'object' ? message : null;
  } catch {
    return null;
  }
}

export type Realtime = {
  hub: RealtimeHub;
  /** A domain's channel kind and its membership check (chat registers `chat`); see RealtimeHub. */
  registerChannel: (kind: string, check: MembershipCheck, options?: ChannelOptions) => void;
  /** 'reconnecting' while the database connection that feeds the hub is down (PostgreSQL only). */
  state: () => ListenerState;
  /** Adds what else keeps something the bus tells of (chat's kept pages); the kept token versions are there from the start. */
  watch: (watcher: BusWatcher) => void;
  stop: () => Promise<void>;
};

type Log = Pick<FastifyBaseLogger, 'warn' | 'info'>;

/** Closes the sockets of accounts whose sessions ended (or that were deleted) since the sockets opened. */
export async function closeEndedSockets(database: Database, hub: RealtimeHub): Promise<void> {
  const open = hub.accountSockets();
  if (open.size === 0) return;
  const rows = await database.db
    .select({ id: users.id, tokenVersion: users.tokenVersion, isActive: users.isActive })
    .from(users)
    .where(inArray(users.id, [...open.keys()]));
  const current = new Map(rows.map((r) => [r.id, r.isActive ? r.tokenVersion : Number.MAX_SAFE_INTEGER]));
  for (const userId of open.keys()) hub.endSessions(userId, current.get(userId) ?? Number.MAX_SAFE_INTEGER);
}

/**
 * What else listens to the bus, to forget what it keeps when the bus tells of a change (the kept token versions,
 * lib/session-versions.ts; chat's kept pages; the kept free times): every event, every account whose sessions ended,
 * every word of a change, and the bus going down
 * (nothing heard: keep nothing) and coming back (forget everything).
 */
export type BusWatcher = {
  ended?(userId: string): void;
  /** Word that something kept changed (changedStatement), from any process, this one included. */
  changed?(what: string, id: string): void;
  heard?(channel: Channel, event: RealtimeEvent | RoomEvent): void;
  busDown(): void;
  busUp(): void;
};

/** Feeds a new hub from the database's notifications; after a gap in them, every socket is told to resync. */
export async function startRealtime(database: Database, log?: Log, ...initial: BusWatcher[]): Promise<Realtime> {
  const watchers = [...initial];
  // What the hub makes itself (typing) goes out on the bus at once, outside any transaction.
  const hub = new RealtimeHub(database.db, log, (channel, event) => notifyBus(database.db, { channel, event }));
  const listener = await database.listen(EVENTS_CHANNEL, {
    onPayload: (payload) => {
      const message = readBusMessage(payload);
      if (!message) return;
      if ('sessionsEnded' in message) {
        for (const watcher of watchers) watcher.ended?.(message.sessionsEnded.userId);
        hub.endSessions(message.sessionsEnded.userId, message.sessionsEnded.tokenVersion);
      } else if ('changed' in message) {
        for (const watcher of watchers) watcher.changed?.(message.changed.what, message.changed.id);
      } else {
        for (const watcher of watchers) watcher.heard?.(message.channel, message.event);
        hub.deliver(message.channel, message.event);
      }
    },
    onDown: (err) => {
      for (const watcher of watchers) watcher.busDown();
      log?.warn({ err }, 'realtime: lost the database connection it listens on; reconnecting');
    },
    onResume: (gapMs) => {
      for (const watcher of watchers) watcher.busUp();
      log?.info({ gapMs }, 'realtime: listening again; telling every socket to refetch');
      hub.resync();
      // Sessions may have ended while no notification could arrive: each open account socket is checked again.
      void closeEndedSockets(database, hub).catch((err: unknown) => log?.warn({ err }, 'realtime: could not recheck sockets after the gap'));
    },
  });
  return {
    hub,
    registerChannel: (kind, check, options) => hub.registerChannel(kind, check, options),
    state: listener.state,
    watch: (watcher) => {
      // Added while the bus is down, it must not keep anything until the bus is back.
      if (listener.state() !== 'listening') watcher.busDown();
      watchers.push(watcher);
    },
    stop: listener.stop,
  };
}
