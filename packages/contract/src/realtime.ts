import { z } from 'zod';
import { endpoint, type Endpoint } from './endpoint.ts';

/** The realtime socket (`/api/ws`): one per signed-in tab, opened with a one-use ticket. */

export const WsTicketResponse = z.object({
  /** One use, valid 30 s: open `/api/ws?ticket=…` with it. */
  ticket: z.string(),
  expires_in: z.number().int(),
});
export type WsTicketResponse = z.infer<typeof WsTicketResponse>;

/** The endpoints of this domain; merged into the one table in endpoints.ts. */
export const realtimeEndpoints = {
  wsTicket: endpoint({
    method: 'POST',
    path: '/ws/ticket/',
    body: undefined,
    response: WsTicketResponse,
    auth: 'required',
    summary: 'A one-use ticket (30 s) to open the realtime socket at /api/ws?ticket=…',
  }),
} as const satisfies Record<string, Endpoint>;
