import { and, count, desc, eq, sql, type Placeholder } from 'drizzle-orm';
import type { z } from 'zod';
import type { BuyDealInput, FulfillDealInput, MessageResponse, Purchase, PurchaseList, PurchasesQuery } from '@localloop/contract';
import { batched } from '../../db/batched.ts';
import { turnStatement } from '../../db/client.ts';
import { dealRatings, deals, purchases, users, vendors } from '../../db/schema.ts';
import { turnRefusal, violatedUniqueConstraint } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { preparedShapes } from '../../lib/prepared.ts';
import { PaymentDeclined } from '../../lib/payments.ts';
import { notify, notifyStatement } from '../notifications/index.ts';
import { toResponsiveImage } from '../uploads/index.ts';
import { isOperator } from '../users/index.ts';
import { heldColumn } from './catalogue.ts';
import { firstImageOf, isGenuineQr, iso, logo, money, qrPayloadOf, stateOf, toDealVendor, vendorColumns, type DealRow, type DealsDeps, type Reader } from './shared.ts';

const noSuchPurchase = () => AppError.notFound('That purchase');

/** A time as the shop's customers read it: "1 Dec 2026, 14:05" in the shop's zone. */
function spoken(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);
}

/** Purchases with their deal, vendor and the customer's rating, as the customer's list shows them. */
function selectPurchases(db: Reader) {
  return db
    .select({
      purchase: purchases,
      deal: {
        id: deals.id,
        title: deals.title,
        endsAt: deals.endsAt,
        terms: deals.terms,
        addressId: deals.addressId,
        addressText: deals.addressText,
        latitude: deals.latitude,
        longitude: deals.longitude,
        image: firstImageOf(db),
      },
      vendor: vendorColumns,
      myRating: dealRatings.rating,
    })
    .from(purchases)
    .innerJoin(deals, eq(deals.id, purchases.dealId))
    .innerJoin(vendors, eq(vendors.id, deals.vendorId))
    .leftJoin(logo, eq(logo.id, vendors.logoId))
    .leftJoin(dealRatings, and(eq(dealRatings.dealId, purchases.dealId), eq(dealRatings.userId, purchases.customerId)));
}
type SelectedPurchase = Awaited<ReturnType<ReturnType<typeof selectPurchases>['where']>>[number];

function toPurchase(deps: DealsDeps, r: SelectedPurchase): Purchase {
  const p = r.purchase;
  return {
    id: p.id,
    status: p.status,
    quantity: p.quantity,
    unit_price: money(p.unitPriceCents, p.currency),
    total: money(p.totalCents, p.currency),
    payment: { provider: p.paymentProvider, reference: p.paymentReference, is_test: p.paymentProvider === 'dummy' },
    deal: {
      id: r.deal.id,
      title: r.deal.title,
      image: r.deal.image ? toResponsiveImage(r.deal.image, deps.mediaUrl) : null,
      ends_at: iso(r.deal.endsAt),
      terms: r.deal.terms,
      address: { id: r.deal.addressId, formatted_address: r.deal.addressText, latitude: r.deal.latitude, longitude: r.deal.longitude },
      vendor: toDealVendor(r.vendor, deps.mediaUrl),
    },
    qr: p.status === 'paid' ? qrPayloadOf(deps.qrSecret, p.id, p.dealId) : null,
    bought_at: iso(p.createdAt),
    fulfilled_at: p.fulfilledAt ? iso(p.fulfilledAt) : null,
    refunded_at: p.refundedAt ? iso(p.refundedAt) : null,
    can_rate: p.status === 'fulfilled' && r.myRating === null,
    my_rating: r.myRating,
  };
}

async function loadPurchase(deps: DealsDeps, db: Reader, id: string): Promise<Purchase> {
  const [row] = await selectPurchases(db).where(eq(purchases.id, id));
  if (!row) throw noSuchPurchase();
  return toPurchase(deps, row);
}

export type BuyResult = { purchase: Purchase; replayed: boolean };

/** A purchase made earlier with the same Idempotency-Key: the same request again answers it, another request is refused. */
async function replayOf(deps: DealsDeps, db: Reader, userId: string, key: string, input: z.output<typeof BuyDealInput>): Promise<BuyResult | null> {
  const [earlier] = await db
    .select({ id: purchases.id, dealId: purchases.dealId, quantity: purchases.quantity })
    .from(purchases)
    .where(and(eq(purchases.customerId, userId), eq(purchases.idempotencyKey, key)));
  return earlier ? replayed(deps, db, { id: earlier.id, deal_id: earlier.dealId, quantity: earlier.quantity }, input) : null;
}

