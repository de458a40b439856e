import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DealRating, DealRatingsResponse, PageQuery, RateDealInput, RateDealResponse, UpdateDealRatingInput } from '@localloop/contract';
import { dealRatings, deals, purchases, users, vendors } from '../../db/schema.ts';
import { violatedUniqueConstraint } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { iso, ratingAvg, type DealsDeps, type Reader } from './shared.ts';

/** A rater as others see them: first name and the last name's initial, else the username. */
const raterName = sql<string>`coalesce(nullif(trim(concat_ws(' ', nullif(trim(${users.firstName}), ''), left(nullif(trim(${users.lastName}), ''), 1) || '.')), ''), ${users.username}, 'Customer')`;

function selectRatings(db: Reader) {
  return db.select({ rating: dealRatings, name: raterName }).from(dealRatings).innerJoin(users, eq(users.id, dealRatings.userId));
}

function toRating(r: { rating: typeof dealRatings.$inferSelect; name: string }): DealRating {
  return {
    id: r.rating.id,
    deal_id: r.rating.dealId,
    rating: r.rating.rating,
    comment: r.rating.comment,
    user: { id: r.rating.userId, name: r.name },
    created_at: iso(r.rating.createdAt),
    updated_at: iso(r.rating.updatedAt),
  };
}

/** The deal, locked while its rating figures change; a deal of a shop not on show answers 404. */
async function lockDeal(tx: Reader, dealId: string) {
  const [deal] = await tx
    .select({ id: deals.id, vendorListed: vendors.listed })
    .from(deals)
    .innerJoin(vendors, eq(vendors.id, deals.vendorId))
    .where(eq(deals.id, dealId))
    .for('update', { of: deals });
  if (!deal?.vendorListed) throw AppError.notFound('That deal');
}

async function answer(tx: Reader, ratingId: string, dealId: string): Promise<RateDealResponse> {
  const [r] = await selectRatings(tx).where(eq(dealRatings.id, ratingId));
  const [figures] = await tx.select({ sum: deals.ratingSum, n: deals.ratingCount }).from(deals).where(eq(deals.id, dealId));
  if (!r || !figures) throw AppError.notFound('That rating');
  return { rating: toRating(r), rating_avg: ratingAvg(figures.sum, figures.n) ?? 0, rating_count: figures.n };
}

/** Only a customer who has redeemed the deal rates it, once; a second try is told to change the first. */
export async function rateDeal(deps: DealsDeps, userId: string, input: z.output<typeof RateDealInput>): Promise<RateDealResponse> {
  try {
    return await deps.db.transaction(async (tx) => {
      await lockDeal(tx, input.deal_id);
      const [redeemed] = await tx
        .select({ n: count() })
        .from(purchases)
        .where(and(eq(purchases.dealId, input.deal_id), eq(purchases.customerId, userId), eq(purchases.status, 'fulfilled')));
      if (!redeemed?.n) throw new AppError('RATING_NOT_ALLOWED', 'You can rate a deal once you have redeemed it at the shop.');
      const [row] = await tx.insert(dealRatings).values({ dealId: input.deal_id, userId, rating: input.rating, comment: input.comment }).returning({ id: dealRatings.id });
      if (!row) throw new Error('the rating was not written');
      await tx
        .update(deals)
        .set({ ratingSum: sql`${deals.ratingSum} + ${input.rating}`, ratingCount: sql`${deals.ratingCount} + 1` })
        .where(eq(deals.id, input.deal_id));
      return answer(tx, row.id, input.deal_id);
    });
  } catch (error) {
    if (violatedUniqueConstraint(error) === 'deal_ratings_deal_user') throw new AppError('ALREADY_RATED', 'You have rated this deal already: change your rating instead.');
    throw error;
  }
}

export async function updateDealRating(deps: DealsDeps, userId: string, dealId: string, input: z.output<typeof UpdateDealRatingInput>): Promise<RateDealResponse> {
  return deps.db.transaction(async (tx) => {
    await lockDeal(tx, dealId);
    const [mine] = await tx
      .select({ id: dealRatings.id, rating: dealRatings.rating })
      .from(dealRatings)
      .where(and(eq(dealRatings.dealId, dealId), eq(dealRatings.userId, userId)));
    if (!mine) throw new AppError('RATING_NOT_FOUND', 'You have not rated this deal yet.');
    await tx.update(dealRatings).set({ rating: input.rating, comment: input.comment }).where(eq(dealRatings.id, mine.id));
    await tx
      .update(deals)
      .set({ ratingSum: sql`${deals.ratingSum} + ${input.rating - mine.rating}` })
      .where(eq(deals.id, dealId));
    return answer(tx, mine.id, dealId);
  });
}

export async function dealRatingsOf(deps: DealsDeps, callerId: string | null, dealId: string, query: z.output<typeof PageQuery>): Promise<DealRatingsResponse> {
  const [deal] = await deps.db
    .select({ sum: deals.ratingSum, n: deals.ratingCount, listed: vendors.listed, ownerId: vendors.userId })
    .from(deals)
    .innerJoin(vendors, eq(vendors.id, deals.vendorId))
    .where(eq(deals.id, dealId));
  if (!deal || (!deal.listed && deal.ownerId !== callerId)) throw AppError.notFound('That deal');
  const rows = await selectRatings(deps.db)
    .where(eq(dealRatings.dealId, dealId))
    .orderBy(desc(dealRatings.createdAt), desc(dealRatings.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  const [mine] = callerId ? await selectRatings(deps.db).where(and(eq(dealRatings.dealId, dealId), eq(dealRatings.userId, callerId))) : [];
  return {
    count: deal.n,
    page: query.page,
    page_size: query.page_size,
    results: rows.map(toRating),
    mine: mine ? toRating(mine) : null,
    rating_avg: ratingAvg(deal.sum, deal.n),
    rating_count: deal.n,
  };
}
