import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { ChannelName, ClientFrame, isRoomEvent, TYPING_INTERVAL_MS, type RealtimeErrorCode, type RealtimeEvent, type RoomEvent, type ServerFrame } from '@localloop/contract';
import type { Db } from '../db/client.ts';

/** A socket channel, `kind:id`: a person's own (`user:<id>`), or one whose membership a domain checks (`chat:<room id>`). */
export type Channel = `${string}:${string}`;
export type UserChannel = `user:${string}`;

/** Whether the person may hear a channel of this kind with this id; asked on subscribe and on every delivery. */
export type MembershipCheck = (userId: string, id: string, db: Db) => Promise<boolean>;

/** What a channel kind may carry besides its domain's events: `typing` makes the event a typing frame is told as. */
export type ChannelOptions = {
  typing?: (id: string, userId: string) => RoomEvent;
  /**
   * Which of these people may hear the channel, in one question: a delivery asks it once for everyone listening on
   * this process instead of the membership check once per person (a room of 200 is then one query, not 200).
   */
  members?: (userIds: string[], id: string, db: Db) => Promise<Set<string>>;
};

/** Sends an event to a channel's sockets on every process (the bus); used for what the hub itself makes (typing). */
export type Publish = (channel: Channel, event: RoomEvent) => Promise<void>;

/** The close code a socket gets when its account's sessions end (a logout everywhere, a password change, a deletion). */
export const SESSION_ENDED_CLOSE_CODE = 4401;
/** The close code of a socket that sends frames faster than they can be answered. */
export const FLOODING_CLOSE_CODE = 1008;
/** How long an ended session is remembered for sockets still joining (a ticket is redeemed, then the upgrade runs). */
const ENDED_MEMORY_MS = 60_000;
/** Channels one socket may hear besides its own user channel. */
export const MAX_CHANNELS_PER_SOCKET = 50;
/** The most frames of one channel a delivery takes together (one membership question, one write per socket). */
const FRAMES_PER_DELIVERY = 64;
/**
 * The least time between two deliveries on one checked channel. A delivery is one membership question and one write
 * per socket, whatever its frames: a busy room's frames that come within this of the last delivery wait for the
 * next one together (a room of 200 at 200 messages a second: a write per socket every 20 ms instead of every 5, a
 * quarter of the system calls, and a quarter of the questions). A quiet room's frame goes at once.
 */
const DELIVERY_INTERVAL_MS = 20;
/** Frames one socket may have waiting for an answer; past it the socket is closed. */
const MAX_WAITING_FRAMES = 32;

type Log = Pick<FastifyBaseLogger, 'warn'>;

/** One open socket: whose it is, the token version its ticket carried, what it hears, and its frames in order. */
type Member = { userId: string; tokenVersion: number; channels: Set<Channel>; inbox: Promise<void>; waiting: number; stream?: Corkable };

/** The TCP socket under a WebSocket: frames written while it is corked leave in one write (one system call). */
type Corkable = { cork(): void; uncork(): void };

function split(channel: string): { kind: string; id: string } {
  const at = channel.indexOf(':');
  return { kind: channel.slice(0, at), id: channel.slice(at + 1) };
}

/**
 * The sockets of this process and the channels they hear; fed by the bus (see realtime.ts). A socket joins its own
 * user channel on connect and may subscribe to channels of the kinds domains register with a membership check. The
 * check runs on the subscribe and again before every delivery on that channel, so a person removed from a room hears
 * nothing more from it, whichever process removed them.
 */
export class RealtimeHub {
  private readonly sockets = new Map<Channel, Set<WebSocket>>();
  private readonly members = new Map<WebSocket, Member>();
  private readonly checks = new Map<string, MembershipCheck>();
  private readonly options = new Map<string, ChannelOptions>();
  /** When each person last said they were typing on a channel (`user|channel`), however many sockets they have. */
  private readonly typedAt = new Map<string, number>();
  /**
   * Deliveries on a checked channel run one after another, so their order survives the asynchronous checks. The frames
   * published while one runs, or within DELIVERY_INTERVAL_MS of its start, wait here and go out together next: one
   * membership question for all of them, and one write per socket (a busy room's frames coalesce; a quiet one's go out
   * one by one, at once).
   */
  private readonly waitingFrames = new Map<Channel, string[]>();
  /**
   * Sessions that ended lately, by account: a socket whose ticket was redeemed just before the end but which joins just
   * after it (the upgrade happens in between) is closed on joining.
   */
  private readonly endedLately = new Map<string, { tokenVersion: number; at: number }>();