/** The customer's purchase made with `key`, as a JSON subquery of another statement (null when there is none). */
function earlierWith(userId: string | Placeholder, key: string | Placeholder | null) {
  if (!key) return sql<EarlierPurchase | null>`null::json`;
  return sql<EarlierPurchase | null>`(SELECT json_build_object('id', p.id, 'deal_id', p.deal_id, 'quantity', p.quantity) FROM ${purchases} p WHERE p.customer_id = ${userId} AND p.idempotency_key = ${key})`;
}
type EarlierPurchase = { id: string; deal_id: string; quantity: number };

/**
 * What a purchase reads before any lock (buyDeal), one prepared statement per shape (with an Idempotency-Key or
 * without): when a deal sells out under a crowd, most buyers are refused after this statement alone, so it is built and
 * planned once, not per request.
 */
const dealSeenForPurchase = preparedShapes(
  (s: { keyed: boolean }) => `deal_seen_for_purchase${s.keyed ? '_keyed' : ''}`,
  (db, s: { keyed: boolean }) =>
    db
      .select({ deal: deals, vendorListed: vendors.listed, vendor: vendorColumns, image: firstImageOf(db), earlier: earlierWith(sql.placeholder('user_id'), s.keyed ? sql.placeholder('key') : null) })
      .from(deals)
      .innerJoin(vendors, eq(vendors.id, deals.vendorId))
      .leftJoin(logo, eq(logo.id, vendors.logoId))
      .where(eq(deals.id, sql.placeholder('deal_id'))),
);

/** A retry's answer from its earlier purchase; another request with the same key is refused. */
async function replayed(deps: DealsDeps, db: Reader, earlier: EarlierPurchase, input: z.output<typeof BuyDealInput>): Promise<BuyResult> {
  if (earlier.deal_id !== input.deal_id || earlier.quantity !== input.quantity) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for a different purchase. Use a new key for a new purchase.');
  }
  return { purchase: await loadPurchase(deps, db, earlier.id), replayed: true };
}

/**
 * Why `quantity` more of the deal cannot be bought by a customer who holds `held` of it, or null when they can: ended,
 * sold out, paused, not yet on sale, past the customer's limit, or more than is left.
 */
function refusalOf(d: DealRow, now: Date, held: number, quantity: number): AppError | null {
  const state = stateOf(d, now);
  if (state === 'expired') return new AppError('DEAL_NOT_ON_SALE', 'This deal has ended.');
  if (state === 'sold_out') return new AppError('DEAL_SOLD_OUT', 'This deal is sold out.');
  if (state === 'paused') return new AppError('DEAL_NOT_ON_SALE', 'This deal is paused by the shop. Try again later.');
  if (state === 'upcoming') return new AppError('DEAL_NOT_ON_SALE', `This deal goes on sale on ${spoken(d.startsAt, 'UTC')} UTC.`);
  if (held + quantity > d.perCustomerLimit) {
    const left = d.perCustomerLimit - held;
    const message =
      left <= 0 ? `You have bought this deal's limit of ${d.perCustomerLimit} already.` : `You can buy ${left} more of this deal (the limit is ${d.perCustomerLimit} per customer).`;
    return new AppError('DEAL_LIMIT_REACHED', message, { quantity: message });
  }
  if (d.quantityTotal !== null && d.quantitySold + quantity > d.quantityTotal) {
    const left = d.quantityTotal - d.quantitySold;
    const message = `Only ${left} left: choose ${left} or fewer.`;
    return new AppError('DEAL_SOLD_OUT', message, { quantity: message });
  }
  return null;
}

/**
 * Buys `quantity` of a deal. Buyers of one deal take turns on its row, and hold it as briefly as a purchase allows:
 * everything that is the customer's own (a retry's earlier purchase, how many they hold against the limit) is decided
 * under a lock of that customer and deal alone; then the charge, the purchase and the shop's notice are written; and the
 * deal's row is taken last, by the conditional update of its stock, for that update and the commit only. The update
 * re-checks, on the row as the previous buyer left it, that the deal is on sale at the price charged, has enough left and
 * is within the customer's limit; when it is not, the charge is refunded and the transaction rolls back. The stock
 * counter's CHECK refuses an oversell even if a check here were wrong; a refused charge rolls everything back.
 */
