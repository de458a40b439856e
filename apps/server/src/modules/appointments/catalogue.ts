import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { AllServicesResponse, Currency, FavoriteResponse, Service, ServiceCard, ServiceInput, ServiceListQuery } from '@localloop/contract';
import { NEARBY_LIST_DEPTH } from '@localloop/contract';
import { favoriteServices, media, providerServices, providers, serviceImages, services, vendors } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { distanceKm } from '../../lib/geo-sql.ts';
import { ratingAverage, requireApprovedVendor } from '../vendors/index.ts';
import { toResponsiveImage, type StoredImage } from '../uploads/index.ts';
import { servicesNear, type ServicesNearQuery } from './services-near.ts';
import { imageColumns, imageOf, iso, upcomingCount, type AppointmentsDeps, type Reader } from './shared.ts';
import { requireOwnImages } from '../uploads/index.ts';
import { likeAnywhere } from '../../lib/text-search.ts';

type ServiceRow = typeof services.$inferSelect;
type VendorBits = { id: string; userId: string; businessName: string; ratingSum: number; ratingCount: number; timeZone: string; listed: boolean };

const noSuchService = () => AppError.notFound('That service');

const vendorBits = {
  id: vendors.id,
  userId: vendors.userId,
  businessName: vendors.businessName,
  ratingSum: vendors.ratingSum,
  ratingCount: vendors.ratingCount,
  timeZone: vendors.timeZone,
  listed: vendors.listed,
};

const toServiceVendor = (v: Omit<VendorBits, 'listed'>) => ({
  id: v.id,
  user_id: v.userId,
  business_name: v.businessName,
  rating_avg: ratingAverage(v),
  rating_count: v.ratingCount,
  time_zone: v.timeZone,
});

/** The images of services, in order, by service id. */
async function imagesOf(db: Reader, serviceIds: string[]) {
  const byService = new Map<string, { id: string; image: StoredImage }[]>();
  if (serviceIds.length === 0) return byService;
  const rows = await db
    .select({ serviceId: serviceImages.serviceId, mediaId: serviceImages.mediaId, ...imageColumns })
    .from(serviceImages)
    .innerJoin(media, eq(media.id, serviceImages.mediaId))
    .where(inArray(serviceImages.serviceId, serviceIds))
    .orderBy(asc(serviceImages.serviceId), asc(serviceImages.position));
  for (const r of rows) byService.set(r.serviceId, [...(byService.get(r.serviceId) ?? []), { id: r.mediaId, image: { key: r.key, width: r.width, height: r.height, variants: r.variants } }]);
  return byService;
}

const providerPhoto = alias(media, 'provider_photo');

/** The providers who perform each service, by name. */
async function providersOf(deps: AppointmentsDeps, db: Reader, serviceIds: string[]) {
  const byService = new Map<string, Service['providers']>();
  if (serviceIds.length === 0) return byService;
  const rows = await db
    .select({
      serviceId: providerServices.serviceId,
      id: providers.id,
      name: providers.name,
      key: providerPhoto.storageKey,
      width: providerPhoto.width,
      height: providerPhoto.height,
      variants: providerPhoto.variants,
    })
    .from(providerServices)
    .innerJoin(providers, eq(providers.id, providerServices.providerId))
    .leftJoin(providerPhoto, eq(providerPhoto.id, providers.photoId))
    .where(inArray(providerServices.serviceId, serviceIds))
    .orderBy(asc(providers.name), asc(providers.id));
  for (const r of rows) {
    const photo = r.key && r.width && r.height ? imageOf({ key: r.key, width: r.width, height: r.height, variants: r.variants ?? [] }, deps.mediaUrl) : null;
    byService.set(r.serviceId, [...(byService.get(r.serviceId) ?? []), { id: r.id, name: r.name, photo }]);
  }
  return byService;
}