  constructor(
    private readonly db: Db,
    private readonly log?: Log,
    private readonly publish?: Publish,
    private readonly now: () => number = Date.now,
  ) {}

  /** A domain's channel kind (`chat` for chat rooms); `user` is the hub's own. */
  registerChannel(kind: string, check: MembershipCheck, options: ChannelOptions = {}): void {
    if (!/^[a-z][a-z_]{0,30}$/.test(kind)) throw new Error(`realtime: "${kind}" is not a channel kind (lower-case letters)`);
    if (kind === 'user' || this.checks.has(kind)) throw new Error(`realtime: the channel kind "${kind}" is already registered`);
    this.checks.set(kind, check);
    this.options.set(kind, options);
  }

  /**
   * A new socket, of the person its ticket named: it joins their user channel. Closed at once (false) when that
   * account's sessions ended after the ticket was issued.
   */
  connect(socket: WebSocket, holder: { userId: string; tokenVersion: number }, stream?: Corkable): boolean {
    const ended = this.endedLately.get(holder.userId);
    if (ended && ended.tokenVersion > holder.tokenVersion) {
      socket.close(SESSION_ENDED_CLOSE_CODE, 'session ended');
      return false;
    }
    const member: Member = { ...holder, channels: new Set(), inbox: Promise.resolve(), waiting: 0, ...(stream ? { stream } : {}) };
    this.members.set(socket, member);
    this.add(socket, member, `user:${holder.userId}`);
    socket.once('close', () => {
      for (const channel of member.channels) this.remove(socket, channel);
      member.channels.clear();
      this.members.delete(socket);
    });
    return true;
  }

  /** A frame from a client, answered in the order frames came; never throws (a bad frame gets an error frame). */
  receive(socket: WebSocket, data: RawData | string): void {
    const member = this.members.get(socket);
    if (!member) return;
    if (member.waiting >= MAX_WAITING_FRAMES) {
      socket.close(FLOODING_CLOSE_CODE, 'too many frames');
      return;
    }
    member.waiting += 1;
    member.inbox = member.inbox
      .then(() => this.answer(socket, member, data))
      .catch((err: unknown) => this.log?.warn({ err }, 'realtime: a frame could not be answered'))
      .finally(() => (member.waiting -= 1));
  }

  /** Delivers a bus message's event to the channel's sockets on this process. */
  deliver(channel: Channel, event: RealtimeEvent | RoomEvent): void {
    const sockets = this.sockets.get(channel);
    if (!sockets || sockets.size === 0) return;
    // A room's events go in their own frames, to the page that subscribed (contract/realtime.ts RoomEvent).
    const frame: ServerFrame = isRoomEvent(event) ? { type: 'room_event', channel, event } : { type: 'event', channel, event };
    const text = JSON.stringify(frame);
    const { kind, id } = split(channel);
    if (kind === 'user') {
      for (const socket of sockets) this.sendText(socket, text);
      return;
    }
    const check = this.checks.get(kind);
    if (!check) return;
    const members = this.options.get(kind)?.members;
    const allowed = members ? (userIds: string[]) => members(userIds, id, this.db) : (userIds: string[]) => this.allowedOneByOne(userIds, id, check);
    const waiting = this.waitingFrames.get(channel);
    if (waiting) {
      waiting.push(text);
      return;
    }
    this.waitingFrames.set(channel, [text]);
    void this.drain(channel, allowed);
  }

  /**
   * Delivers the channel's waiting frames, and those that arrive meanwhile, until none waits; each delivery is followed
   * by the rest of its interval, in which new frames wait for the next.
   */
  private async drain(channel: Channel, allowed: (userIds: string[]) => Promise<Set<string>>): Promise<void> {
    for (;;) {
      const texts = this.waitingFrames.get(channel) ?? [];
      if (texts.length === 0) {
        this.waitingFrames.delete(channel);
        return;
      }
      // At most a bounded batch at once: a backlog (a slow membership question meanwhile) goes out in turns, so no one
      // delivery holds the event loop or the sockets' buffers for all of it.
      this.waitingFrames.set(channel, texts.splice(FRAMES_PER_DELIVERY));
      const started = this.now();
      try {
        await this.deliverChecked(channel, allowed, texts);
      } catch (err) {
        this.log?.warn({ err, channel }, 'realtime: a delivery failed');
      }
      const rest = DELIVERY_INTERVAL_MS - (this.now() - started);
      if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
    }
  }

