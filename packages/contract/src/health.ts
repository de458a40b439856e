import { z } from 'zod';
import { endpoint, type Endpoint } from './endpoint.ts';

/**
 * `ok`: the database answers and realtime events flow. `degraded` (still 200): the database answers but the realtime
 * listener is reconnecting, so pushes pause until it is back. `unavailable` (503): the database does not answer.
 */
export const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded', 'unavailable']),
  database: z.enum(['up', 'down']),
  realtime: z.enum(['listening', 'reconnecting']),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

/** The endpoints of this domain; merged into the one table in endpoints.ts. */
export const healthEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    body: undefined,
    response: HealthResponse,
    auth: 'none',
    summary: 'Liveness: database reachability and the realtime listener (200 ok or degraded, 503 unavailable)',
  }),
} as const satisfies Record<string, Endpoint>;