async function favoritesAmong(db: Reader, userId: string | null, serviceIds: string[]): Promise<Set<string>> {
  if (!userId || serviceIds.length === 0) return new Set();
  const rows = await db
    .select({ id: favoriteServices.serviceId })
    .from(favoriteServices)
    .where(and(eq(favoriteServices.userId, userId), inArray(favoriteServices.serviceId, serviceIds)));
  return new Set(rows.map((r) => r.id));
}

/** Services as responses show them; `upcoming` only for their owner (null for anyone else). */
async function toServices(
  deps: AppointmentsDeps,
  db: Reader,
  rows: { service: ServiceRow; vendor: VendorBits; upcoming: number | null }[],
  callerId: string | null,
): Promise<Service[]> {
  const ids = rows.map((r) => r.service.id);
  // One after another: inside a transaction `db` is one connection, which takes one query at a time.
  const images = await imagesOf(db, ids);
  const staff = await providersOf(deps, db, ids);
  const favorites = await favoritesAmong(db, callerId, ids);
  return rows.map(({ service: s, vendor, upcoming }) => {
    const own = images.get(s.id) ?? [];
    return {
      id: s.id,
      vendor: toServiceVendor(vendor),
      name: s.name,
      description: s.description,
      category: s.category,
      duration_minutes: s.durationMinutes,
      buffer_minutes: s.bufferMinutes,
      price: { amount_cents: s.priceCents, currency: s.currency as Currency },
      image_ids: own.map((i) => i.id),
      images: own.map((i) => toResponsiveImage(i.image, deps.mediaUrl)),
      is_active: s.isActive,
      providers: staff.get(s.id) ?? [],
      is_favorite: favorites.has(s.id),
      upcoming_bookings: upcoming,
      created_at: iso(s.createdAt),
      updated_at: iso(s.updatedAt),
    };
  });
}

async function loadOwnService(deps: AppointmentsDeps, db: Reader, vendorId: string, serviceId: string, userId: string): Promise<Service> {
  const now = deps.clock();
  const [row] = await db
    .select({ service: services, vendor: vendorBits, upcoming: upcomingCount('service', now) })
    .from(services)
    .innerJoin(vendors, eq(vendors.id, services.vendorId))
    .where(and(eq(services.id, serviceId), eq(services.vendorId, vendorId)));
  if (!row) throw noSuchService();
  const [service] = await toServices(deps, db, [row], userId);
  if (!service) throw noSuchService();
  return service;
}

async function writeImages(tx: Reader, serviceId: string, imageIds: readonly string[]) {
  await tx.delete(serviceImages).where(eq(serviceImages.serviceId, serviceId));
  if (imageIds.length > 0) await tx.insert(serviceImages).values(imageIds.map((mediaId, position) => ({ serviceId, mediaId, position })));
}

const columnsOf = (input: z.output<typeof ServiceInput>) => ({
  name: input.name,
  description: input.description,
  category: input.category,
  durationMinutes: input.duration_minutes,
  bufferMinutes: input.buffer_minutes,
  priceCents: input.price.amount_cents,
  currency: input.price.currency,
  isActive: input.is_active,
});

export async function createService(deps: AppointmentsDeps, userId: string, input: z.output<typeof ServiceInput>): Promise<Service> {
  return deps.db.transaction(async (tx) => {
    const vendor = await requireApprovedVendor(tx, userId);
    await requireOwnImages(tx, userId, input.image_ids, 'image_ids');
    const [created] = await tx.insert(services).values({ vendorId: vendor.id, ...columnsOf(input) }).returning({ id: services.id });
    if (!created) throw new Error('the service was not inserted');
    await writeImages(tx, created.id, input.image_ids);
    return loadOwnService(deps, tx, vendor.id, created.id, userId);
  });
}

export async function updateService(deps: AppointmentsDeps, userId: string, serviceId: string, input: z.output<typeof ServiceInput>): Promise<Service> {
  return deps.db.transaction(async (tx) => {
    const vendor = await requireApprovedVendor(tx, userId);
    const updated = await tx
      .update(services)
      .set({ ...columnsOf(input), updatedAt: deps.clock() })
      .where(and(eq(services.id, serviceId), eq(services.vendorId, vendor.id)))
      .returning({ id: services.id });
    if (updated.length === 0) throw noSuchService();
    await requireOwnImages(tx, userId, input.image_ids, 'image_ids');
    await writeImages(tx, serviceId, input.image_ids);
    return loadOwnService(deps, tx, vendor.id, serviceId, userId);
  });
}

