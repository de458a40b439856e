import { sql } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import type { RealtimeEvent } from '@localloop/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, ListenerState, Tx } from '../db/client.ts';

/** The PostgreSQL channel every server process listens on. */
export const EVENTS_CHANNEL = 'localloop_events';

/** A socket channel: a user's own (`user:<id>`) or, later, a chat room's (`room:<id>`). The server decides membership. */
export type Channel = `user:${string}` | `room:${string}`;
/** What travels on the bus: an event for a channel's sockets, or word that an account's sessions ended. */
type BusMessage = { channel: Channel; event: RealtimeEvent } | { sessionsEnded: { userId: string; tokenVersion: number } };

/** The close code a socket gets when its account's sessions end (a logout everywhere, a password change, a deletion). */
export const SESSION_ENDED_CLOSE_CODE = 4401;

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

  join(channel: Channel, socket: WebSocket, tokenVersion?: number): void {
    if (tokenVersion !== undefined) this.versions.set(socket, tokenVersion);
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
  private endSessions(userId: string, tokenVersion: number): void {
    for (const socket of this.sockets.get(`user:${userId}`) ?? []) {
      if ((this.versions.get(socket) ?? -1) < tokenVersion) socket.close(SESSION_ENDED_CLOSE_CODE, 'session ended');
    }
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

/** Feeds a new hub from the database's notifications; after a gap in them, every socket is told to resync. */
export async function startRealtime(database: Database, log?: Log): Promise<Realtime> {
  const hub = new RealtimeHub();
  const listener = await database.listen(EVENTS_CHANNEL, {
    onPayload: (payload) => hub.deliver(payload),
    onDown: (err) => log?.warn({ err }, 'realtime: lost the database connection it listens on; reconnecting'),
    onResume: (gapMs) => {
      log?.info({ gapMs }, 'realtime: listening again; telling every socket to refetch');
      hub.resync();
    },
  });
  return { hub, state: listener.state, stop: listener.stop };
}
