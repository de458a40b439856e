import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  FastifyBaseLogger,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawServerDefault,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ErrorCode, ErrorResponse, type Endpoint } from '@localloop/contract';
import { isDatabaseUnavailable } from '../db/client.ts';
import { AppError } from './errors.ts';
import type { RouteRateLimit } from './rate-limit.ts';

export type App = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

export type RouteContext<E extends Endpoint> = {
  body: Output<E['body']>;
  params: Output<E['params']>;
  query: Output<E['query']>;
  /** The authenticated caller; a string whenever the endpoint needs a session (required, vendor, operator). */
  userId: E['auth'] extends 'none' | 'optional' ? string | null : string;
  request: FastifyRequest;
  reply: FastifyReply;
};

/**
 * Registers one contract endpoint (and its alias spellings) with its schemas and auth rule.
 * The handler gets validated input and returns the response body.
 */
export function route<E extends Endpoint>(
  app: App,
  endpoint: E,
  handler: (ctx: RouteContext<E>) => Promise<z.input<E['response']>>,
  options: Partial<RouteRateLimit> = {},
): void {
  for (const url of [endpoint.path, ...(endpoint.aliases ?? [])]) {
    app.route({
      method: endpoint.method,
      // The contract writes parameters as the spec does ("{id}"); Fastify's router reads ":id".
      url: url.replace(/\{(\w+)\}/g, ':$1'),
      ...(options.rateLimit ? { config: { rateLimit: options.rateLimit } } : {}),
      schema: {
        summary: endpoint.summary,
        ...(endpoint.body ? { body: endpoint.body } : {}),
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(endpoint.auth === 'none' ? {} : { security: [{ bearer: [] }] }),
        response: { [endpoint.status ?? 200]: endpoint.response, '4xx': ErrorResponse },
      },
      // Who is calling is settled before the body is read or validated: a caller without a session gets 401, not
      // a verdict on a body it may not send.
      onRequest: async (request) => {
        if (endpoint.auth === 'none') return;
        await app.authenticate(request, endpoint.auth !== 'optional');
        if (endpoint.auth === 'vendor' || endpoint.auth === 'operator') await app.requireRole(request, endpoint.auth);
      },
      preHandler: async (request) => {
        refuseNulCharacters(request);
      },
      handler: async (request, reply) => {
        reply.code(endpoint.status ?? 200);
        return handler({
          body: request.body,
          params: request.params,
          query: request.query,
          userId: request.userId,
          request,
          reply,
        } as RouteContext<E>);
      },
    });
  }
}

const nulMessage = 'This value contains a NUL character, which is not allowed.';

/**
 * PostgreSQL text cannot hold U+0000: a NUL anywhere in the validated input (parameters, query, body) is refused here,
 * naming its field, instead of failing later in SQL with a 500.
 */
function refuseNulCharacters(request: FastifyRequest): void {
  const fields: Record<string, string> = {};
  const pending: [unknown, string][] = [
    [request.params, ''],
    [request.query, ''],
    [request.body, ''],
  ];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const [value, path] = item;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) fields[path || '_'] ??= nulMessage;
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => pending.push([v, path ? `${path}.${i}` : String(i)]));
    } else if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const [key, v] of Object.entries(value)) pending.push([v, path ? `${path}.${key}` : key]);
    }
  }
  if (Object.keys(fields).length > 0) throw new AppError(ErrorCode.validation, 'Some fields contain a character that is not allowed.', fields);
}

function send(reply: FastifyReply, status: number, body: ErrorResponse) {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** What a 503 tells clients to wait before trying again: about how long a database restart or fail-over takes. */
export const retryAfterSeconds = 5;

/** An outage this long after the previous refused request is a new one, and is logged again. */
const outageQuietMs = 30_000;

/** One error shape for every failure; no stack trace or internal message reaches the client. */
export function registerErrorHandling(app: App): void {
  let lastUnreachableAt = Number.NEGATIVE_INFINITY;
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const retryAfter = error.retryAfterSeconds ?? (error.status === 503 ? retryAfterSeconds : undefined);
      if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
      return send(reply, error.status, {
        error: error.message,
        code: error.code,
        ...(error.fields ? { fields: error.fields } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[name] ??= issue.message ?? 'This value is not valid.';
      }
      const where = error.validationContext === 'body' ? 'request body' : (error.validationContext ?? 'request');
      const rootOnly = Object.keys(fields).length === 1 && '_' in fields;
      return send(reply, 400, {
        error: rootOnly ? `The ${where} must be a JSON object.` : `Some fields of the ${where} are not valid.`,
        code: ErrorCode.validation,
        fields,
      });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return send(reply, 400, { error: 'The request body is not valid JSON.', code: ErrorCode.malformedJson });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return send(reply, status, { error: error.message, code: error.code ?? 'BAD_REQUEST' });
    }
    // The database being unreachable is not a bug: the client may try again, and the pool reconnects by itself once it
    // is back. Every refused request would log the same thing, so only the first of an outage does.
    const unreachable = isDatabaseUnavailable(error);
    if (unreachable) {
      const now = Date.now();
      if (now - lastUnreachableAt > outageQuietMs) request.log.error({ err: error }, 'the database is unreachable: answering 503 until it is back');
      lastUnreachableAt = now;
    } else {
      request.log.error({ err: error }, 'request failed');
    }
    if (unreachable || status === 503) {
      reply.header('retry-after', String(retryAfterSeconds));
      return send(reply, 503, { error: 'The service is unavailable right now. Please try again shortly.', code: ErrorCode.unavailable });
    }
    return send(reply, 500, { error: 'Something went wrong on our side. Please try again.', code: ErrorCode.internal });
  });
}

/**
 * Errors the router raises before any route or hook runs (a URL whose percent-encoding is broken, a path parameter
 * past the router's length limit), answered in the one error shape like every other. Passed to Fastify as
 * `frameworkErrors`.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    void send(reply, 400, { error: 'The address is not valid: part of it is badly percent-encoded.', code: 'BAD_URL' });
    return;
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void send(reply, 414, { error: 'The address is not valid: part of it is far longer than any id.', code: 'URL_TOO_LONG' });
    return;
  }
  void send(reply, 500, { error: 'Something went wrong on our side. Please try again.', code: ErrorCode.internal });
}

export function notFound(request: FastifyRequest, reply: FastifyReply, kind: 'endpoint' | 'file') {
  const path = request.url.split('?')[0] ?? request.url;
  const error = kind === 'endpoint' ? `There is no API endpoint ${request.method} ${path}.` : `There is no file at ${path}.`;
  return send(reply, 404, { error, code: ErrorCode.notFound });
}
