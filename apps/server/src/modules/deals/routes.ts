import { IDEMPOTENCY_KEY_HEADER, IdempotencyKey, endpoints } from '@localloop/contract';
import { SHARED_LIST_BYTES, answerCache, keptForVisitors } from '../../lib/answer-cache.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { route, type App } from '../../lib/http.ts';
import { turnsPerRow } from '../../lib/turns.ts';
import { createDeal, dealDetails, myDeals, pauseDeal, type KeptShop } from './catalogue.ts';
import { dealsNear } from './near.ts';
import { buyDeal, fulfillDeal, myPurchases, refundPurchase } from './purchases.ts';
import { dealRatingsOf, rateDeal, updateDealRating } from './ratings.ts';
import { vendorSales, vendorSalesCsv } from './sales.ts';
import type { DealsDeps } from './shared.ts';

/** The Idempotency-Key header when one is sent; a malformed one is a 400 naming the header. */
function idempotencyKeyOf(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const parsed = IdempotencyKey.safeParse(Array.isArray(header) ? header[0] : header);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'The Idempotency-Key header is not valid.';
    throw new AppError('VALIDATION_FAILED', message, { 'Idempotency-Key': message });
  }
  return parsed.data;
}

/**
 * Deals, purchases, QR fulfilment, sales and deal ratings (docs/decisions/0019). A shop's own rows are reached only
 * through the caller's vendor; a purchase by its customer, or by its shop when scanned, refunded or listed in sales.
 */
export async function dealsRoutes(app: App, ctx: AppContext) {
  // A deal's shop and pictures, the same for everyone reading its page signed in (catalogue.ts): kept as the lists keep
  // theirs, from a second ask.
  const shops = answerCache<KeptShop>({ ttlMs: ctx.config.publicAnswerTtlMs, maxBytes: SHARED_LIST_BYTES, clock: ctx.clock, fromSecondAsk: true });
  const deps: DealsDeps = { db: ctx.db, clock: ctx.clock, mediaUrl: ctx.mediaUrl, qrSecret: ctx.config.qrSigningSecret, payments: ctx.payments, shops };

  route(app, endpoints.createDeal, ({ userId, body }) => createDeal(deps, userId, body));
  route(app, endpoints.myDeals, ({ userId, params, query }) => myDeals(deps, userId, params.id, query));
  route(app, endpoints.pauseDeal, ({ userId, params, body }) => pauseDeal(deps, userId, params.id, body.paused));
  const dealList = keptForVisitors({ ttlMs: ctx.config.publicAnswerTtlMs, clock: ctx.clock }, (_callerId, query: Parameters<typeof dealsNear>[1]) => dealsNear(deps, query));
  route(app, endpoints.dealList, ({ userId, query }) => dealList(userId, query));
  // A deal's page is the same for every visitor (a popular deal shared around): kept as the lists keep theirs.
  const dealPage = keptForVisitors({ ttlMs: ctx.config.publicAnswerTtlMs, clock: ctx.clock }, (callerId, asked: { id: string; query: Parameters<typeof dealDetails>[3] }) =>
    dealDetails(deps, callerId, asked.id, asked.query),
  );
  route(app, endpoints.dealDetails, ({ userId, params, query }) => dealPage(userId, { id: params.deal_uuid, query }));

  // Buyers of one deal let in a few at a time, in the order they came (lib/turns.ts).
  const purchases = turnsPerRow();
  route(app, endpoints.buyDeal, async ({ userId, body, request, reply }) => {
    const { purchase, replayed } = await purchases(body.deal_id, () => buyDeal(deps, userId, body, idempotencyKeyOf(request.headers[IDEMPOTENCY_KEY_HEADER])));
    // A retry answers as the first request did, and says it is a replay (as Stripe's Idempotent-Replayed).
    if (replayed) reply.header('idempotent-replayed', 'true');
    return purchase;
  });
  route(app, endpoints.myPurchases, ({ userId, query }) => myPurchases(deps, userId, query));
  route(app, endpoints.fulfillDeal, ({ userId, params, body }) => fulfillDeal(deps, userId, params.id, body));
  route(app, endpoints.refundPurchase, ({ userId, params, body }) => refundPurchase(deps, userId, params.id, body.reason));

  route(app, endpoints.vendorSales, ({ userId, params, query }) => vendorSales(deps, userId, params.id, query));
  route(app, endpoints.vendorSalesCsv, async ({ userId, params, query, reply }) => {
    const file = await vendorSalesCsv(deps, userId, params.id, query);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'private, no-store');
    // Bytes, so no serializer of the route touches the text.
    return Buffer.from(file.text, 'utf8');
  });

  route(app, endpoints.rateDeal, ({ userId, body }) => rateDeal(deps, userId, body));
  route(app, endpoints.dealRatings, ({ userId, params, query }) => dealRatingsOf(deps, userId, params.id, query));
  route(app, endpoints.updateDealRating, ({ userId, params, body }) => updateDealRating(deps, userId, params.deal_id, body));
}
