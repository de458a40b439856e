import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { minutesOf, type Provider, type ProviderInput } from '@localloop/contract';
import { media, providerDaysOff, providerHours, providerServices, providers, services, vendorHours } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { formatMinutes, requireApprovedVendor } from '../vendors/index.ts';
import { imageColumns, imageOf, iso, upcomingCount, type AppointmentsDeps, type Reader } from './shared.ts';
import { requireOwnImages } from '../uploads/index.ts';
import type { WeeklyHours } from './slot-maths.ts';

type ProviderRow = typeof providers.$inferSelect;

export const noSuchProvider = () => AppError.notFound('That provider');

/** The hours slots of a provider are made from: their own, or the shop's as they are now. */
export async function hoursOf(db: Reader, provider: Pick<ProviderRow, 'id' | 'vendorId' | 'usesVendorHours'>): Promise<WeeklyHours> {
  if (provider.usesVendorHours) {
    return db
      .select({ weekday: vendorHours.weekday, opensMinute: vendorHours.opensMinute, closesMinute: vendorHours.closesMinute })
      .from(vendorHours)
      .where(eq(vendorHours.vendorId, provider.vendorId))
      .orderBy(asc(vendorHours.weekday), asc(vendorHours.opensMinute));
  }
  return db
    .select({ weekday: providerHours.weekday, opensMinute: providerHours.opensMinute, closesMinute: providerHours.closesMinute })
    .from(providerHours)
    .where(eq(providerHours.providerId, provider.id))
    .orderBy(asc(providerHours.weekday), asc(providerHours.opensMinute));
}

export async function daysOffOf(db: Reader, providerId: string): Promise<Set<string>> {
  const rows = await db.select({ day: providerDaysOff.day }).from(providerDaysOff).where(eq(providerDaysOff.providerId, providerId));
  return new Set(rows.map((r) => r.day));
}

/**
 * Providers as the API shows them, in as many queries for a whole staff as for one: their photos, services, counts of
 * bookings to come, hours (their own, or the shop's) and days off, each read for all of them at once.
 */
async function toProviders(deps: AppointmentsDeps, db: Reader, rows: readonly ProviderRow[], timeZone: string): Promise<Provider[]> {
  const first = rows[0];
  if (!first) return [];
  const ids = rows.map((r) => r.id);
  const photoIds = rows.flatMap((r) => (r.photoId ? [r.photoId] : []));
  const photos = photoIds.length > 0 ? await db.select({ id: media.id, ...imageColumns }).from(media).where(inArray(media.id, photoIds)) : [];
  const performed = await db
    .select({ providerId: providerServices.providerId, id: services.id, name: services.name })
    .from(providerServices)
    .innerJoin(services, eq(services.id, providerServices.serviceId))
    .where(inArray(providerServices.providerId, ids))
    .orderBy(asc(services.name), asc(services.id));
  const upcoming = await db.select({ id: providers.id, n: upcomingCount('provider', deps.clock()) }).from(providers).where(inArray(providers.id, ids));
  // All of one shop: its hours are read once, for those who keep them.
  const shopHours = rows.some((r) => r.usesVendorHours) ? await hoursOf(db, { ...first, usesVendorHours: true }) : [];
  const ownHours = await db
    .select({ providerId: providerHours.providerId, weekday: providerHours.weekday, opensMinute: providerHours.opensMinute, closesMinute: providerHours.closesMinute })
    .from(providerHours)
    .where(inArray(providerHours.providerId, ids))
    .orderBy(asc(providerHours.weekday), asc(providerHours.opensMinute));
  const daysOff = await db.select({ providerId: providerDaysOff.providerId, day: providerDaysOff.day }).from(providerDaysOff).where(inArray(providerDaysOff.providerId, ids));

  return rows.map((row) => {
    const hours = row.usesVendorHours ? shopHours : ownHours.filter((h) => h.providerId === row.id);
    return {
      id: row.id,
      vendor_id: row.vendorId,
      name: row.name,
      bio: row.bio,
      photo_id: row.photoId,
      photo: imageOf(photos.find((p) => p.id === row.photoId) ?? null, deps.mediaUrl),
      services: performed.filter((s) => s.providerId === row.id).map(({ id, name }) => ({ id, name })),
      hours: hours.map((h) => ({ weekday: h.weekday, opens: formatMinutes(h.opensMinute), closes: formatMinutes(h.closesMinute) })),
      uses_vendor_hours: row.usesVendorHours,
      days_off: daysOff
        .filter((d) => d.providerId === row.id)
        .map((d) => d.day)
        .sort(),
      time_zone: timeZone,
      upcoming_bookings: upcoming.find((u) => u.id === row.id)?.n ?? 0,
      created_at: iso(row.createdAt),
      updated_at: iso(row.updatedAt),
    };
  });
}

async function toProvider(deps: AppointmentsDeps, db: Reader, row: ProviderRow, timeZone: string): Promise<Provider> {
  const [provider] = await toProviders(deps, db, [row], timeZone);
  if (!provider) throw noSuchProvider();
  return provider;
}

/** Services of the caller's shop, all of them or a 400 naming each that is not. */
async function requireOwnServices(tx: Reader, vendorId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const mine = new Set((await tx.select({ id: services.id }).from(services).where(and(inArray(services.id, [...ids]), eq(services.vendorId, vendorId)))).map((r) => r.id));
  const missing = ids.flatMap((id, i) => (mine.has(id) ? [] : [i]));
  if (missing.length === 0) return;
  const message = 'This service is not one of your services.';
  throw new AppError('VALIDATION_FAILED', message, Object.fromEntries(missing.map((i) => [`service_ids.${i}`, message])));
}

