import { realtimeEndpoints, ServerFrame } from '@localloop/contract';
import type { ChannelName, ClientFrame, RealtimeErrorCode, RealtimeEvent, RoomEvent } from '@localloop/contract';
import { config } from '../config.ts';
import { call } from './client.ts';

/** The socket's address for a ticket: /api/ws on this origin, or on the API's own host when it lives elsewhere. */
export function realtimeUrl(ticket: string, apiBaseUrl: string = config.apiBaseUrl, origin: string = window.location.origin): string {
  const base = /^https?:\/\//i.test(apiBaseUrl) ? apiBaseUrl : `${origin}${apiBaseUrl}`;
  return `${base.replace(/^http/i, 'ws')}/ws?ticket=${encodeURIComponent(ticket)}`;
}

export const firstRetryMs = 1000;
export const maxRetryMs = 30_000;

/** Exponential backoff with jitter: attempt 0 waits about 1 s, doubling up to 30 s, each between half and all of it. */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(maxRetryMs, firstRetryMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export type RealtimeHandlers = {
  /** Every event, on the person's own channel or on a subscribed one. */
  onEvent: (event: RealtimeEvent, channel: ChannelName) => void;
  /** Every time a socket opens; `reconnected` is false for the first one (events may have been missed before it). */
  onOpen?: (reconnected: boolean) => void;
  /** The server says events may have been missed (it lost its database link for a while): refetch what is shown. */
  onResync?: () => void;
};

export type ChannelListener = {
  /** An event on the channel: a domain's `event` frame, or a room's `room_event` frame (a chat room's). */
  onEvent: (event: RealtimeEvent | RoomEvent) => void;
  /**
   * The channel is heard from now on, and what came before may have been missed: on every subscription the server
   * confirms (the first, and again after each reconnect) and when the server says it missed events (resync). Fetch
   * what changed since the last thing seen.
   */
  onCatchUp?: () => void;
  /**
   * The server refused the channel, or ended the membership (`revoked`): it is not asked for again, except after
   * CHANNEL_UNAVAILABLE (a passing failure), which is asked again on the next connection.
   */
  onRefused?: (reason: RealtimeErrorCode | 'revoked') => void;
};

export type RealtimeConnection = {
  /** Listens on a channel (`room:<id>`), asked again after every reconnect, until the returned function is called. */
  subscribe: (channel: ChannelName, listener: ChannelListener) => () => void;
  /** Says "I am typing" on a subscribed channel (dropped while the socket is down: typing is a hint). */
  typing: (channel: ChannelName) => void;
  /** Opens the socket and keeps it open (again after stop()). */
  start: () => void;
  /** Closes the socket and stops reconnecting; subscriptions stay until their own functions are called. */
  stop: () => void;
};

/**
 * One realtime socket, once started: a fresh one-use ticket (POST /ws/ticket/) per attempt, reconnecting with backoff
 * after any close or failure until stop() is called. The person's own channel needs no subscribe; other channels do.
 * Creating it opens nothing, so a render may create it; an effect starts and stops it.
 */
export function createRealtimeConnection({ onEvent, onOpen, onResync }: RealtimeHandlers): RealtimeConnection {
  let stopped = true;
  /** Bumped by every start and stop, so an attempt begun before a stop never opens a socket after it. */
  let run = 0;
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let openedBefore = false;
  const channels = new Map<ChannelName, Set<ChannelListener>>();

  function send(frame: ClientFrame) {
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
  }

  function refuse(channel: string, reason: RealtimeErrorCode | 'revoked') {
    const listeners = channels.get(channel);
    if (!listeners) return;
    if (reason !== 'CHANNEL_UNAVAILABLE') channels.delete(channel);
    for (const listener of listeners) listener.onRefused?.(reason);
  }

  function receive(frame: ServerFrame) {
    switch (frame.type) {
      case 'event':
        onEvent(frame.event, frame.channel);
        for (const listener of channels.get(frame.channel) ?? []) listener.onEvent(frame.event);
        return;
      case 'room_event':
        for (const listener of channels.get(frame.channel) ?? []) listener.onEvent(frame.event);
        return;
      case 'resync':
        onResync?.();
        for (const listeners of channels.values()) for (const listener of listeners) listener.onCatchUp?.();
        return;
      case 'unsubscribed':
        if (frame.reason === 'revoked') refuse(frame.channel, 'revoked');
        return;
      case 'error':
        if (frame.channel !== undefined) refuse(frame.channel, frame.code);
        return;
      case 'subscribed':
        for (const listener of channels.get(frame.channel) ?? []) listener.onCatchUp?.();
        return;
    }
  }

  function retry(current: number) {
    if (current !== run || timer !== null) return;
    timer = setTimeout(() => {
      timer = null;
      void open(current);
    }, retryDelay(attempt));
    attempt += 1;
  }

  async function open(current: number) {
    let ticket: string;
    try {
      ticket = (await call(realtimeEndpoints.wsTicket)).ticket;
    } catch {
      // Offline, or the server restarting: try again later (a lost session ends this through logout).
      retry(current);
      return;
    }
    if (current !== run) return;
    const opened = new WebSocket(realtimeUrl(ticket));
    socket = opened;
    opened.onopen = () => {
      attempt = 0;
      for (const channel of channels.keys()) send({ type: 'subscribe', channel });
      onOpen?.(openedBefore);
      openedBefore = true;
    };
    opened.onmessage = (message: MessageEvent) => {
      if (typeof message.data !== 'string') return;
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      const frame = ServerFrame.safeParse(data);
      if (frame.success) receive(frame.data);
    };
    opened.onclose = () => {
      if (socket === opened) socket = null;
      retry(current);
    };
  }

  return {
    subscribe(channel, listener) {
      let listeners = channels.get(channel);
      if (!listeners) {
        channels.set(channel, (listeners = new Set()));
        send({ type: 'subscribe', channel });
      }
      listeners.add(listener);
      return () => {
        const current = channels.get(channel);
        if (!current?.delete(listener) || current.size > 0) return;
        channels.delete(channel);
        send({ type: 'unsubscribe', channel });
      };
    },
    typing(channel) {
      if (channels.has(channel)) send({ type: 'typing', channel });
    },
    start() {
      if (!stopped) return;
      stopped = false;
      run += 1;
      void open(run);
    },
    stop() {
      stopped = true;
      run += 1;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      if (socket) {
        socket.onclose = null;
        socket.close();
        socket = null;
      }
    },
  };
}
