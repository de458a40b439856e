import { z } from 'zod';

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
