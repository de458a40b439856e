import { and, eq, sql } from 'drizzle-orm';
import type { ActivityCard, ServiceCard, VendorCard } from '@localloop/contract';
import type { Db } from '../../db/client.ts';
import { activityParticipants, favoriteServices, favoriteVendors } from '../../db/schema.ts';
import { prepared } from '../../lib/prepared.ts';
import { myStateOf } from '../activities/index.ts';

type Group<T> = { count: number; count_capped: boolean; results: T[] };
type Grouped = { activities: Group<ActivityCard>; services: Group<ServiceCard>; vendors: Group<VendorCard> };

const p = (name: string) => sql.placeholder(name);
type Kind = 'activity' | 'service' | 'vendor';
type Status = (typeof activityParticipants.status.enumValues)[number];

/** The caller's participations among some activities and favourites among some services and shops, in one answer. */
const marksOf = prepared('search_callers_marks', (db) => {
  const marks = db
    .select({ kind: sql<Kind>`'activity'`.as('kind'), id: activityParticipants.activityId, status: sql<Status | null>`${activityParticipants.status}`.as('status') })
    .from(activityParticipants)
    .where(and(eq(activityParticipants.userId, p('caller')), sql`${activityParticipants.activityId} = ANY(${p('activities')}::uuid[])`))
    .unionAll(
      db
        .select({ kind: sql<Kind>`'service'`, id: favoriteServices.serviceId, status: sql<Status | null>`NULL::participant_status` })
        .from(favoriteServices)
        .where(and(eq(favoriteServices.userId, p('caller')), sql`${favoriteServices.serviceId} = ANY(${p('services')}::uuid[])`)),
    )
    .unionAll(
      db
        .select({ kind: sql<Kind>`'vendor'`, id: favoriteVendors.vendorId, status: sql<Status | null>`NULL::participant_status` })
        .from(favoriteVendors)
        .where(and(eq(favoriteVendors.userId, p('caller')), sql`${favoriteVendors.vendorId} = ANY(${p('vendors')}::uuid[])`)),
    )
    .as('marks');
  // A SELECT around the union: a statement is named only for a read that starts as one (db/pglite-statements.ts).
  return db.select().from(marks);
});

/**
 * A visitor's answer made a signed-in person's: the only parts of the four lists that depend on who asks are the
 * person's marks — their place in each activity (host, joined, waiting…) and whether they keep a service or a shop
 * among their favourites — so the shared answer (search/routes.ts) gets them from one prepared statement looking the
 * cards' ids up (three index lookups) instead of the four lists being asked again; an answer without such cards asks
 * nothing. Deals carry nothing of the person. A test holds that the result equals what each kind's own list answers the
 * person (shared-answers.test.ts).
 */
export async function withCallersMarks<T extends Grouped>(db: Db, callerId: string, answer: T): Promise<T> {
  const ids = {
    activities: answer.activities.results.map((a) => a.id),
    services: answer.services.results.map((s) => s.id),
    vendors: answer.vendors.results.map((v) => v.id),
  };
  if (ids.activities.length + ids.services.length + ids.vendors.length === 0) return answer;
  const rows = await marksOf(db).execute({ caller: callerId, ...ids });
  const statuses = new Map(rows.filter((r) => r.kind === 'activity').map((r) => [r.id, r.status]));
  const likedServices = new Set(rows.filter((r) => r.kind === 'service').map((r) => r.id));
  const likedVendors = new Set(rows.filter((r) => r.kind === 'vendor').map((r) => r.id));
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
