import { and, asc, count, eq, fillPlaceholders, gt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ActivityList, PageQuery } from '@localloop/contract';
import type { Db } from '../../db/client.ts';
import { activities, users, vendors } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { prepared } from '../../lib/prepared.ts';
import { avatar, firstImageOf, personColumns, statusesOf, toCard, waitlistCountOf, type ActivitiesDeps, type SelectedActivity } from './shared.ts';

/**
 * The activities a shop's owner hosts, for the shop's public page (docs/decisions/0020: a vendor hosts as the person
 * behind the shop). Listed (public, not deactivated) and not ended, soonest first: one host's rows, walked in
 * activities_host_idx (host_id, starts_at) order, so the near-me KNN statements are not touched.
 */
const p = (name: string) => sql.placeholder(name);

const toCome = () => and(eq(activities.hostId, p('host')), sql`${activities.listed}`, gt(activities.endsAt, p('now')));

function hostedPage(db: Db) {
  return db
    .select({ activity: activities, host: personColumns, image: firstImageOf(db), waitlistCount: waitlistCountOf() })
    .from(activities)
    .innerJoin(users, eq(users.id, activities.hostId))
    .leftJoin(avatar, eq(avatar.id, users.profileImageId))
    .where(toCome())
    .orderBy(asc(activities.startsAt), asc(activities.id))
    .limit(p('size'))
    .offset(p('offset'));
}

const pageStatement = prepared('activities_by_host', hostedPage);
const countStatement = prepared('activities_by_host_count', (db) => db.select({ n: count() }).from(activities).where(toCome()));
const shopStatement = prepared('activities_shop_owner', (db) =>
  db
    .select({ userId: vendors.userId, listed: vendors.listed })
    .from(vendors)
    .where(eq(vendors.id, p('vendor'))),
);

function valuesOf(hostId: string, query: z.output<typeof PageQuery>, now: Date) {
  return { host: hostId, now: now.toISOString(), size: query.page_size, offset: (query.page - 1) * query.page_size };
}

/** The SQL and parameters of a page for a host, for EXPLAIN in tests. */
export function vendorActivitiesSql(db: Db, hostId: string, query: z.output<typeof PageQuery>, now: Date) {
  const { sql: text, params } = hostedPage(db).toSQL();
  return { text, params: fillPlaceholders(params, valuesOf(hostId, query, now)) };
}

/** A listed shop's owner's activities to come; an unlisted shop's answer 404 to anyone but its owner, as its page does. */
export async function vendorActivities(deps: ActivitiesDeps, callerId: string | null, vendorId: string, query: z.output<typeof PageQuery>): Promise<ActivityList> {
  const [shop] = await shopStatement(deps.db).execute({ vendor: vendorId });
  if (!shop || (!shop.listed && shop.userId !== callerId)) throw AppError.notFound('That vendor');
  const now = deps.clock();
  const values = valuesOf(shop.userId, query, now);
  const rows = (await pageStatement(deps.db).execute(values)) as SelectedActivity[];
  // A short first page is the whole list; otherwise count.
  const total = values.offset === 0 && rows.length < values.size ? rows.length : ((await countStatement(deps.db).execute(values))[0]?.n ?? 0);
  const statuses = await statusesOf(
    deps.db,
    callerId,
    rows.map((r) => r.activity.id),
  );
  return {
    count: total,
    page: query.page,
    page_size: query.page_size,
    results: rows.map((r) => toCard(r, callerId, statuses.get(r.activity.id), null, deps, now)),
  };
}
