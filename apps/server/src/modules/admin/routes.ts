import { endpoints } from '@localloop/contract';
import { route, type App } from '../../lib/http.ts';
import type { AppContext } from '../../lib/context.ts';
import { decideAndShow, getVendor, listVendors, type AdminDeps } from './service.ts';

/** The operator's endpoints: every service call checks users.is_operator in the database first. */
export async function adminRoutes(app: App, ctx: AppContext) {
  const deps: AdminDeps = { db: ctx.db, clock: ctx.clock, mediaUrl: ctx.mediaUrl };
  route(app, endpoints.adminVendors, ({ userId, query }) => listVendors(deps, userId, query));
  route(app, endpoints.adminVendor, ({ userId, params }) => getVendor(deps, userId, params.id));
  route(app, endpoints.approveVendor, ({ userId, params, body }) =>
    decideAndShow(deps, { operatorId: userId, vendorId: params.id, decision: 'approved', reason: body.note }),
  );
  route(app, endpoints.rejectVendor, ({ userId, params, body }) =>
    decideAndShow(deps, { operatorId: userId, vendorId: params.id, decision: 'rejected', reason: body.reason, steps: body.steps }),
  );
  route(app, endpoints.suspendVendor, ({ userId, params, body }) =>
    decideAndShow(deps, { operatorId: userId, vendorId: params.id, decision: 'suspended', reason: body.reason }),
  );
  route(app, endpoints.unsuspendVendor, ({ userId, params, body }) =>
    decideAndShow(deps, { operatorId: userId, vendorId: params.id, decision: 'unsuspended', reason: body.note }),
  );
}