  /** Closes the account's sockets opened before its sessions ended; the client asks for a new ticket (and may not get one). */
  endSessions(userId: string, tokenVersion: number): void {
    const now = Date.now();
    for (const [id, ended] of this.endedLately) if (now - ended.at > ENDED_MEMORY_MS) this.endedLately.delete(id);
    this.endedLately.set(userId, { tokenVersion, at: now });
    for (const socket of this.sockets.get(`user:${userId}`) ?? []) {
      if ((this.members.get(socket)?.tokenVersion ?? -1) < tokenVersion) socket.close(SESSION_ENDED_CLOSE_CODE, 'session ended');
    }
  }

  /** The token version each open socket was opened under, by account. */
  accountSockets(): Map<string, number[]> {
    const byUser = new Map<string, number[]>();
    for (const member of this.members.values()) byUser.set(member.userId, [...(byUser.get(member.userId) ?? []), member.tokenVersion]);
    return byUser;
  }

  /** Tells every socket to refetch what it shows: events published while the listener was down never arrived. */
  resync(at: Date = new Date()): void {
    const text = JSON.stringify({ type: 'resync', at: at.toISOString() } satisfies ServerFrame);
    for (const socket of this.members.keys()) this.sendText(socket, text);
  }

  all(): WebSocket[] {
    return [...this.members.keys()];
  }

  private async answer(socket: WebSocket, member: Member, data: RawData | string): Promise<void> {
    let json: unknown;
    try {
      json = JSON.parse(String(data));
    } catch {
      return this.refuse(socket, 'FRAME_INVALID', 'A frame is JSON: {"type":"subscribe"|"unsubscribe","channel":"kind:id"}.');
    }
    const parsed = ClientFrame.safeParse(json);
    if (!parsed.success) {
      const channel = (json as { channel?: unknown } | null)?.channel;
      const badChannel = typeof channel === 'string' && !ChannelName.safeParse(channel).success;
      return this.refuse(socket, 'FRAME_INVALID', badChannel ? 'A channel is kind:id, e.g. room:<id>.' : 'Send {"type":"subscribe"|"unsubscribe"|"typing","channel":"kind:id"}.');
    }
    const frame = parsed.data;
    const channel = frame.channel as Channel;
    if (frame.type === 'typing') return this.typing(socket, member, channel);
    if (frame.type === 'unsubscribe') {
      if (channel === `user:${member.userId}`) return this.refuse(socket, 'CHANNEL_FORBIDDEN', 'Your own channel cannot be left.', channel);
      if (member.channels.has(channel)) this.remove(socket, channel);
      return this.reply(socket, { type: 'unsubscribed', channel, reason: 'requested' });
    }
    if (member.channels.has(channel)) return this.reply(socket, { type: 'subscribed', channel });
    const { kind, id } = split(channel);
    if (kind === 'user') return this.refuse(socket, 'CHANNEL_FORBIDDEN', 'You may not listen on this channel.', channel);
    const check = this.checks.get(kind);
    if (!check) return this.refuse(socket, 'CHANNEL_UNKNOWN', `There is no channel of the kind "${kind}".`, channel);
    if (member.channels.size > MAX_CHANNELS_PER_SOCKET) {
      return this.refuse(socket, 'CHANNEL_LIMIT', `One socket listens on at most ${MAX_CHANNELS_PER_SOCKET} channels; leave one first.`, channel);
    }
    let allowed: boolean;
    try {
      allowed = await check(member.userId, id, this.db);
    } catch (err) {
      this.log?.warn({ err, channel }, 'realtime: could not check a subscription');
      return this.refuse(socket, 'CHANNEL_UNAVAILABLE', 'This channel cannot be joined right now. Try again shortly.', channel);
    }
    if (!allowed) return this.refuse(socket, 'CHANNEL_FORBIDDEN', 'You may not listen on this channel.', channel);
    // Closed while the check ran: nothing to add (its close handler has run already).
    if (!this.members.has(socket)) return;
    this.add(socket, member, channel);
    this.reply(socket, { type: 'subscribed', channel });
  }

