import { endpoints, RealtimeEvent } from '@localloop/contract';
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

type Handlers = {
  onEvent: (event: RealtimeEvent) => void;
  /** Every time a socket opens; `reconnected` is false for the first one. */
  onOpen?: (reconnected: boolean) => void;
};

/**
 * Keeps one realtime socket open: a fresh one-use ticket (POST /ws/ticket/) per attempt, reconnecting
 * with backoff after any close or failure until the returned stop() is called.
 */
export function connectRealtime({ onEvent, onOpen }: Handlers): () => void {
  let stopped = false;
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let openedBefore = false;

  function retry() {
    if (stopped || timer !== null) return;
    timer = setTimeout(() => {
      timer = null;
      void open();
    }, retryDelay(attempt));
    attempt += 1;
  }

  async function open() {
    let ticket: string;
    try {
      ticket = (await call(endpoints.wsTicket)).ticket;
    } catch {
      // Offline, or the server restarting: try again later (a lost session ends this through logout).
      retry();
      return;
    }
    if (stopped) return;
    const current = new WebSocket(realtimeUrl(ticket));
    socket = current;
    current.onopen = () => {
      attempt = 0;
      onOpen?.(openedBefore);
      openedBefore = true;
    };
    current.onmessage = (message: MessageEvent) => {
      if (typeof message.data !== 'string') return;
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      const event = RealtimeEvent.safeParse(data);
      if (event.success) onEvent(event.data);
    };
    current.onclose = () => {
      if (socket === current) socket = null;
      retry();
    };
  }

  void open();
  return () => {
    stopped = true;
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (socket) {
      socket.onclose = null;
      socket.close();
      socket = null;
    }
  };
}
