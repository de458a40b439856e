import { sql } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import type { RealtimeEvent } from '@localloop/contract';
import type { Database, Tx } from '../db/client.ts';

/** The PostgreSQL channel every server process listens on. */
export const EVENTS_CHANNEL = 'localloop_events';

/** A socket channel: a user's own (`user:<id>`) or, later, a chat room's (`room:<id>`). The server decides membership. */
export type Channel = `user:${string}` | `room:${string}`;
type BusMessage = { channel: Channel; event: RealtimeEvent };

/**
 * Publishes inside the caller's transaction with NOTIFY: PostgreSQL (and PGlite) deliver it to every
 * listening process only if the transaction commits, so a rolled-back change pushes nothing.
 */
export async function publish(tx: Tx, channel: Channel, event: RealtimeEvent): Promise<void> {
  const message: BusMessage = { channel, event };
  await tx.execute(sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(message)})`);
}

/** The sockets of this process, by channel; fed by the database's notifications. */
export class RealtimeHub {
  private readonly sockets = new Map<Channel, Set<WebSocket>>();

  join(channel: Channel, socket: WebSocket): void {
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
    const text = JSON.stringify(message.event);
    for (const socket of this.sockets.get(message.channel) ?? []) {
      if (socket.readyState === socket.OPEN) socket.send(text);
    }
  }

  all(): WebSocket[] {
    return [...this.sockets.values()].flatMap((set) => [...set]);
  }
}

export async function startRealtime(database: Database): Promise<{ hub: RealtimeHub; stop: () => Promise<void> }> {
  const hub = new RealtimeHub();
  const stop = await database.listen(EVENTS_CHANNEL, (payload) => hub.deliver(payload));
  return { hub, stop };
}
