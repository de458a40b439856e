import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { z } from 'zod';
import type { SalesQuery, SalesResponse } from '@localloop/contract';
import { deals, purchases, users, vendors } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { dayBounds, todayIn } from '../appointments/index.ts';
import { iso, money, type DealsDeps, type Reader } from './shared.ts';

type Query = z.output<typeof SalesQuery>;

/** The caller's shop, named by its vendor id: another shop's id answers 404. */
async function ownShop(db: Reader, userId: string, vendorId: string) {
  const [vendor] = await db.select({ id: vendors.id, timeZone: vendors.timeZone }).from(vendors).where(and(eq(vendors.id, vendorId), eq(vendors.userId, userId)));
  if (!vendor) throw AppError.notFound('That shop');
  return vendor;
}

/** The purchases of the shop in the query's days (in the shop's time zone) and of its deal when asked. */
function salesFilter(vendorId: string, timeZone: string, query: Query): SQL | undefined {
  const filters: (SQL | undefined)[] = [eq(purchases.vendorId, vendorId)];
  if (query.from) filters.push(gte(purchases.createdAt, dayBounds(query.from, timeZone).from));
  if (query.to) filters.push(lt(purchases.createdAt, dayBounds(query.to, timeZone).to));
  if (query.deal_id) filters.push(eq(purchases.dealId, query.deal_id));
  return and(...filters);
}

const buyerFirstName = sql<string>`coalesce(nullif(trim(${users.firstName}), ''), ${users.username}, 'Customer')`;
const counted = sql`${purchases.status} <> 'refunded'`;

async function totalsOf(db: Reader, where: SQL | undefined) {
  const rows = await db
    .select({
      currency: purchases.currency,
      amount_cents: sql<number>`coalesce(sum(${purchases.totalCents}) FILTER (WHERE ${counted}), 0)::int`,
      units: sql<number>`coalesce(sum(${purchases.quantity}) FILTER (WHERE ${counted}), 0)::int`,
      purchases: sql<number>`(count(*) FILTER (WHERE ${counted}))::int`,
    })
    .from(purchases)
    .where(where)
    .groupBy(purchases.currency)
    .orderBy(asc(purchases.currency));
  return rows.filter((r) => r.purchases > 0);
}

export async function vendorSales(deps: DealsDeps, userId: string, vendorId: string, query: Query): Promise<SalesResponse> {
  const shop = await ownShop(deps.db, userId, vendorId);
  const where = salesFilter(shop.id, shop.timeZone, query);
  const [n] = await deps.db.select({ n: count() }).from(purchases).where(where);
  const rows = await deps.db
    .select({ purchase: purchases, title: deals.title, buyer: buyerFirstName })
    .from(purchases)
    .innerJoin(deals, eq(deals.id, purchases.dealId))
    .innerJoin(users, eq(users.id, purchases.customerId))
    .where(where)
    .orderBy(desc(purchases.createdAt), desc(purchases.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  const totals = await totalsOf(deps.db, where);
  const perDeal = await deps.db
    .select({
      deal_id: deals.id,
      title: deals.title,
      currency: purchases.currency,
      amount_cents: sql<number>`coalesce(sum(${purchases.totalCents}) FILTER (WHERE ${counted}), 0)::int`,
      units: sql<number>`coalesce(sum(${purchases.quantity}) FILTER (WHERE ${counted}), 0)::int`,
      fulfilled_units: sql<number>`coalesce(sum(${purchases.quantity}) FILTER (WHERE ${purchases.status} = 'fulfilled'), 0)::int`,
    })
    .from(purchases)
    .innerJoin(deals, eq(deals.id, purchases.dealId))
    .where(where)
    .groupBy(deals.id, deals.title, purchases.currency)
    .orderBy(sql`4 DESC`, asc(deals.title));
  const now = deps.clock();
  const today = todayIn(shop.timeZone, now);
  const weekStart = DateTime.fromISO(today, { zone: shop.timeZone }).minus({ days: 6 }).toISODate() ?? today;
  const since = (day: string) => and(eq(purchases.vendorId, shop.id), gte(purchases.createdAt, dayBounds(day, shop.timeZone).from));
  return {
    count: n?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
    results: rows.map((r) => ({
      id: r.purchase.id,
      deal: { id: r.purchase.dealId, title: r.title },
      buyer_first_name: r.buyer,
      quantity: r.purchase.quantity,
      total: money(r.purchase.totalCents, r.purchase.currency),
      status: r.purchase.status,
      bought_at: iso(r.purchase.createdAt),
      fulfilled_at: r.purchase.fulfilledAt ? iso(r.purchase.fulfilledAt) : null,
      refunded_at: r.purchase.refundedAt ? iso(r.purchase.refundedAt) : null,
    })),
    totals,
    per_deal: perDeal,
    today: await totalsOf(deps.db, since(today)),
    this_week: await totalsOf(deps.db, since(weekStart)),
    time_zone: shop.timeZone,
  };
}

/** The most rows one export holds; a shop with more narrows the dates. */
export const MAX_CSV_ROWS = 50_000;

/**
 * A cell as a spreadsheet reads it: quoted when it holds a comma, quote or line break, and a text that a spreadsheet
 * would take for a formula (=, +, -, @, tab, carriage return first) starts with an apostrophe (OWASP CSV injection).
 */
function cell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Minor units as the currency's units, "12.50" (every currency LocalLoop takes has two decimals). */
const units = (cents: number) => (cents / 100).toFixed(2);

/** The sales as a CSV file: UTF-8 with a byte-order mark (so Excel reads the accents), ISO 8601 times in UTC. */
export async function vendorSalesCsv(deps: DealsDeps, userId: string, vendorId: string, query: Query): Promise<{ fileName: string; text: string }> {
  const shop = await ownShop(deps.db, userId, vendorId);
  const rows = await deps.db
    .select({ purchase: purchases, title: deals.title, buyer: buyerFirstName })
    .from(purchases)
    .innerJoin(deals, eq(deals.id, purchases.dealId))
    .innerJoin(users, eq(users.id, purchases.customerId))
    .where(salesFilter(shop.id, shop.timeZone, query))
    .orderBy(asc(purchases.createdAt), asc(purchases.id))
    .limit(MAX_CSV_ROWS);
  const header = ['purchase_id', 'bought_at', 'deal', 'buyer_first_name', 'quantity', 'unit_price', 'total', 'currency', 'status', 'fulfilled_at', 'refunded_at'];
  const lines = rows.map(({ purchase: p, title, buyer }) =>
    [p.id, iso(p.createdAt), title, buyer, p.quantity, units(p.unitPriceCents), units(p.totalCents), p.currency, p.status, p.fulfilledAt ? iso(p.fulfilledAt) : '', p.refundedAt ? iso(p.refundedAt) : '']
      .map(cell)
      .join(','),
  );
  const range = [query.from, query.to].filter(Boolean).join('_to_') || todayIn(shop.timeZone, deps.clock());
  return { fileName: `sales_${range}.csv`, text: `\uFEFF${[header.join(','), ...lines].join('\r\n')}\r\n` };
}
