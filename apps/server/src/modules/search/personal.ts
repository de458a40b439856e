import { and, eq, inArray } from 'drizzle-orm';
import type { ActivityCard, ServiceCard, VendorCard } from '@localloop/contract';
import type { Db } from '../../db/client.ts';
import { favoriteServices, favoriteVendors } from '../../db/schema.ts';
import { myStateOf, statusesOf } from '../activities/index.ts';

type Group<T> = { count: number; count_capped: boolean; results: T[] };
type Grouped = { activities: Group<ActivityCard>; services: Group<ServiceCard>; vendors: Group<VendorCard> };

/**
 * A visitor's answer made a signed-in person's: the only parts of the four lists that depend on who asks are the
 * person's marks — their place in each activity (host, joined, waiting…) and whether they keep a service or a shop
 * among their favourites — so the shared answer (search/routes.ts) gets them from three lookups by the cards' ids
 * instead of the four lists being asked again. Deals carry nothing of the person. A test holds that the result equals
 * what each kind's own list answers the person.
 */
export async function withCallersMarks<T extends Grouped>(db: Db, callerId: string, answer: T): Promise<T> {
  const activityIds = answer.activities.results.map((a) => a.id);
  const serviceIds = answer.services.results.map((s) => s.id);
  const vendorIds = answer.vendors.results.map((v) => v.id);
  const [statuses, services, vendors] = await Promise.all([
    statusesOf(db, callerId, activityIds),
    serviceIds.length === 0
      ? []
      : db
          .select({ id: favoriteServices.serviceId })
          .from(favoriteServices)
          .where(and(eq(favoriteServices.userId, callerId), inArray(favoriteServices.serviceId, serviceIds))),
    vendorIds.length === 0
      ? []
      : db
          .select({ id: favoriteVendors.vendorId })
          .from(favoriteVendors)
          .where(and(eq(favoriteVendors.userId, callerId), inArray(favoriteVendors.vendorId, vendorIds))),
  ]);
  const likedServices = new Set(services.map((s) => s.id));
  const likedVendors = new Set(vendors.map((v) => v.id));
  return {
    ...answer,
    activities: {
      ...answer.activities,
      results: answer.activities.results.map((a) => ({ ...a, my_state: a.host.id === callerId ? 'host' : myStateOf(statuses.get(a.id)) })),
    },
    services: { ...answer.services, results: answer.services.results.map((s) => ({ ...s, is_favorite: likedServices.has(s.id) })) },
    vendors: { ...answer.vendors, results: answer.vendors.results.map((v) => ({ ...v, is_favorite: likedVendors.has(v.id) })) },
  };
}
