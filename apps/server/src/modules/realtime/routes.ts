import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { endpoints } from '@localloop/contract';
import { AppError } from '../../lib/errors.ts';
import { route, type App } from '../../lib/http.ts';
import type { AppContext } from '../../lib/context.ts';
import { SESSION_ENDED_CLOSE_CODE } from '../../lib/realtime.ts';
import { issueTicket, redeemTicket } from './service.ts';

/**
 * The one realtime socket: POST /api/ws/ticket/ for a one-use ticket, then GET /api/ws?ticket=… . The socket joins its
 * person's user channel and speaks the subscribe protocol of the contract (realtime.ts) through the hub.
 */
export async function realtimeRoutes(app: App, ctx: AppContext) {
  const deps = { db: ctx.db, clock: ctx.clock, hub: ctx.realtime.hub, heartbeatMs: ctx.config.wsHeartbeatMs };
  route(app, endpoints.wsTicket, ({ userId, request }) => issueTicket(deps.db, deps.clock, userId, request.session?.version ?? -1));

  await app.register(websocket, { options: { maxPayload: 4096 } });
  const socketUsers = new WeakMap<object, { userId: string; tokenVersion: number }>();

  /** GET /api/ws?ticket=… — the ticket is checked before the upgrade, so a refused one gets a plain 401. */
  app.get(
    '/ws',
    {
      websocket: true,
      preValidation: async (request) => {
        const ticket = (request.query as { ticket?: unknown }).ticket;
        const holder = typeof ticket === 'string' && ticket.length < 200 ? await redeemTicket(deps.db, deps.clock, ticket) : null;
        if (!holder) throw new AppError('WS_TICKET_INVALID', 'The realtime ticket is missing, used or expired. Ask for a new one.');
        socketUsers.set(request, holder);
      },
    },
    (socket: WebSocket, request) => {
      const holder = socketUsers.get(request);
      if (!holder) return socket.close(SESSION_ENDED_CLOSE_CODE, 'unauthorised');
      // The upgraded request's TCP socket is the one under the WebSocket: the hub corks it to write several frames at once.
      if (!deps.hub.connect(socket, holder, request.raw.socket)) return;
      // Heartbeat: a socket that does not answer a ping by the next one is gone.
      let alive = true;
      socket.on('pong', () => (alive = true));
      const beat = setInterval(() => {
        if (!alive) return socket.terminate();
        alive = false;
        socket.ping();
      }, deps.heartbeatMs);
      socket.on('close', () => clearInterval(beat));
      socket.on('message', (data) => deps.hub.receive(socket, data));
    },
  );
}
