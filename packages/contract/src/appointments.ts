import { z } from 'zod';
import { IdParams, Latitude, Longitude, Money, PageQuery, ResponsiveImage, Uuid, nearbyPage, paginated, withinNearbyDepth } from './common.ts';
import { endpoint, type Endpoint } from './endpoint.ts';
import { FavoriteResponse } from './directory.ts';
import { OpeningRange, VendorCategory, minutesOf, weekdayNames } from './vendors.ts';

// ---- Services, providers, time slots and appointments (docs/decisions/0017) --------------------

/** A service's length and the pause after it, in minutes: whole multiples of five. */
export const serviceDurationLimits = { min: 5, max: 480, step: 5 } as const;
export const serviceBufferLimits = { min: 0, max: 120, step: 5 } as const;
export const MAX_SERVICE_IMAGES = 4;
/** The longest range one slot generation may cover. */
export const MAX_SLOT_GENERATION_DAYS = 90;
/** How far ahead a customer may book. */
export const BOOKING_HORIZON_DAYS = 180;

const minutes = (limits: { min: number; max: number; step: number }, what: string) =>
  z
    .number({ error: `Enter the ${what} in minutes.` })
    .int(`Use whole minutes for the ${what}.`)
    .min(limits.min, `The ${what} is at least ${limits.min} minutes.`)
    .max(limits.max, `The ${what} is at most ${limits.max} minutes.`)
    .refine((m) => m % limits.step === 0, `Use steps of ${limits.step} minutes for the ${what}.`);

