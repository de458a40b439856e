import { createHmac } from 'node:crypto';

/**
 * Who is asking, for limits that count per requester: a keyed hash of the client's IP address (request.ip, which
 * honours TRUST_PROXY), so the database never holds the address itself.
 */
export function requesterOf(secret: string, ip: string): string {
  return createHmac('sha256', secret).update(`requester:${ip}`).digest('base64url').slice(0, 22);
}