/**
 * Deletes a service without bookings to come. The row is locked first: a booking being made holds a key-share lock on
 * it (its foreign key), so either the booking commits first and is counted here, or it waits and then fails on the
 * missing service.
 */
export async function deleteService(deps: AppointmentsDeps, userId: string, serviceId: string): Promise<{ message: string }> {
  return deps.db.transaction(async (tx) => {
    const vendor = await requireApprovedVendor(tx, userId);
    const [row] = await tx
      .select({ id: services.id, name: services.name })
      .from(services)
      .where(and(eq(services.id, serviceId), eq(services.vendorId, vendor.id)))
      .for('update');
    if (!row) throw noSuchService();
    const [upcoming] = await tx.select({ n: upcomingCount('service', deps.clock()) }).from(services).where(eq(services.id, serviceId));
    const n = upcoming?.n ?? 0;
    if (n > 0) {
      throw new AppError(
        'SERVICE_HAS_BOOKINGS',
        `"${row.name}" has ${n} booking${n === 1 ? '' : 's'} to come, so it cannot be deleted. Deactivate it instead: nobody can book it then, and the bookings stay.`,
      );
    }
    await tx.delete(services).where(eq(services.id, serviceId));
    return { message: `"${row.name}" was deleted.` };
  });
}

export async function myServices(deps: AppointmentsDeps, userId: string, query: z.output<typeof ServiceListQuery>) {
  const vendor = await requireApprovedVendor(deps.db, userId);
  const filters: SQL[] = [eq(services.vendorId, vendor.id)];
  if (query.active) filters.push(eq(services.isActive, query.active === 'true'));
  if (query.q) filters.push(or(ilike(services.name, likeAnywhere(query.q)), ilike(services.category, likeAnywhere(query.q))) as SQL);
  const where = and(...filters);
  const [total] = await deps.db.select({ n: count() }).from(services).where(where);
  const rows = await deps.db
    .select({ service: services, vendor: vendorBits, upcoming: upcomingCount('service', deps.clock()) })
    .from(services)
    .innerJoin(vendors, eq(vendors.id, services.vendorId))
    .where(where)
    .orderBy(desc(services.createdAt), desc(services.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  return { count: total?.n ?? 0, page: query.page, page_size: query.page_size, results: await toServices(deps, deps.db, rows, userId) };
}

/** One service: its owner sees it in any state; anyone else only an active service of a listed vendor (else 404). */
export async function getService(deps: AppointmentsDeps, callerId: string | null, serviceId: string): Promise<Service> {
  const [row] = await deps.db.select({ service: services, vendor: vendorBits }).from(services).innerJoin(vendors, eq(vendors.id, services.vendorId)).where(eq(services.id, serviceId));
  if (!row) throw noSuchService();
  const isOwner = callerId !== null && row.vendor.userId === callerId;
  if (!isOwner && !(row.service.isActive && row.vendor.listed)) throw noSuchService();
  // Bookings to come are the shop's business: counted for its owner only.
  const [upcoming] = isOwner ? await deps.db.select({ n: upcomingCount('service', deps.clock()) }).from(services).where(eq(services.id, serviceId)) : [];
  const [service] = await toServices(deps, deps.db, [{ ...row, upcoming: upcoming?.n ?? null }], callerId);
  if (!service) throw noSuchService();
  return service;
}

// ---- Browsing and favorites ------------------------------------------------------------------------------

/**
 * Active services of listed vendors within the radius, nearest first (each vendor at its nearest listed address), then
 * by name; or, given a vendor, that vendor's wherever it is. The statements are in services-near.ts: the unfiltered
 * page on the KNN order of listed addresses, filtered ones bounded by the radius's box; the count exact up to
 * NEARBY_LIST_DEPTH.
 */
export async function allServices(deps: AppointmentsDeps, callerId: string | null, query: ServicesNearQuery): Promise<AllServicesResponse> {
  if (query.vendor_id) {
    // One shop's list is there for shops on the marketplace: another id answers as the shop's own page does (404).
    const [shop] = await deps.db.select({ listed: vendors.listed }).from(vendors).where(eq(vendors.id, query.vendor_id));
    if (!shop?.listed) throw AppError.notFound('That vendor');
  }
  const { rows, total } = await servicesNear(deps.db, callerId, query);
  return {
    count: Math.min(total, NEARBY_LIST_DEPTH),
    count_capped: total > NEARBY_LIST_DEPTH,
    page: query.page,
    page_size: query.page_size,
    results: rows.map((r) => toCard(deps, r, r.image, r.isFavorite)),
  };
}

type CardService = Pick<ServiceRow, 'id' | 'name' | 'description' | 'category' | 'durationMinutes' | 'priceCents' | 'currency'>;

function toCard(
  deps: AppointmentsDeps,
  r: { service: CardService; vendor: Omit<VendorBits, 'listed'>; chordM: number | null; city: string | null; latitude: number | null; longitude: number | null },
  image: StoredImage | null,
  isFavorite: boolean,
): ServiceCard {
  return {
    id: r.service.id,
    name: r.service.name,
    description: r.service.description,
    category: r.service.category,
    duration_minutes: r.service.durationMinutes,
    price: { amount_cents: r.service.priceCents, currency: r.service.currency as Currency },
    image: imageOf(image, deps.mediaUrl),
    vendor: toServiceVendor(r.vendor),
    distance_km: r.chordM === null ? null : distanceKm(Number(r.chordM)),
    city: r.city,
    latitude: r.latitude,
    longitude: r.longitude,
    is_favorite: isFavorite,
  };
}

/** Adds the service to the caller's favorites, or removes it; only a service others may see can be added. */
export async function toggleFavoriteService(deps: AppointmentsDeps, userId: string, serviceId: string): Promise<FavoriteResponse> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: services.id, visible: sql<boolean>`${services.isActive} AND ${vendors.listed}`, ownerId: vendors.userId })
      .from(services)
      .innerJoin(vendors, eq(vendors.id, services.vendorId))
      .where(eq(services.id, serviceId));
    const removed = await tx.delete(favoriteServices).where(and(eq(favoriteServices.userId, userId), eq(favoriteServices.serviceId, serviceId))).returning();
    if (removed.length === 0) {
      if (!row || !(row.visible || row.ownerId === userId)) throw noSuchService();
      await tx.insert(favoriteServices).values({ userId, serviceId }).onConflictDoNothing();
    }
    const [total] = await tx.select({ n: count() }).from(favoriteServices).where(eq(favoriteServices.serviceId, serviceId));
    return { is_favorite: removed.length === 0, favorites_count: total?.n ?? 0 };
  });
}

/** The caller's favorite services that can be booked now, most recently added first. */
export async function favoriteServiceCards(deps: AppointmentsDeps, userId: string): Promise<ServiceCard[]> {
  const rows = await deps.db
    .select({ service: services, vendor: vendorBits, city: sql<string | null>`NULL` })
    .from(favoriteServices)
    .innerJoin(services, eq(services.id, favoriteServices.serviceId))
    .innerJoin(vendors, eq(vendors.id, services.vendorId))
    .where(and(eq(favoriteServices.userId, userId), sql`${services.isActive}`, sql`${vendors.listed}`))
    .orderBy(desc(favoriteServices.createdAt))
    .limit(200);
  const images = await imagesOf(deps.db, rows.map((r) => r.service.id));
  return rows.map((r) => toCard(deps, { ...r, chordM: null, latitude: null, longitude: null }, images.get(r.service.id)?.[0]?.image ?? null, true));
}
