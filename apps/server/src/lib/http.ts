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
import { AppError } from './errors.ts';

export type App = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

export type RouteContext<E extends Endpoint> = {
  body: Output<E['body']>;
  params: Output<E['params']>;
  query: Output<E['query']>;
  /** The authenticated caller; a string whenever the endpoint requires auth. */
  userId: E['auth'] extends 'required' ? string : string | null;
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
  options: { rateLimit?: { max: number; timeWindow: string } } = {},
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
      preHandler: async (request) => {
        if (endpoint.auth !== 'none') await app.authenticate(request, endpoint.auth === 'required');
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

function send(reply: FastifyReply, status: number, body: ErrorResponse) {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** One error shape for every failure; no stack trace or internal message reaches the client. */
export function registerErrorHandling(app: App): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
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
    request.log.error({ err: error }, 'request failed');
    const unavailable = status === 503;
    return send(reply, unavailable ? 503 : 500, {
      error: unavailable
        ? 'The service is unavailable right now. Please try again shortly.'
        : 'Something went wrong on our side. Please try again.',
      code: unavailable ? ErrorCode.unavailable : ErrorCode.internal,
    });
  });
}

export function notFound(request: FastifyRequest, reply: FastifyReply, kind: 'endpoint' | 'file') {
  const path = request.url.split('?')[0] ?? request.url;
  const error = kind === 'endpoint' ? `There is no API endpoint ${request.method} ${path}.` : `There is no file at ${path}.`;
  return send(reply, 404, { error, code: ErrorCode.notFound });
}
