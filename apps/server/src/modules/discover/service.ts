import type { z } from 'zod';
import { ActivityListQuery, AllServicesQuery, DealListQuery, VendorListQuery, discoverCategoryOf, type DiscoverQuery, type DiscoverResponse } from '@localloop/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../db/client.ts';
import { activitiesNear } from '../activities/index.ts';
import { allServices } from '../appointments/index.ts';
import { dealsNear } from '../deals/index.ts';
import { listVendors } from '../directory/index.ts';

export type DiscoverDeps = { db: Db; clock: Clock; mediaUrl: (key: string) => string };

/**
 * What is near a person, every kind at once: each kind's own near-me list asked with the same point and radius, nearest
 * first, its first page of `per_group` and its count. So /Discover shows what each kind's own page shows first (the
 * same listed-and-live rules, the same order), served by the lists' statements and indexes. A theme narrows each kind
 * to its own categories under that theme (contract/discover.ts); a kind the theme takes nothing of answers nothing,
 * without a query. Asked as a visitor, as the search (search/service.ts).
 */
export async function discoverNear(deps: DiscoverDeps, query: z.output<typeof DiscoverQuery>): Promise<DiscoverResponse> {
  const theme = discoverCategoryOf(query.category);
  const asked = { lat: query.lat, lng: query.lng, radius_km: query.radius_km, page: 1, page_size: query.per_group };
  const shops = theme ? { categories: theme.vendor } : {};
  const [deals, activities, services, vendors] = await Promise.all([
    dealsNear(deps, { ...DealListQuery.parse(asked), ...shops }),
    activitiesNear(deps, null, { ...ActivityListQuery.parse(asked), ...(theme ? { categories: theme.activity } : {}) }),
    allServices(deps, null, { ...AllServicesQuery.parse(asked), ...shops }),
    listVendors(deps, null, { ...VendorListQuery.parse(asked), ...shops }),
  ]);
  const group = <T>(page: { count: number; count_capped: boolean; results: T[] }) => ({ count: page.count, count_capped: page.count_capped, results: page.results });
  return { category: query.category ?? null, deals: group(deals), activities: group(activities), services: group(services), vendors: group(vendors) };
}
