import { z } from 'zod';
import { endpoint, type Endpoint } from './endpoint.ts';

// ---- Developer outbox ----------------------------------------------------------------------

/** `to` is required: the outbox never lists everyone's codes at once. */
export const OutboxQuery = z.object({ to: z.string().trim().min(3, 'Give the e-mail address or phone number whose messages to show.').max(254) });

export const OutboxMessage = z.object({
  to: z.string(),
  channel: z.enum(['email', 'sms']),
  subject: z.string().nullable(),
  body: z.string(),
  code: z.string().nullable(),
  created_at: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

/** The endpoints of this domain; merged into the one table in endpoints.ts. */
export const devEndpoints = {
  devOutbox: endpoint({
    method: 'GET',
    path: '/dev/outbox',
    query: OutboxQuery,
    body: undefined,
    response: z.array(OutboxMessage),
    auth: 'none',
    summary: 'Development only: every e-mail and SMS the server would have sent, newest first',
  }),
} as const satisfies Record<string, Endpoint>;