export async function buyDeal(deps: DealsDeps, userId: string, input: z.output<typeof BuyDealInput>, idempotencyKey: string | null): Promise<BuyResult> {
  // Before any lock, in one statement: the deal with what the answer shows of it, and the customer's earlier purchase
  // with this key. A retry is answered from the purchase it made, and a deal unknown, sold out or not on sale is refused
  // without queueing behind the buyers who hold its row (300 at once at scale: most came after the last unit). Both
  // are asked again under the locks, which alone decide.
  const [seen] = await dealSeenForPurchase({ keyed: Boolean(idempotencyKey) })(deps.db).execute({ deal_id: input.deal_id, user_id: userId, key: idempotencyKey });
  if (seen?.earlier) return replayed(deps, deps.db, seen.earlier, input);
  if (!seen && idempotencyKey) {
    // The key's purchase was of another deal, now gone: that is the key reused.
    const replay = await replayOf(deps, deps.db, userId, idempotencyKey, input);
    if (replay) return replay;
  }
  // A shop not on show (suspended, closed) has no deals to buy: as if they did not exist.
  if (!seen || (!seen.vendorListed && seen.vendor.userId !== userId)) throw AppError.notFound('That deal');
  if (seen.vendor.userId === userId) throw new AppError('SELF_PURCHASE', 'This is your own deal: you cannot buy it yourself.');
  // As if the customer held none of it yet: their own purchases are counted under their lock.
  const early = refusalOf(seen.deal, deps.clock(), 0, input.quantity);
  if (early) throw early;
  const d = seen.deal;
  let bought: { earlier: EarlierPurchase } | { purchase: typeof purchases.$inferSelect };
  // The charge made in the transaction, to refund when the deal's turn refuses it, and what the customer held then.
  let charged = null as { refund: { reference: string; amountCents: number; currency: string }; held: number } | null;
  try {
    // Three messages (db/batched.ts): the customer's turn with what they hold; the charge; the purchase, its notice, the
    // deal's turn and the commit.
    bought = await batched(deps.db, async (batch): Promise<{ earlier: EarlierPurchase } | { purchase: typeof purchases.$inferSelect }> => {
      // The customer's own turn (a double click, a retry sent twice at once): no other customer waits for it. Then what
      // the customer holds of the deal and a purchase made meanwhile with this key.
      const [, [mine] = []] = await batch.send(
        turnStatement(`deal-customer:${input.deal_id}:${userId}`),
        sql`SELECT ${heldColumn(input.deal_id, userId)} AS held, ${earlierWith(userId, idempotencyKey)} AS earlier`,
      );
      const earlier = (mine?.earlier ?? null) as EarlierPurchase | null;
      // Answered once this transaction has ended (it holds one of the pool's connections).
      if (earlier) return (await batch.commitWith(), { earlier });
      const held = Number(mine?.held ?? 0);
      const now = deps.clock();
      const refused = refusalOf(d, now, held, input.quantity);
      if (refused) throw refused;
      const total = d.dealPriceCents * input.quantity;
      let charge;
      try {
        charge = await deps.payments.charge({
          amountCents: total,
          currency: d.currency,
          description: `${input.quantity} × ${d.title}`.slice(0, 200),
          idempotencyKey: idempotencyKey ? `${userId}:${idempotencyKey}` : crypto.randomUUID(),
        });
      } catch (error) {
        if (error instanceof PaymentDeclined) throw new AppError('PAYMENT_FAILED', `The payment was declined: ${error.reason}`);
        throw error;
      }
      const values = {
        id: crypto.randomUUID(),
        dealId: d.id,
        vendorId: d.vendorId,
        customerId: userId,
        quantity: input.quantity,
        unitPriceCents: d.dealPriceCents,
        totalCents: total,
        currency: d.currency,
        paymentProvider: charge.provider,
        paymentReference: charge.reference,
        idempotencyKey,
      };
      charged = { refund: { reference: charge.reference, amountCents: total, currency: d.currency }, held };
      // The deal's turn, last: this update waits for the buyer before, then checks the row as that buyer left it, at
      // the price charged. It and the commit, sent together, are all that hold the row.
      const [[written] = []] = await batch.commitWith(
        sql`${deps.db.insert(purchases).values(values).getSQL()} RETURNING created_at, updated_at`,
        notifyStatement(deps.db, seen.vendor.userId, {
          title: 'New sale',
          body: `${input.quantity} × ${d.title} was bought.`,
          type: 'deal_sold',
          data: { deal_id: d.id, purchase_id: values.id },
          target: { kind: 'shop_sales' },
        }),
        sql`WITH taken AS (
              UPDATE ${deals} SET quantity_sold = quantity_sold + ${input.quantity}
              WHERE id = ${input.deal_id} AND listed AND starts_at <= ${now.toISOString()}::timestamptz AND ends_at > ${now.toISOString()}::timestamptz
                AND (quantity_total IS NULL OR quantity_sold + ${input.quantity} <= quantity_total)
                AND per_customer_limit >= ${held + input.quantity} AND deal_price_cents = ${d.dealPriceCents} AND currency = ${d.currency}
              RETURNING 1)
            SELECT turn_refused('deal changed') WHERE NOT EXISTS (SELECT FROM taken)`,
      );
      if (!written) throw new Error('the purchase was not written');
      const purchase: typeof purchases.$inferSelect = {
        ...values,
        status: 'paid',
        fulfilledAt: null,
        fulfilledBy: null,
        refundedAt: null,
        refundedBy: null,
        refundReason: null,
        refundReference: null,
        createdAt: new Date(written.created_at as string | Date),
        updatedAt: new Date(written.updated_at as string | Date),
      };
      return { purchase };
    });
  } catch (error) {
    if (charged && turnRefusal(error) !== null) {
      // Another buyer or the shop changed the deal since it was read: the money goes back, nothing is bought (the
      // purchase and the notice rolled back with the transaction), and the customer hears what the deal is now.
      await deps.payments.refund(charged.refund);
      const [current] = await deps.db.select().from(deals).where(eq(deals.id, input.deal_id));
      if (!current) throw AppError.notFound('That deal');
      throw refusalOf(current, deps.clock(), charged.held, input.quantity) ?? new AppError('DEAL_CHANGED', 'This deal changed while you were buying it: nothing was charged. Please look at it again.');
    }
    // The same key sent for two different deals at once: the deals' locks do not order them, the unique key does.
    if (idempotencyKey && violatedUniqueConstraint(error) === 'purchases_customer_idempotency') {
      const replay = await replayOf(deps, deps.db, userId, idempotencyKey, input);
      if (replay) return replay;
    }
    throw error;
  }
  if ('earlier' in bought) return replayed(deps, deps.db, bought.earlier, input);
  // The new purchase, answered from what was read and written: the deal at the price the turn checked, unrated.
  return { purchase: toPurchase(deps, { purchase: bought.purchase, deal: { ...d, image: seen.image }, vendor: seen.vendor, myRating: null }), replayed: false };
}

