import type { z } from 'zod';
import { ActivityListQuery, AllServicesQuery, DealListQuery, VendorListQuery, type SearchQuery, type SearchResponse } from '@localloop/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../db/client.ts';
import { activitiesNear } from '../activities/index.ts';
import { allServices } from '../appointments/index.ts';
import { dealsNear } from '../deals/index.ts';
import { listVendors } from '../directory/index.ts';

export type SearchDeps = { db: Db; clock: Clock; mediaUrl: (key: string) => string };

/**
 * One search across the marketplace: each kind's own near-me list asked with the same words, point and radius, its
 * first page of `per_group`. So a search finds here what the kind's own page finds (the same typo tolerance, the same
 * listed-and-live rules, the same order), and the lists' statements and indexes serve it. Asked as a visitor: the
 * answer is everyone's (routes.ts keeps it; a signed-in person's marks go on it there).
 */
export async function searchAll(deps: SearchDeps, query: z.output<typeof SearchQuery>): Promise<SearchResponse> {
  const asked = { q: query.q, lat: query.lat, lng: query.lng, radius_km: query.radius_km, page: 1, page_size: query.per_group };
  const [deals, activities, services, vendors] = await Promise.all([
    dealsNear(deps, DealListQuery.parse(asked)),
    activitiesNear(deps, null, ActivityListQuery.parse(asked)),
    allServices(deps, null, AllServicesQuery.parse(asked)),
    listVendors(deps, null, VendorListQuery.parse(asked)),
  ]);
  const group = <T>(page: { count: number; count_capped: boolean; results: T[] }) => ({ count: page.count, count_capped: page.count_capped, results: page.results });
  return { q: query.q, deals: group(deals), activities: group(activities), services: group(services), vendors: group(vendors) };
}
