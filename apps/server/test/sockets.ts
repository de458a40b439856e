import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { WebSocket } from 'ws';
import { endpoints, type ServerFrame } from '@localloop/contract';
import type { App } from '../src/lib/http.ts';
import { inject } from './inject.ts';

/** host:port of an app listening on a free port. */
export async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

export async function ticketFor(app: App, access: string): Promise<string> {
  const res = await inject(app, endpoints.wsTicket, { access });
  expect(res.statusCode).toBe(200);
  return res.json().ticket;
}

export type OpenSocket = {
  socket: WebSocket;
  /** Every frame received, in order. */
  frames: ServerFrame[];
  /** The events received (the `event` of each event frame). */
  events: () => Extract<ServerFrame, { type: 'event' }>['event'][];
  send: (frame: unknown) => void;
};

/** Opens the socket; resolves once open, collecting every frame; rejects with the HTTP status when refused. */
export function openSocket(host: string, ticket: string): Promise<OpenSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://${host}/api/ws?ticket=${encodeURIComponent(ticket)}`);
    const frames: ServerFrame[] = [];
    socket.on('message', (data) => frames.push(JSON.parse(String(data))));
    socket.on('open', () =>
      resolve({
        socket,
        frames,
        events: () => frames.flatMap((f) => (f.type === 'event' ? [f.event] : [])),
        send: (frame) => socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
      }),
    );
    socket.on('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    socket.on('error', reject);
  });
}

/** Polls until `check` holds; false after `ms` (generous: a busy machine delivers late, never wrongly). */
export async function until(check: () => boolean | Promise<boolean>, ms = 15_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
}
