import type { FastifyRequest } from 'fastify';

/** Query parameters that are secrets: a realtime ticket opens a socket as its account, a token undoes a change. */
const SECRET_PARAMETERS = /([?&](?:ticket|token)=)[^&#]*/gi;
/** Path segments that are secrets: a calendar link's token reads a provider's bookings. */
const SECRET_SEGMENTS = /(\/calendar\/)[^/?#]+(\.ics)/gi;
/** Where an identity document's file is kept (documents/<vendor>/<document>.<ext>), asked for by whoever knows it. */
const DOCUMENT_PATHS = /(documents\/)[0-9a-f-]{36}\/[0-9a-f-]{36}\.\w+/gi;

/** The URL as logs may show it: secret query parameters and path segments, and document paths, replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMETERS, '$1[redacted]').replace(SECRET_SEGMENTS, '$1[redacted]$2').replace(DOCUMENT_PATHS, '$1[redacted]');
}

/** An error's fields that say what failed without saying what was in the row. */
const ERROR_FIELDS = ['code', 'errno', 'syscall', 'address', 'port', 'severity', 'routine', 'schema', 'table', 'column', 'constraint', 'statusCode', 'query'] as const;

/**
 * An error as logs may show it. A failed query's error (Drizzle's) carries the statement's parameters in its message, its
 * stack and a field: a password hash, a bank account number, a code's digest, whatever the row held. They are left out,
 * and so is what PostgreSQL quotes in its message and detail (the value it choked on, a failing row's columns, a duplicate
 * key's value); the statement (with its $n
 * placeholders), the codes and the names of the table, column and constraint stay. Causes are serialized the same way.
 */
export function serializeError(error: unknown, depth = 0): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const fields = error as unknown as Record<string, unknown>;
  const params = Array.isArray(fields.params) ? fields.params : null;
  // PostgreSQL's own errors (node-postgres', PGlite's) quote the value they choke on (invalid input syntax for type
  // uuid: "…"): quotes emptied.
  const fromPostgres = typeof fields.code === 'string' && /^[0-9A-Z]{5}$/.test(fields.code) && (typeof fields.severity === 'string' || params !== null);
  const message = params && error.message.startsWith('Failed query: ')
    ? `Failed query: ${String(fields.query)} (${params.length} parameters, not logged)`
    : fromPostgres
      ? error.message.replace(/"(?:[^"\\]|\\.)*"/g, '"…"')
      : error.message;
  const stackFrames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const out: { type: string; message: string; stack: string; [key: string]: unknown } = { type: error.name, message, stack: [`${error.name}: ${message}`, ...stackFrames].join('\n') };
  for (const key of ERROR_FIELDS) if (fields[key] !== undefined) out[key] = fields[key];
  // "Key (email)=(…) already exists", "Failing row contains (…every column…)": the constraint's name says which.
  if (typeof fields.detail === 'string') out.detail = fields.detail.replace(/\((?:[^()]|\([^()]*\))*\)/g, '(…)');
  if (error.cause !== undefined && depth < 5) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

/**
 * What every request log line says about the request (Fastify's own fields), with no secret in it: the URL without
 * its ticket, and no headers at all (so no bearer token or cookie); a bearer token or cookie elsewhere redacted.
 */
export const logOptions = {
  // Headers wherever a log line carries them: @fastify/multipart logs its busboy options, request headers included, at
  // trace level (found by the log audit, scripts/log-audit.mjs).
  redact: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie', '*.headers.authorization', '*.headers.cookie'],
  serializers: {
    err: (error: unknown) => serializeError(error),
    req: (request: FastifyRequest) => ({
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    }),
  },
};