export async function myPurchases(deps: DealsDeps, userId: string, query: z.output<typeof PurchasesQuery>): Promise<PurchaseList> {
  const where = and(eq(purchases.customerId, userId), query.status ? eq(purchases.status, query.status) : undefined);
  const [counted] = await deps.db.select({ n: count() }).from(purchases).where(where);
  const rows = await selectPurchases(deps.db)
    .where(where)
    .orderBy(desc(purchases.createdAt), desc(purchases.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  return { count: counted?.n ?? 0, page: query.page, page_size: query.page_size, results: rows.map((r) => toPurchase(deps, r)) };
}

/**
 * The deal's vendor redeems a purchase from its scanned QR code. The code must be the server's (its signature) and name
 * this purchase; the purchase must be of the caller's shop; and it moves from paid to fulfilled once, by a conditional
 * update: of two scans at once, one succeeds and the other is told when it was redeemed.
 */
export async function fulfillDeal(deps: DealsDeps, userId: string, purchaseId: string, payload: z.output<typeof FulfillDealInput>): Promise<MessageResponse> {
  if (payload.purchase_id !== purchaseId) throw new AppError('QR_INVALID', 'This QR code is for another purchase.');
  const genuine = isGenuineQr(deps.qrSecret, payload);
  return deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({
        purchase: purchases,
        title: deals.title,
        vendorUserId: vendors.userId,
        timeZone: vendors.timeZone,
        buyer: sql<string>`coalesce(nullif(trim(${users.firstName}), ''), ${users.username}, 'the customer')`,
      })
      .from(purchases)
      .innerJoin(deals, eq(deals.id, purchases.dealId))
      .innerJoin(vendors, eq(vendors.id, purchases.vendorId))
      .innerJoin(users, eq(users.id, purchases.customerId))
      .where(eq(purchases.id, purchaseId));
    if (!found || found.vendorUserId !== userId) {
      // A genuine code of another shop's deal may be told so; anything else answers as if there were no such purchase.
      if (found && genuine && found.purchase.dealId === payload.deal_id) throw AppError.forbidden('This code is for a deal of another shop.');
      throw noSuchPurchase();
    }
    if (!genuine || found.purchase.dealId !== payload.deal_id) throw new AppError('QR_INVALID', 'This QR code was not issued by LocalLoop for this purchase, or it was changed.');
    const now = deps.clock();
    const [done] = await tx
      .update(purchases)
      .set({ status: 'fulfilled', fulfilledAt: now, fulfilledBy: userId })
      .where(and(eq(purchases.id, purchaseId), eq(purchases.status, 'paid')))
      .returning({ id: purchases.id });
    if (!done) {
      const [current] = await tx.select({ status: purchases.status, fulfilledAt: purchases.fulfilledAt }).from(purchases).where(eq(purchases.id, purchaseId));
      if (current?.status === 'refunded') throw new AppError('PURCHASE_REFUNDED', 'This purchase was refunded: it cannot be redeemed.');
      const when = current?.fulfilledAt ? spoken(current.fulfilledAt, found.timeZone) : 'earlier';
      throw new AppError('ALREADY_FULFILLED', `This purchase was already redeemed on ${when}.`);
    }
    const p = found.purchase;
    await notify(tx, p.customerId, {
      title: 'Deal redeemed',
      body: `Your ${p.quantity} × ${found.title} was redeemed. Enjoy it, and rate the deal when you like.`,
      type: 'deal_fulfilled',
      data: { deal_id: p.dealId, purchase_id: p.id },
      target: { kind: 'customer_purchases' },
    });
    return { message: `Redeemed: ${p.quantity} × ${found.title} for ${found.buyer}.` };
  });
}