  /**
   * A typing frame: told to the channel (every process) as its kind's typing event, when the socket hears the channel
   * (its membership was checked on the subscribe, and is again on the delivery). More than one per interval per person
   * and channel (on this process, whatever the number of sockets) is dropped without a word: a client says it again
   * while typing goes on.
   */
  private async typing(socket: WebSocket, member: Member, channel: Channel): Promise<void> {
    const { kind, id } = split(channel);
    const make = this.options.get(kind)?.typing;
    if (!make || !this.publish || !member.channels.has(channel)) {
      return this.refuse(socket, 'TYPING_REFUSED', 'Subscribe to a chat room before saying you are typing in it.', channel);
    }
    const now = this.now();
    const key = `${member.userId}|${channel}`;
    const last = this.typedAt.get(key);
    if (last !== undefined && now - last < TYPING_INTERVAL_MS) return;
    if (this.typedAt.size > 10_000) for (const [k, at] of this.typedAt) if (now - at >= TYPING_INTERVAL_MS) this.typedAt.delete(k);
    this.typedAt.set(key, now);
    try {
      await this.publish(channel, make(id, member.userId));
    } catch (err) {
      // Typing is a hint: a lost one is not worth an error frame.
      this.log?.warn({ err, channel }, 'realtime: could not tell a typing frame');
    }
  }

  /** The people of `userIds` the per-person check lets hear the channel (asked at once, not in turn). */
  private async allowedOneByOne(userIds: string[], id: string, check: MembershipCheck): Promise<Set<string>> {
    const answers = await Promise.all(userIds.map(async (userId) => ((await check(userId, id, this.db)) ? userId : null)));
    return new Set(answers.filter((u): u is string => u !== null));
  }

  /**
   * One question per delivery for everyone listening on this process (a person, not a socket, is asked about); a person
   * no longer a member is dropped from the channel and told. When the question fails, nobody is known to be allowed:
   * the sockets are told to resync (they refetch what they show through the REST endpoints, which check again).
   */
  private async deliverChecked(channel: Channel, allowed: (userIds: string[]) => Promise<Set<string>>, texts: string[]): Promise<void> {
    const byUser = new Map<string, WebSocket[]>();
    for (const socket of this.sockets.get(channel) ?? []) {
      const userId = this.members.get(socket)?.userId;
      if (userId !== undefined) byUser.set(userId, [...(byUser.get(userId) ?? []), socket]);
    }
    if (byUser.size === 0) return;
    let members: Set<string>;
    try {
      members = await allowed([...byUser.keys()]);
    } catch (err) {
      this.log?.warn({ err, channel }, 'realtime: could not check a delivery; telling its sockets to resync');
      const resync = JSON.stringify({ type: 'resync', at: new Date().toISOString() } satisfies ServerFrame);
      for (const sockets of byUser.values()) for (const socket of sockets) this.sendText(socket, resync);
      return;
    }
    // Encoded once for every socket (ws would encode a string at each send).
    const frames = texts.map((text) => Buffer.from(text));
    for (const [userId, sockets] of byUser) {
      for (const socket of sockets) {
        if (members.has(userId)) {
          this.sendFrames(socket, frames);
        } else if (this.members.get(socket)?.channels.has(channel)) {
          this.remove(socket, channel);
          this.reply(socket, { type: 'unsubscribed', channel, reason: 'revoked' });
        }
      }
    }
  }

  private add(socket: WebSocket, member: Member, channel: Channel): void {
    member.channels.add(channel);
    let set = this.sockets.get(channel);
    if (!set) this.sockets.set(channel, (set = new Set()));
    set.add(socket);
  }

  private remove(socket: WebSocket, channel: Channel): void {
    this.members.get(socket)?.channels.delete(channel);
    const set = this.sockets.get(channel);
    if (!set) return;
    set.delete(socket);
    if (set.size === 0) this.sockets.delete(channel);
  }

  private refuse(socket: WebSocket, code: RealtimeErrorCode, message: string, channel?: string): void {
    this.reply(socket, { type: 'error', code, message, ...(channel === undefined ? {} : { channel }) });
  }

  private reply(socket: WebSocket, frame: ServerFrame): void {
    this.sendText(socket, JSON.stringify(frame));
  }

  private sendText(socket: WebSocket, text: string): void {
    if (socket.readyState === socket.OPEN) socket.send(text);
  }

  /** Text frames already encoded, in one write when there are several (the socket's stream corked around them). */
  private sendFrames(socket: WebSocket, frames: Buffer[]): void {
    if (socket.readyState !== socket.OPEN) return;
    const stream = frames.length > 1 ? this.members.get(socket)?.stream : undefined;
    stream?.cork();
    try {
      for (const frame of frames) socket.send(frame, { binary: false });
    } finally {
      stream?.uncork();
    }
  }
}
