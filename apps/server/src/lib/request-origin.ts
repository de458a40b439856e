import { fastifyRequestContext, requestContext } from '@fastify/request-context';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module '@fastify/request-context' {
  interface RequestContextData {
    /** The browser tab the request came from, when it said so (see tabHeader). */
    tab?: string;
    /** The signed-in account making the request, once authenticated (null before, or for a visitor). */
    caller?: () => string | null;
  }
}

/**
 * Each page of the web app names itself with a random id in this header. A notification that a request causes carries
 * that id in its push, so the tab that acted (and answered its own action with a toast or a screen) does not toast the
 * push about it too, while the person's other tabs and devices do. It marks an echo and nothing else: never trusted for
 * who anyone is.
 */
export const tabHeader = 'x-localloop-tab';
const tabId = /^[A-Za-z0-9_-]{8,64}$/;

function tabOf(request: FastifyRequest): string | undefined {
  const value = request.headers[tabHeader];
  return typeof value === 'string' && tabId.test(value) ? value : undefined;
}

/** Keeps the request's tab for the code it runs, services included, which see no HTTP (AsyncLocalStorage). */
export async function registerRequestOrigin(app: FastifyInstance): Promise<void> {
  await app.register(fastifyRequestContext, { defaultStoreValues: (request) => ({ tab: tabOf(request), caller: () => request.userId }) });
}

/**
 * The tab whose request is running, if it named one and the request is `userId`'s own: a notification the request
 * causes for someone else (a vendor told of a rating) is not news the caller's tab answered, and does not carry it.
 */
export function originTabFor(userId: string): string | undefined {
  const caller = requestContext.get('caller');
  return caller?.() === userId ? requestContext.get('tab') : undefined;
}