/** The provider's services, hours and days off as the input says: replaced whole. */
async function writeDetails(tx: Reader, providerId: string, vendorId: string, input: z.output<typeof ProviderInput>): Promise<void> {
  await requireOwnServices(tx, vendorId, input.service_ids);
  const current = await tx.select({ id: providerServices.serviceId }).from(providerServices).where(eq(providerServices.providerId, providerId));
  const keep = new Set(input.service_ids);
  const dropped = current.map((r) => r.id).filter((id) => !keep.has(id));
  // A service no longer performed takes its slots with it (the slots' foreign key cascades); bookings made stay.
  if (dropped.length > 0) await tx.delete(providerServices).where(and(eq(providerServices.providerId, providerId), inArray(providerServices.serviceId, dropped)));
  if (input.service_ids.length > 0) {
    await tx
      .insert(providerServices)
      .values(input.service_ids.map((serviceId) => ({ providerId, serviceId, vendorId })))
      .onConflictDoNothing();
  }
  await tx.delete(providerHours).where(eq(providerHours.providerId, providerId));
  if (input.hours && input.hours.length > 0) {
    await tx.insert(providerHours).values(input.hours.map((h) => ({ providerId, weekday: h.weekday, opensMinute: minutesOf(h.opens), closesMinute: minutesOf(h.closes) })));
  }
  await tx.delete(providerDaysOff).where(eq(providerDaysOff.providerId, providerId));
  if (input.days_off.length > 0) await tx.insert(providerDaysOff).values(input.days_off.map((day) => ({ providerId, day })));
}

export async function createProvider(deps: AppointmentsDeps, userId: string, input: z.output<typeof ProviderInput>): Promise<Provider> {
  return deps.db.transaction(async (tx) => {
    const vendor = await requireApprovedVendor(tx, userId);
    if (input.photo_id) await requireOwnImages(tx, userId, [input.photo_id], 'photo_id');
    const [row] = await tx
      .insert(providers)
      .values({ vendorId: vendor.id, name: input.name, bio: input.bio, photoId: input.photo_id, usesVendorHours: input.hours === null })
      .returning();
    if (!row) throw new Error('the provider was not inserted');
    await writeDetails(tx, row.id, vendor.id, input);
    return toProvider(deps, tx, row, vendor.timeZone);
  });
}

export async function updateProvider(deps: AppointmentsDeps, userId: string, providerId: string, input: z.output<typeof ProviderInput>): Promise<Provider> {
  return deps.db.transaction(async (tx) => {
    const vendor = await requireApprovedVendor(tx, userId);
    const [row] = await tx
      .update(providers)
      .set({ name: input.name, bio: input.bio, photoId: input.photo_id, usesVendorHours: input.hours === null, updatedAt: deps.clock() })
      .where(and(eq(providers.id, providerId), eq(providers.vendorId, vendor.id)))
      .returning();
    if (!row) throw noSuchProvider();
    if (input.photo_id) await requireOwnImages(tx, userId, [input.photo_id], 'photo_id');
    await writeDetails(tx, row.id, vendor.id, input);
    return toProvider(deps, tx, row, vendor.timeZone);
  });
}

/** Removes a provider without bookings to come (locked first, as deleteService explains); past bookings keep the name. */
export async function deleteProvider(deps: AppointmentsDeps, userId: string, providerId: string): Promise<{ message: string }> {
  return deps.db.transaction(async (tx) => {
    const vendor = await requireApprovedVendor(tx, userId);
    const [row] = await tx
      .select({ id: providers.id, name: providers.name })
      .from(providers)
      .where(and(eq(providers.id, providerId), eq(providers.vendorId, vendor.id)))
      .for('update');
    if (!row) throw noSuchProvider();
    const [upcoming] = await tx.select({ n: upcomingCount('provider', deps.clock()) }).from(providers).where(eq(providers.id, providerId));
    const n = upcoming?.n ?? 0;
    if (n > 0) {
      throw new AppError(
        'PROVIDER_HAS_BOOKINGS',
        `${row.name} has ${n} booking${n === 1 ? '' : 's'} to come. Cancel or move them first, or keep ${row.name} and take the services away instead.`,
      );
    }
    await tx.delete(providers).where(eq(providers.id, providerId));
    return { message: `${row.name} was removed.` };
  });
}

export async function myProviders(deps: AppointmentsDeps, userId: string): Promise<Provider[]> {
  const vendor = await requireApprovedVendor(deps.db, userId);
  const rows = await deps.db.select().from(providers).where(eq(providers.vendorId, vendor.id)).orderBy(asc(providers.name), asc(providers.id));
  return toProviders(deps, deps.db, rows, vendor.timeZone);
}

export async function getProvider(deps: AppointmentsDeps, userId: string, providerId: string): Promise<Provider> {
  const vendor = await requireApprovedVendor(deps.db, userId);
  const [row] = await deps.db.select().from(providers).where(and(eq(providers.id, providerId), eq(providers.vendorId, vendor.id)));
  if (!row) throw noSuchProvider();
  return toProvider(deps, deps.db, row, vendor.timeZone);
}
