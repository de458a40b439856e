import { endpoints } from '@localloop/contract';
import type { AppContext } from '../../lib/context.ts';
import { route, type App } from '../../lib/http.ts';
import { perAccount } from '../../lib/rate-limit.ts';
import { answer, createRequest, getRequest, listForOperators, listMine, listReferences, replyAsPerson, setClosed, type SupportDeps } from './service.ts';

/** Follow-ups one account may add in an hour, all its requests together (new requests are limited in the service). */
export const SUPPORT_REPLIES_PER_HOUR = 60;

/** Help & Support: a person's requests and replies; operators' list, answers, close and reopen (service checks the role). */
export async function supportRoutes(app: App, ctx: AppContext) {
  const deps: SupportDeps = { db: ctx.db, clock: ctx.clock, messenger: ctx.messenger, background: ctx.background, publicUrl: ctx.config.publicUrl };
  const repliesPerHour = perAccount(SUPPORT_REPLIES_PER_HOUR, '1 hour');

  route(app, endpoints.createSupportRequest, ({ userId, body }) => createRequest(deps, userId, body));
  route(app, endpoints.mySupportRequests, ({ userId, query }) => listMine(deps, userId, query));
  route(app, endpoints.supportRequest, ({ userId, params }) => getRequest(deps, userId, params.id));
  route(app, endpoints.replySupportRequest, ({ userId, params, body }) => replyAsPerson(deps, userId, params.id, body.message), repliesPerHour);
  route(app, endpoints.supportReferences, ({ userId }) => listReferences(deps, userId));
  route(app, endpoints.adminSupportRequests, ({ userId, query }) => listForOperators(deps, userId, query));
  route(app, endpoints.answerSupportRequest, ({ userId, params, body }) => answer(deps, userId, params.id, body.message));
  route(app, endpoints.closeSupportRequest, ({ userId, params }) => setClosed(deps, userId, params.id, true));
  route(app, endpoints.reopenSupportRequest, ({ userId, params }) => setClosed(deps, userId, params.id, false));
}