/**
 * The deal's vendor or an operator refunds a purchase not redeemed yet: the payment is given back and its units return
 * to stock, in one transaction (the deal's row first, as a purchase locks it, then the purchase's).
 */
export async function refundPurchase(deps: DealsDeps, userId: string, purchaseId: string, reason: string): Promise<Purchase> {
  return deps.db.transaction(async (tx) => {
    const [seen] = await tx
      .select({ dealId: purchases.dealId, customerId: purchases.customerId, vendorUserId: vendors.userId })
      .from(purchases)
      .innerJoin(vendors, eq(vendors.id, purchases.vendorId))
      .where(eq(purchases.id, purchaseId));
    if (!seen) throw noSuchPurchase();
    const mayRefund = seen.vendorUserId === userId || (await isOperator(tx, userId));
    if (!mayRefund) {
      if (seen.customerId === userId) throw AppError.forbidden('Ask the shop for a refund: only the shop or LocalLoop can refund a purchase.');
      throw noSuchPurchase();
    }
    await tx.select({ id: deals.id }).from(deals).where(eq(deals.id, seen.dealId)).for('update');
    const [p] = await tx.select().from(purchases).where(eq(purchases.id, purchaseId)).for('update');
    if (!p) throw noSuchPurchase();
    if (p.status === 'refunded') throw new AppError('PURCHASE_REFUNDED', 'This purchase was refunded already.');
    if (p.status === 'fulfilled') throw new AppError('REFUND_NOT_ALLOWED', 'This purchase was redeemed: it cannot be refunded.');
    const refund = await deps.payments.refund({ reference: p.paymentReference, amountCents: p.totalCents, currency: p.currency });
    const now = deps.clock();
    await tx
      .update(purchases)
      .set({ status: 'refunded', refundedAt: now, refundedBy: userId, refundReason: reason, refundReference: refund.reference })
      .where(and(eq(purchases.id, p.id), eq(purchases.status, 'paid')));
    await tx
      .update(deals)
      .set({ quantitySold: sql`${deals.quantitySold} - ${p.quantity}` })
      .where(eq(deals.id, p.dealId));
    const [deal] = await tx.select({ title: deals.title }).from(deals).where(eq(deals.id, p.dealId));
    await notify(tx, p.customerId, {
      title: 'Purchase refunded',
      body: `Your purchase of ${p.quantity} × ${deal?.title ?? 'a deal'} was refunded: ${reason}`,
      type: 'deal_refunded',
      data: { deal_id: p.dealId, purchase_id: p.id },
      target: { kind: 'customer_purchases' },
    });
    return loadPurchase(deps, tx, p.id);
  });
}
