import { inArray, sql } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import type { RealtimeEvent } from '@localloop/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, ListenerState, Tx } from '../db/client.ts';
import { users } from '../db/schema.ts';

/** The PostgreSQL channel every server process listens on. */
export const EVENTS_CHANNEL = 'localloop_events';

/** A socket channel: a user's own (`user:<id>`) or, later, a chat room's (`room:<id>`). The server decides membership. */
export type Channel = `user:${string}` | `room:${string}`;
/** What travels on the bus: an event for a channel's sockets, or word that an account's sessions ended. */
type BusMessage = { channel: Channel; event: RealtimeEvent } | { sessionsEnded: { userId: string; tokenVersion: number } };

/** The close code a socket gets when its account's sessions end (a logout everywhere, a password change, a deletion). */
export const SESSION_ENDED_CLOSE_CODE = 4401;
/** How long an ended session is remembered for sockets still joining (a ticket is redeemed, then the upgrade runs). */
const ENDED_MEMORY_MS = 60_000;

/**
 * Publishes inside the caller's transaction with NOTIFY: PostgreSQL (and PGlite) deliver it to every
 * listening process only if the transaction commits, so a rolled-back change pushes nothing.
 */
export async function publish(tx: Tx, channel: Channel, event: RealtimeEvent): Promise<void> {
  const message: BusMessage = { channel, event };
  await tx.execute(sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(message)})`);
}

/**
 * Ends an account's sockets on every server process, once the caller's transaction commits: those opened under an
 * older token version than `tokenVersion` are closed.
 */
export async function publishSessionsEnded(tx: Tx, userId: string, tokenVersion: number): Promise<void> {
  const message: BusMessage = { sessionsEnded: { userId, tokenVersion } };
  await tx.execute(sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(message)})`);
}

/** The sockets of this process, by channel; fed by the database's notifications. */
export class RealtimeHub {
  private readonly sockets = new Map<Channel, Set<WebSocket>>();
  /** The token version each account's socket was opened under (its ticket's). */
  private readonly versions = new WeakMap<WebSocket, number>();
  /**
   * Sessions that ended lately, by account: a socket whose ticket was redeemed just before the end but which joins just
   * after it (the upgrade happens in between) is closed on joining.
   */
  private readonly endedLately = new Map<string, { tokenVersion: number; at: number }>();

  join(channel: Channel, socket: WebSocket, tokenVersion?: number): void {
    if (tokenVersion !== undefined) {
      this.versions.set(socket, tokenVersion);
      const ended = channel.startsWith('user:') ? this.endedLately.get(channel.slice('user:'.length)) : undefined;
      if (ended && ended.tokenVersion > tokenVersion) {
        socket.close(SESSION_ENDED_CLOSE_CODE, 'session ended');
        return;
      }
    }
    let set = this.sockets.get(channel);
    if (!set) this.sockets.set(channel, (set = new Set()));
    set.add(socket);
    socket.once('close', () => {
      set.delete(socket);
      if (set.size === 0) this.sockets.delete(channel);
    });
  }

  deliver(payload: string): void {
    let message: BusMessage;
    try {
      message = JSON.parse(payload) as BusMessage;
    } catch {
      return;
    }
    if ('sessionsEnded' in message) return this.endSessions(message.sessionsEnded.userId, message.sessionsEnded.tokenVersion);
    this.send(this.sockets.get(message.channel) ?? [], message.event);
  }

  /** Closes the account's sockets opened before its sessions ended; the client asks for a new ticket (and may not get one). */
  endSessions(userId: string, tokenVersion: number): void {
    const now = Date.now();
    for (const [id, ended] of this.endedLately) if (now - ended.at > ENDED_MEMORY_MS) this.endedLately.delete(id);
    this.endedLately.set(userId, { tokenVersion, at: now });
    for (const socket of this.sockets.get(`user:${userId}`) ?? []) {
      if ((this.versions.get(socket) ?? -1) < tokenVersion) socket.close(SESSION_ENDED_CLOSE_CODE, 'session ended');
    }
  }

  /** The token version each open account socket was opened under, by account. */
  accountSockets(): Map<string, number[]> {
    const byUser = new Map<string, number[]>();
    for (const [channel, set] of this.sockets) {
      if (!channel.startsWith('user:')) continue;
      byUser.set(channel.slice('user:'.length), [...set].map((s) => this.versions.get(s) ?? -1));
    }
    return byUser;
  }

  /** Tells every socket to refetch what it shows: events published while the listener was down never arrived. */
  resync(at: Date = new Date()): void {
    this.send(this.all(), { type: 'resync', at: at.toISOString() });
  }

  all(): WebSocket[] {
    return [...this.sockets.values()].flatMap((set) => [...set]);
  }

  protected send(sockets: Iterable<WebSocket>, event: RealtimeEvent): void {
    const text = JSON.stringify(event);
    for (const socket of sockets) {
      if (socket.readyState === socket.OPEN) socket.send(text);
    }
  }
}

export type Realtime = {
  hub: RealtimeHub;
  /** 'reconnecting' while the database connection that feeds the hub is down (PostgreSQL only). */
  state: () => ListenerState;
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

/** Feeds a new hub from the database's notifications; after a gap in them, every socket is told to resync. */
export async function startRealtime(database: Database, log?: Log): Promise<Realtime> {
  const hub = new RealtimeHub();
  const listener = await database.listen(EVENTS_CHANNEL, {
    onPayload: (payload) => hub.deliver(payload),
    onDown: (err) => log?.warn({ err }, 'realtime: lost the database connection it listens on; reconnecting'),
    onResume: (gapMs) => {
      log?.info({ gapMs }, 'realtime: listening again; telling every socket to refetch');
      hub.resync();
      // Sessions may have ended while no notification could arrive: each open account socket is checked again.
      void closeEndedSockets(database, hub).catch((err: unknown) => log?.warn({ err }, 'realtime: could not recheck sockets after the gap'));
    },
  });
  return { hub, state: listener.state, stop: listener.stop };
}
