import { z } from 'zod';

export const HealthResponse = z.object({ status: z.enum(['ok', 'unavailable']) });
export type HealthResponse = z.infer<typeof HealthResponse>;
