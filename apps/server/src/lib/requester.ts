import { createHmac } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';

/**
 * Who is asking, for limits that count per requester: a keyed hash of the client's address (request.ip, which honours
 * TRUST_PROXY), so the database never holds the address itself. An IPv6 address counts by its /64, as the per-IP rate
 * limits do: one host hands itself a new address of its /64 at will.
 */
export function requesterOf(secret: string, ip: string): string {
  return createHmac('sha256', secret).update(`requester:${normalizeIP(ip, 64)}`).digest('base64url').slice(0, 22);
}
