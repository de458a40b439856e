import { authEndpoints } from '@localloop/contract';
import { call } from '../api/client.ts';

/**
 * Ends the session on the server too (its refresh token can no longer be used). Imported on logout only:
 * it brings the API client and the contract's schemas, which the first page does without.
 */
export async function revokeSession(refresh: string): Promise<void> {
  await call(authEndpoints.logout, { body: { refresh } });
}