/** A calendar day, as people and the vendor's time zone name it (no time, no zone). */
export const CalendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-12-01.')
  .refine((d) => {
    const date = new Date(`${d}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === d;
  }, 'That date does not exist.');

/** A time of day in the vendor's time zone, HH:MM. */
export const LocalTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time like 09:30.');

const uniqueIds = (ids: string[]) => new Set(ids).size === ids.length;

// ---- Services ------------------------------------------------------------------------------------

export const ServiceInput = z.object({
  name: z.string().trim().min(2, 'Give the service a name of at least 2 characters.').max(120, 'Use at most 120 characters.'),
  description: z.string().trim().max(2000, 'Use at most 2,000 characters.').default(''),
  category: VendorCategory,
  duration_minutes: minutes(serviceDurationLimits, 'duration'),
  buffer_minutes: minutes(serviceBufferLimits, 'pause after').default(0),
  price: Money,
  /** Images the vendor uploaded through /UploadImagesAPI/ (their `id`), in order; the first leads. */
  image_ids: z
    .array(Uuid('Choose an image you uploaded.'))
    .max(MAX_SERVICE_IMAGES, `Add at most ${MAX_SERVICE_IMAGES} images.`)
    .refine(uniqueIds, 'The same image is chosen twice.')
    .default([]),
  is_active: z.boolean().default(true),
});
export type ServiceInput = z.input<typeof ServiceInput>;

export const ServiceVendor = z.object({
  id: z.string().uuid(),
  user_id: z.string().uuid(),
  business_name: z.string(),
  rating_avg: z.number().nullable(),
  rating_count: z.number().int(),
  time_zone: z.string(),
});

export const ProviderSummary = z.object({ id: z.string().uuid(), name: z.string(), photo: ResponsiveImage.nullable() });
export type ProviderSummary = z.infer<typeof ProviderSummary>;

export const Service = z.object({
  id: z.string().uuid(),
  vendor: ServiceVendor,
  name: z.string(),
  description: z.string(),
  category: z.string(),
  duration_minutes: z.number().int(),
  buffer_minutes: z.number().int(),
  price: Money,
  image_ids: z.array(z.string().uuid()),
  images: z.array(ResponsiveImage),
  is_active: z.boolean(),
  /** The providers who perform it (for customers, those a booking may choose). */
  providers: z.array(ProviderSummary),
  /** Whether the signed-in caller has it among their favorites (false for visitors). */
  is_favorite: z.boolean(),
  /** For its owner, bookings still to come (a service with some cannot be deleted, only deactivated); null for others. */
  upcoming_bookings: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Service = z.infer<typeof Service>;

export const ServiceListQuery = PageQuery.extend({
  q: z.string().trim().max(100).optional(),
  active: z.enum(['true', 'false']).optional(),
});

export const ServiceCard = z.object({
  id: z.string().uuid(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  duration_minutes: z.number().int(),
  price: Money,
  image: ResponsiveImage.nullable(),
  vendor: ServiceVendor,
  /** From the asked point to the vendor's nearest address. */
  distance_km: z.number().nullable(),
  city: z.string().nullable(),
  /** That address's point (a map's marker); null in lists that are not near a point (favorites). */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  is_favorite: z.boolean(),
});
export type ServiceCard = z.infer<typeof ServiceCard>;

const PriceCents = z.coerce.number().int('Use whole cents.').min(0, 'A price cannot be negative.').max(100_000_000);

export const AllServicesQuery = withinNearbyDepth(
  PageQuery.extend({
    lat: Latitude.default(40.7128),
    lng: Longitude.default(-74.006),
    radius_km: z.coerce.number().min(1).max(500).default(25),
    q: z.string().trim().max(100).optional(),
    category: VendorCategory.optional(),
    min_price_cents: PriceCents.optional(),
    max_price_cents: PriceCents.optional(),
    /** One shop's services (its public page): the radius does not apply, the distance is still measured. */
    vendor_id: Uuid('Unknown vendor.').optional(),
  }),
).refine((q) => q.min_price_cents === undefined || q.max_price_cents === undefined || q.min_price_cents <= q.max_price_cents, {
  path: ['max_price_cents'],
  message: 'The highest price must not be below the lowest.',
});
export const AllServicesResponse = nearbyPage(ServiceCard);
export type AllServicesResponse = z.infer<typeof AllServicesResponse>;

// ---- Providers -------------------------------------------------------------------------------------

export const ProviderInput = z
  .object({
    name: z.string().trim().min(1, 'Enter the provider\'s name.').max(120, 'Use at most 120 characters.'),
    bio: z.string().trim().max(1000, 'Use at most 1,000 characters.').default(''),
    photo_id: Uuid('Choose an image you uploaded.').nullable().default(null),
    service_ids: z.array(Uuid('Unknown service.')).max(100).refine(uniqueIds, 'A service is chosen twice.').default([]),
    /** The provider's own weekly hours; null: the vendor's opening hours (ServiceTime), followed as they change. */
    hours: z.array(OpeningRange).max(70, 'At most 10 ranges a day.').nullable().default(null),
    /** Whole days off, in the vendor's time zone. */
    days_off: z.array(CalendarDate).max(366, 'At most 366 days off.').refine((d) => new Set(d).size === d.length, 'A day off is listed twice.').default([]),
  })
  .superRefine((v, ctx) => {
    v.hours?.forEach((a, i) => {
      const overlaps = v.hours?.some((b, j) => j < i && b.weekday === a.weekday && minutesOf(a.opens) < minutesOf(b.closes) && minutesOf(b.opens) < minutesOf(a.closes));
      if (overlaps) ctx.addIssue({ code: 'custom', path: ['hours', i, 'opens'], message: `Overlaps another range on ${weekdayNames[a.weekday - 1]}.` });
    });
  });
export type ProviderInput = z.input<typeof ProviderInput>;

export const Provider = z.object({
  id: z.string().uuid(),
  vendor_id: z.string().uuid(),
  name: z.string(),
  bio: z.string(),
  photo_id: z.string().uuid().nullable(),
  photo: ResponsiveImage.nullable(),
  services: z.array(z.object({ id: z.string().uuid(), name: z.string() })),
  /** The hours slots are made from: the provider's own, or the vendor's when `uses_vendor_hours`. */
  hours: z.array(OpeningRange),
  uses_vendor_hours: z.boolean(),
  days_off: z.array(z.string()),
  time_zone: z.string(),
  upcoming_bookings: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Provider = z.infer<typeof Provider>;

// ---- Slots -------------------------------------------------------------------------------------------

export const GenerateSlotsInput = z
  .object({
    service_id: Uuid('Unknown service.'),
    start_date: CalendarDate,
    end_date: CalendarDate,
  })
  .refine((v) => v.end_date >= v.start_date, { path: ['end_date'], message: 'The last day must not be before the first.' })
  .refine((v) => (Date.parse(v.end_date) - Date.parse(v.start_date)) / 86_400_000 < MAX_SLOT_GENERATION_DAYS, {
    path: ['end_date'],
    message: `Make slots for at most ${MAX_SLOT_GENERATION_DAYS} days at a time.`,
  });
export type GenerateSlotsInput = z.input<typeof GenerateSlotsInput>;

export const GenerateSlotsResponse = z.object({
  /** Slots made now. */
  created: z.number().int(),
  /** Slots that were there from an earlier run (nothing is made twice). */
  existing: z.number().int(),
  /** Slots left out because a booking already holds that time. */
  skipped_booked: z.number().int(),
  time_zone: z.string(),
});
export type GenerateSlotsResponse = z.infer<typeof GenerateSlotsResponse>;

export const TimeSlotsQuery = z.object({
  provider_id: Uuid('Unknown provider.'),
  service_id: Uuid('Unknown service.'),
  for_date: CalendarDate,
  /** Only slots starting at or after this time of that day. */
  time: LocalTime.optional(),
});

export const TimeSlot = z.object({
  starts_at: z.string(),
  ends_at: z.string(),
  /** The start as the vendor's clock shows it, HH:MM. */
  local_time: z.string(),
});
export type TimeSlot = z.infer<typeof TimeSlot>;

export const TimeSlotsResponse = z.object({
  provider_id: z.string().uuid(),
  service_id: z.string().uuid(),
  for_date: z.string(),
  time_zone: z.string(),
  slots: z.array(TimeSlot),
});
export type TimeSlotsResponse = z.infer<typeof TimeSlotsResponse>;

// ---- Appointments ----------------------------------------------------------------------------------

export const appointmentStatuses = ['pending', 'confirmed', 'completed', 'cancelled', 'no_show'] as const;
export const AppointmentStatus = z.enum(appointmentStatuses, { error: 'Choose a status.' });
export type AppointmentStatus = z.infer<typeof AppointmentStatus>;
export const appointmentStatusLabels: Record<AppointmentStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
  no_show: 'No-show',
};

/** The status machine: from each status, where a change may lead. */
export const appointmentTransitions: Record<AppointmentStatus, readonly AppointmentStatus[]> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['completed', 'cancelled', 'no_show'],
  completed: [],
  cancelled: [],
  no_show: [],
};

const Instant = z.iso.datetime({ offset: true, error: 'Use a date and time like 2026-12-01T09:30:00Z.' });

export const BookAppointmentInput = z.object({
  service_id: Uuid('Unknown service.'),
  provider_id: Uuid('Unknown provider.'),
  /** The chosen slot's start, as get-time-slots gave it. */
  starts_at: Instant,
  notes: z.string().trim().max(500, 'Use at most 500 characters.').default(''),
});
export type BookAppointmentInput = z.input<typeof BookAppointmentInput>;

export const RescheduleAppointmentInput = z.object({ starts_at: Instant });
export type RescheduleAppointmentInput = z.input<typeof RescheduleAppointmentInput>;

const Reason = z.string().trim().min(3, 'Give a reason of at least 3 characters.').max(500, 'Use at most 500 characters.');

export const UpdateAppointmentStatusInput = z
  .object({ status: AppointmentStatus, reason: z.string().trim().max(500, 'Use at most 500 characters.').optional() })
  .superRefine((v, ctx) => {
    if (v.status === 'cancelled' && !Reason.safeParse(v.reason ?? '').success) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Say why the appointment is cancelled (at least 3 characters).' });
    }
  });
export type UpdateAppointmentStatusInput = z.input<typeof UpdateAppointmentStatusInput>;

export const Appointment = z.object({
  id: z.string().uuid(),
  status: AppointmentStatus,
  starts_at: z.string(),
  ends_at: z.string(),
  time_zone: z.string(),
  /** What was booked, as it was then; the ids are null once the service or the provider is gone. */
  service: z.object({ id: z.string().uuid().nullable(), name: z.string(), duration_minutes: z.number().int() }),
  provider: z.object({ id: z.string().uuid().nullable(), name: z.string() }),
  vendor: z.object({ id: z.string().uuid(), user_id: z.string().uuid(), business_name: z.string() }),
  /** The customer, for the vendor; null once the customer deleted the account. */
  customer: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
  price: Money,
  notes: z.string(),
  cancel_reason: z.string().nullable(),
  cancelled_by: z.enum(['customer', 'vendor']).nullable(),
  /** What the caller may do with it now. */
  can_cancel: z.boolean(),
  can_reschedule: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Appointment = z.infer<typeof Appointment>;

export const VendorAppointmentsQuery = PageQuery.extend({
  /** One day in the vendor's time zone (the day view). */
  date: CalendarDate.optional(),
  provider_id: Uuid('Unknown provider.').optional(),
  status: AppointmentStatus.optional(),
  page_size: z.coerce.number().int().min(1).max(100).default(50),
});

export const UserAppointmentsQuery = PageQuery.extend({ when: z.enum(['upcoming', 'past']).default('upcoming') });

export const AppointmentList = paginated(Appointment);
export type AppointmentList = z.infer<typeof AppointmentList>;

// ---- Calendar feeds --------------------------------------------------------------------------------

/** How far back and ahead a calendar feed reaches, and the most bookings it carries. */
export const CALENDAR_FEED_DAYS_BACK = 30;
export const CALENDAR_FEED_DAYS_AHEAD = 365;
export const CALENDAR_FEED_MAX_EVENTS = 2000;

/** A private calendar address (iCalendar) a calendar app subscribes to; anyone with the address can read it. */
export const CalendarFeed = z.object({
  id: z.string().uuid(),
  /** Absolute: pasted into Google Calendar or Apple Calendar as it is. */
  url: z.string(),
  created_at: z.string(),
});
export type CalendarFeed = z.infer<typeof CalendarFeed>;

/** The shop's feed (all its bookings) and each provider's (theirs only); null where none is on. */
export const CalendarFeeds = z.object({
  shop: CalendarFeed.nullable(),
  providers: z.array(z.object({ provider: z.object({ id: z.string().uuid(), name: z.string() }), feed: CalendarFeed.nullable() })),
});
export type CalendarFeeds = z.infer<typeof CalendarFeeds>;

export const CalendarFeedInput = z.object({
  /** One of the caller's providers, or null for the whole shop. */
  provider_id: Uuid('Choose one of your providers, or none for the whole shop.').nullable(),
});
export type CalendarFeedInput = z.input<typeof CalendarFeedInput>;

/** Whatever the address holds: a malformed, unknown or turned-off link answers 404 alike, never 400. */
export const CalendarFeedParams = z.object({ token: z.string().max(200, 'That calendar link is not valid.') });

/** The endpoints of this domain; merged into the one table in endpoints.ts. */
export const appointmentsEndpoints = {
  myServices: endpoint({
    method: 'GET',
    path: '/appointments/get-services/',
    query: ServiceListQuery,
    body: undefined,
    response: paginated(Service),
    auth: 'vendor',
    summary: 'The caller\'s services, active and not, newest first',
  }),
  getService: endpoint({
    method: 'GET',
    path: '/appointments/get-service/{id}/',
    params: IdParams,
    body: undefined,
    response: Service,
    auth: 'optional',
    summary: 'One service: its owner sees it whatever its state; others only an active service of a listed vendor',
  }),
  createService: endpoint({
    method: 'POST',
    path: '/appointments/create-service/',
    body: ServiceInput,
    response: Service,
    status: 201,
    auth: 'vendor',
    summary: 'Add a service to the caller\'s shop',
  }),
  updateService: endpoint({
    method: 'PUT',
    path: '/appointments/update-service/{id}/',
    params: IdParams,
    body: ServiceInput,
    response: Service,
    auth: 'vendor',
    summary: 'Change one of the caller\'s services (bookings made keep their time and price)',
  }),
  deleteService: endpoint({
    method: 'DELETE',
    path: '/appointments/delete-service/{id}/',
    params: IdParams,
    body: undefined,
    response: z.object({ message: z.string() }),
    auth: 'vendor',
    summary: 'Delete one of the caller\'s services; 409 while it has bookings to come (deactivate it instead)',
  }),
  myProviders: endpoint({
    method: 'GET',
    path: '/appointments/get-providers/',
    body: undefined,
    response: z.array(Provider),
    auth: 'vendor',
    summary: 'The caller\'s providers (staff), by name',
  }),
  getProvider: endpoint({
    method: 'GET',
    path: '/appointments/get-provider/{id}/',
    params: IdParams,
    body: undefined,
    response: Provider,
    auth: 'vendor',
    summary: 'One of the caller\'s providers',
  }),
  createProvider: endpoint({
    method: 'POST',
    path: '/appointments/create-provider/',
    body: ProviderInput,
    response: Provider,
    status: 201,
    auth: 'vendor',
    summary: 'Add a provider to the caller\'s shop: the services they perform, their hours (the shop\'s by default) and days off',
  }),
  updateProvider: endpoint({
    method: 'PUT',
    path: '/appointments/update-provider/{id}/',
    params: IdParams,
    body: ProviderInput,
    response: Provider,
    auth: 'vendor',
    summary: 'Change one of the caller\'s providers',
  }),
  deleteProvider: endpoint({
    method: 'DELETE',
    path: '/appointments/delete-provider/{id}/',
    params: IdParams,
    body: undefined,
    response: z.object({ message: z.string() }),
    auth: 'vendor',
    summary: 'Remove one of the caller\'s providers; 409 while they have bookings to come',
  }),
  generateSlots: endpoint({
    method: 'POST',
    path: '/appointments/providers/{provider_id}/generate-slots/',
    params: z.object({ provider_id: Uuid('Unknown provider.') }),
    body: GenerateSlotsInput,
    response: GenerateSlotsResponse,
    auth: 'vendor',
    summary: `Make a provider's bookable slots for a service over at most ${MAX_SLOT_GENERATION_DAYS} days, from their hours in the shop's time zone; running it again makes nothing twice`,
  }),
  timeSlots: endpoint({
    method: 'GET',
    path: '/appointments/get-time-slots/',
    query: TimeSlotsQuery,
    body: undefined,
    response: TimeSlotsResponse,
    auth: 'optional',
    summary: 'A provider\'s free slots for a service on one day of the shop\'s time zone, past ones left out',
  }),
  bookAppointment: endpoint({
    method: 'POST',
    path: '/appointments/book-appointment/',
    body: BookAppointmentInput,
    response: Appointment,
    status: 201,
    auth: 'required',
    summary: 'Book one free slot; 409 when someone else took it first',
  }),
  appointmentDetails: endpoint({
    method: 'GET',
    path: '/appointments/details/appointment/{id}/',
    params: IdParams,
    body: undefined,
    response: Appointment,
    auth: 'required',
    summary: 'One appointment, for its customer or its vendor only',
  }),
  appointmentCalendarFile: endpoint({
    method: 'GET',
    path: '/appointments/details/appointment/{id}/ics/',
    params: IdParams,
    body: undefined,
    response: z.unknown(),
    auth: 'required',
    summary: 'One appointment as an iCalendar file (text/calendar) for a calendar app, for its customer or its vendor only',
  }),
  myAppointments: endpoint({
    method: 'GET',
    path: '/appointments/get-user/appointments/',
    query: UserAppointmentsQuery,
    body: undefined,
    response: AppointmentList,
    auth: 'required',
    summary: 'The caller\'s bookings: upcoming (soonest first) or past (latest first)',
  }),
  vendorAppointments: endpoint({
    method: 'GET',
    path: '/appointments/get-appointments/{id}/',
    params: z.object({ id: Uuid('Unknown vendor.') }),
    query: VendorAppointmentsQuery,
    body: undefined,
    response: AppointmentList,
    auth: 'vendor',
    summary: 'The appointments of the caller\'s shop (id: its vendor id), by time, filtered by day, provider and status',
  }),
  updateAppointmentStatus: endpoint({
    method: 'PATCH',
    path: '/appointments/update-status/appointment/{id}/',
    params: IdParams,
    body: UpdateAppointmentStatusInput,
    response: Appointment,
    auth: 'required',
    summary: 'Move an appointment along pending → confirmed → completed (or no-show) as its vendor; cancel it, with a reason, as either side; 409 for any other change',
  }),
  rescheduleAppointment: endpoint({
    method: 'PATCH',
    path: '/appointments/reschedule/appointment/{id}/',
    params: IdParams,
    body: RescheduleAppointmentInput,
    response: Appointment,
    auth: 'required',
    summary: 'The customer moves a pending or confirmed booking to another free slot of the same provider and service, in one step',
  }),
  calendarFeeds: endpoint({
    method: 'GET',
    path: '/appointments/calendar-feeds/',
    body: undefined,
    response: CalendarFeeds,
    auth: 'vendor',
    summary: 'The private calendar addresses of the caller\'s shop: one for the whole shop and one per provider, each null while off',
  }),
  createCalendarFeed: endpoint({
    method: 'POST',
    path: '/appointments/calendar-feeds/',
    body: CalendarFeedInput,
    response: CalendarFeed,
    status: 201,
    auth: 'vendor',
    summary: 'Makes a calendar address for the shop (provider_id null) or one of its providers; the one it replaces stops working',
  }),
  deleteCalendarFeed: endpoint({
    method: 'DELETE',
    path: '/appointments/calendar-feeds/{id}/',
    params: IdParams,
    body: undefined,
    response: z.object({ message: z.string() }),
    auth: 'vendor',
    summary: 'Turns off one of the caller\'s calendar addresses: it answers 404 from then on',
  }),
  calendarFeed: endpoint({
    method: 'GET',
    path: '/calendar/{token}.ics',
    params: CalendarFeedParams,
    body: undefined,
    response: z.unknown(),
    auth: 'none',
    summary: `A shop's or provider's bookings as an iCalendar feed (text/calendar) for calendar apps to subscribe to, from ${CALENDAR_FEED_DAYS_BACK} days back to ${CALENDAR_FEED_DAYS_AHEAD} ahead; the secret address is the key, so no session`,
  }),
  allServices: endpoint({
    method: 'GET',
    path: '/appointments/get-all-services/',
    query: AllServicesQuery,
    body: undefined,
    response: AllServicesResponse,
    auth: 'optional',
    summary: 'Active services of listed vendors near lat/lng within radius_km, nearest first; q searches name and category; filters by category and price',
  }),
  toggleFavoriteService: endpoint({
    method: 'POST',
    path: '/service/{id}/favorite/',
    params: IdParams,
    body: undefined,
    response: FavoriteResponse,
    auth: 'required',
    summary: 'Add the service to the caller\'s favorites, or remove it if it is there',
  }),
  favoriteServices: endpoint({
    method: 'GET',
    path: '/services/favorites/',
    body: undefined,
    response: z.array(ServiceCard),
    auth: 'required',
    summary: 'The caller\'s favorite services that can be booked, most recently added first',
  }),
} as const satisfies Record<string, Endpoint>;
