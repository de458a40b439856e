import type { FastifyRequest } from 'fastify';

/** Query parameters that are secrets: a realtime ticket opens a socket as its account. */
const SECRET_PARAMETERS = /([?&](?:ticket|token)=)[^&#]*/gi;

/** The URL as logs may show it: secret query parameters replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMETERS, '$1[redacted]');
}

/**
 * What every request log line says about the request (Fastify's own fields), with no secret in it: the URL without
 * its ticket, and no headers at all (so no bearer token or cookie).
 */
export const logOptions = {
  redact: ['req.headers.authorization', 'req.headers.cookie'],
  serializers: {
    req: (request: FastifyRequest) => ({
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    }),
  },
};
