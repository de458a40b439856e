import { z } from 'zod';
import { endpoint } from './endpoint.ts';

export const TokenRefreshInput = z.object({ refresh: z.string().min(1, 'The refresh token is missing.').max(512) });
export type TokenRefreshInput = z.infer<typeof TokenRefreshInput>;

export const TokenRefreshResponse = z.object({ access: z.string(), refresh: z.string() });
export type TokenRefreshResponse = z.infer<typeof TokenRefreshResponse>;

/** POST /token/refresh/, one of authEndpoints (auth.ts), on its own for the API client every page loads. */
export const tokenRefreshEndpoint = endpoint({
  method: 'POST',
  path: '/token/refresh/',
  body: TokenRefreshInput,
  response: TokenRefreshResponse,
  auth: 'none',
  summary: 'Exchange a refresh token for a new access and refresh token (rotation)',
});
