import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { Email, KycStatus } from './auth.ts';
import { PhoneNumber } from './account.ts';
import { Notification } from './notifications.ts';

// ---- Vocabulary ------------------------------------------------------------------------------

export const vendorCategories = [
  'Food & Drink',
  'Beauty & Wellness',
  'Fitness & Sports',
  'Health & Care',
  'Home Services',
  'Shopping & Retail',
  'Education & Classes',
  'Arts & Entertainment',
  'Events & Venues',
  'Automotive',
  'Pets',
  'Professional Services',
  'Other',
] as const;
export const VendorCategory = z.enum(vendorCategories, { error: 'Choose a category.' });
export type VendorCategory = z.infer<typeof VendorCategory>;

/** ISO weekdays: 1 is Monday, 7 is Sunday. */
export const weekdayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

const Uuid = (message = 'Unknown id.') => z.string().uuid(message);
const Latitude = z.coerce.number().min(-90, 'Latitude is between -90 and 90.').max(90, 'Latitude is between -90 and 90.');
const Longitude = z.coerce.number().min(-180, 'Longitude is between -180 and 180.').max(180, 'Longitude is between -180 and 180.');

export const IdParams = z.object({ id: Uuid() });

/** A page of results. */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({ count: z.number().int(), page: z.number().int(), page_size: z.number().int(), results: z.array(item) });
}
export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(50).default(20),
});

// ---- KYC step 1: basic info (also the vendor profile) ----------------------------------------

export const BasicInfoInput = z.object({
  // Counted in characters as people (and the database's char_length) count them: an emoji is one, not two UTF-16 units.
  business_name: z
    .string()
    .trim()
    .max(120, 'Use at most 120 characters.')
    .refine((name) => [...name].length >= 2, 'Use at least 2 characters.'),
  category: VendorCategory,
  description: z.string().trim().max(2000, 'Use at most 2000 characters.').default(''),
  /** The URL of an image this account uploaded through /UploadImagesAPI/, or null for none. */
  logo: z.string().max(1000).nullable().default(null),
  contact_email: Email,
  contact_phone: PhoneNumber,
});
export type BasicInfoInput = z.input<typeof BasicInfoInput>;

/** The basic-info fields, in the form's order; an approved vendor's changes to them wait for review. */
export const basicInfoFields = ['business_name', 'category', 'description', 'logo', 'contact_email', 'contact_phone'] as const;
export const BasicInfoField = z.enum(basicInfoFields);
export type BasicInfoField = z.infer<typeof BasicInfoField>;
export const basicInfoFieldLabels: Record<BasicInfoField, string> = {
  business_name: 'Business name',
  category: 'Category',
  description: 'Description',
  logo: 'Logo',
  contact_email: 'Contact e-mail',
  contact_phone: 'Contact phone',
};

// ---- KYC step 2: documents -------------------------------------------------------------------

export const documentKinds = ['identity', 'business_registration', 'proof_of_address', 'other'] as const;
export const DocumentKind = z.enum(documentKinds, { error: 'Choose what the document is.' });
export type DocumentKind = z.infer<typeof DocumentKind>;
export const documentKindLabels: Record<DocumentKind, string> = {
  identity: 'Identity document',
  business_registration: 'Business registration',
  proof_of_address: 'Proof of address',
  other: 'Other document',
};

/** Documents are checked by their bytes, not their name: JPEG, PNG, WebP or PDF, 10 MB each. */
export const documentUploadLimits = {
  maxBytes: 10 * 1024 * 1024,
  types: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
} as const;

export const VendorDocument = z.object({
  id: z.string().uuid(),
  kind: DocumentKind,
  file_name: z.string(),
  content_type: z.string(),
  bytes: z.number().int(),
  /** API path that serves the file to its owner and to operators only (bearer). */
  url: z.string(),
  uploaded_at: z.string(),
});
export type VendorDocument = z.infer<typeof VendorDocument>;

// ---- KYC step 3: bank details ----------------------------------------------------------------

/** ABA routing number checksum (3-7-1 weights). */
export function isValidRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = [...value].reduce((total, digit, i) => total + Number(digit) * (weights[i] ?? 0), 0);
  return sum % 10 === 0;
}

const compact = (v: string) => v.replace(/[\s-]/g, '').toUpperCase();

/** Either an IBAN (checked by its mod-97 checksum) or a US routing number (checksum) with an account number. */
export const BankDetailsInput = z
  .object({
    account_holder: z.string().trim().min(2, 'Enter the name on the account.').max(120, 'Use at most 120 characters.'),
    bank_name: z.string().trim().min(2, 'Enter the bank\'s name.').max(120, 'Use at most 120 characters.'),
    iban: z.string().trim().max(42).optional().transform((v) => (v ? compact(v) : undefined)),
    routing_number: z.string().trim().max(20).optional().transform((v) => (v ? compact(v) : undefined)),
    account_number: z.string().trim().max(30).optional().transform((v) => (v ? compact(v) : undefined)),
  })
  .superRefine((v, ctx) => {
    if (v.iban) {
      if (!isValidIBAN(electronicFormatIBAN(v.iban) ?? '')) ctx.addIssue({ code: 'custom', path: ['iban'], message: 'This IBAN is not valid: check the letters and digits.' });
      return;
    }
    if (!v.routing_number && !v.account_number) {
      ctx.addIssue({ code: 'custom', path: ['iban'], message: 'Enter an IBAN, or a routing number and an account number.' });
      return;
    }
    if (!v.routing_number || !isValidRoutingNumber(v.routing_number)) {
      ctx.addIssue({ code: 'custom', path: ['routing_number'], message: 'Enter the 9-digit routing number (its check digit does not match).' });
    }
    if (!v.account_number || !/^\d{4,17}$/.test(v.account_number)) {
      ctx.addIssue({ code: 'custom', path: ['account_number'], message: 'Enter the account number: 4 to 17 digits.' });
    }
  });
export type BankDetailsInput = z.input<typeof BankDetailsInput>;

/** Bank details as every response shows them: the number masked to its last four characters. */
export const BankDetails = z.object({
  account_holder: z.string(),
  bank_name: z.string(),
  kind: z.enum(['iban', 'us_account']),
  account_number_masked: z.string(),
  routing_number: z.string().nullable(),
  updated_at: z.string(),
});
export type BankDetails = z.infer<typeof BankDetails>;

// ---- KYC step 4: opening hours ---------------------------------------------------------------

const TimeOfDay = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'Use a time like 09:00.');
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

export const OpeningRange = z
  .object({
    weekday: z.number().int().min(1, 'Weekday is 1 (Monday) to 7 (Sunday).').max(7, 'Weekday is 1 (Monday) to 7 (Sunday).'),
    opens: TimeOfDay,
    closes: TimeOfDay,
  })
  .refine((r) => minutesOf(r.closes) > minutesOf(r.opens), { path: ['closes'], message: 'Closing time must be after opening time.' });
export type OpeningRange = z.infer<typeof OpeningRange>;

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value.includes('/') || value === 'UTC';
  } catch {
    return false;
  }
}

export const ServiceTimeInput = z
  .object({
    time_zone: z.string().trim().max(64).refine(isTimeZone, 'Choose a time zone such as America/New_York.'),
    hours: z.array(OpeningRange).max(70, 'At most 10 ranges a day.'),
  })
  .superRefine((v, ctx) => {
    v.hours.forEach((a, i) => {
      const overlaps = v.hours.some((b, j) => j < i && b.weekday === a.weekday && minutesOf(a.opens) < minutesOf(b.closes) && minutesOf(b.opens) < minutesOf(a.closes));
      if (overlaps) ctx.addIssue({ code: 'custom', path: ['hours', i, 'opens'], message: `Overlaps another range on ${weekdayNames[a.weekday - 1]}.` });
    });
  });
export type ServiceTimeInput = z.input<typeof ServiceTimeInput>;

export const ServiceTime = z.object({ time_zone: z.string(), hours: z.array(OpeningRange) });
export type ServiceTime = z.infer<typeof ServiceTime>;

// ---- KYC step 5: addresses -------------------------------------------------------------------

export const AddressInput = z.object({
  label: z.string().trim().max(60, 'Use at most 60 characters.').default(''),
  line1: z.string().trim().min(3, 'Enter the street and number.').max(200, 'Use at most 200 characters.'),
  line2: z.string().trim().max(200, 'Use at most 200 characters.').default(''),
  city: z.string().trim().min(1, 'Enter the city.').max(120),
  state: z.string().trim().max(120).default(''),
  postal_code: z.string().trim().max(20).default(''),
  country: z.string().trim().min(2, 'Enter the country.').max(120),
  latitude: Latitude,
  longitude: Longitude,
  is_primary: z.boolean().default(false),
});
export type AddressInput = z.input<typeof AddressInput>;

export const VendorAddress = z.object({
  id: z.string().uuid(),
  vendor_id: z.string().uuid(),
  label: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  is_primary: z.boolean(),
  formatted_address: z.string(),
});
export type VendorAddress = z.infer<typeof VendorAddress>;

export const VendorAddressesQuery = z.object({ vendor_uuid: Uuid('Unknown vendor.') });

// ---- The vendor's own record -----------------------------------------------------------------

export const kycSteps = ['basic_info', 'documents', 'bank_details', 'service_time', 'addresses'] as const;
export type KycStep = (typeof kycSteps)[number];

/**
 * An approved vendor's changes that are not public yet (docs/decisions/0005): which basic-info fields differ from
 * the live shop, whether new bank details are proposed, and whether they have been sent for review.
 */
export const PendingChanges = z.object({
  fields: z.array(BasicInfoField),
  bank_details: z.boolean(),
  /** When they were sent for review; null while the vendor can still edit them (not sent yet). */
  submitted_at: z.string().nullable(),
  /** When the vendor last changed them. */
  updated_at: z.string(),
});
export type PendingChanges = z.infer<typeof PendingChanges>;

/**
 * The vendor's record. For its owner (GET /vendor/me/) the basic info and bank details are what the vendor last
 * saved, pending changes included; for an operator (AdminVendorDetail) they are the live, approved values.
 */
export const VendorProfile = z.object({
  id: z.string().uuid(),
  user_id: z.string().uuid(),
  business_name: z.string(),
  category: z.string(),
  description: z.string(),
  logo: z.string().nullable(),
  logo_thumbnail: z.string().nullable(),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  kyc_status: KycStatus,
  is_approved: z.boolean(),
  is_suspended: z.boolean(),
  /** The operator's reason when the last review was a rejection (shown to the vendor). */
  rejection_reason: z.string().nullable(),
  submitted_at: z.string().nullable(),
  approved_at: z.string().nullable(),
  rating_avg: z.number().nullable(),
  rating_count: z.number().int(),
  favorites_count: z.number().int(),
  /** Which KYC steps hold what submitting needs. */
  steps: z.object({ basic_info: z.boolean(), documents: z.boolean(), bank_details: z.boolean(), service_time: z.boolean(), addresses: z.boolean() }),
  documents: z.array(VendorDocument),
  bank_details: BankDetails.nullable(),
  service_time: ServiceTime,
  addresses: z.array(VendorAddress),
  /** An approved vendor's changes waiting to go live; null when there are none (and always before the first approval). */
  pending_changes: PendingChanges.nullable(),
});
export type VendorProfile = z.infer<typeof VendorProfile>;

/** GET vendor/status/{id}/ (spec): the owner's or an operator's view of approval. */
export const VendorStatus = z.object({ is_approved: z.boolean(), kyc_status: KycStatus, is_suspended: z.boolean() });
export type VendorStatus = z.infer<typeof VendorStatus>;

export const VendorDashboard = z.object({
  vendor: z.object({
    id: z.string().uuid(),
    business_name: z.string(),
    kyc_status: KycStatus,
    is_approved: z.boolean(),
    is_suspended: z.boolean(),
    rejection_reason: z.string().nullable(),
    /** Whether an approved vendor has changes that are neither live nor sent for review yet. */
    unsent_changes: z.boolean(),
  }),
  /** The next KYC step to do, while there is one (its page and a label). */
  next_step: z.object({ step: z.enum(kycSteps), label: z.string(), path: z.string() }).nullable(),
  completeness: z.object({ percent: z.number().int(), missing: z.array(z.string()) }),
  rating_avg: z.number().nullable(),
  rating_count: z.number().int(),
  favorites_count: z.number().int(),
  recent_notifications: z.array(Notification),
});
export type VendorDashboard = z.infer<typeof VendorDashboard>;

// ---- Directory, public page, favorites, ratings ----------------------------------------------

export const VendorListQuery = PageQuery.extend({
  lat: Latitude.default(40.7128),
  lng: Longitude.default(-74.006),
  radius_km: z.coerce.number().min(1).max(500).default(25),
  q: z.string().trim().max(100).optional(),
  category: VendorCategory.optional(),
  sort: z.enum(['distance', 'rating']).default('distance'),
});

export const VendorCard = z.object({
  id: z.string().uuid(),
  user_id: z.string().uuid(),
  business_name: z.string(),
  category: z.string(),
  description: z.string(),
  logo: z.string().nullable(),
  logo_thumbnail: z.string().nullable(),
  rating_avg: z.number().nullable(),
  rating_count: z.number().int(),
  /** From the asked point to the nearest address; null when not asked by location. */
  distance_km: z.number().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  /** Whether the signed-in caller has this vendor among their favorites (false for visitors). */
  is_favorite: z.boolean(),
});
export type VendorCard = z.infer<typeof VendorCard>;

export const VendorListResponse = paginated(VendorCard);
export type VendorListResponse = z.infer<typeof VendorListResponse>;

export const VendorPublic = VendorCard.extend({
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  favorites_count: z.number().int(),
  service_time: ServiceTime,
  addresses: z.array(VendorAddress),
});
export type VendorPublic = z.infer<typeof VendorPublic>;

export const VendorPublicParams = z.object({ user_id: Uuid('Unknown vendor.') });
export const VendorPublicQuery = z.object({ lat: Latitude.optional(), lng: Longitude.optional() });

export const RateVendorInput = z.object({
  vendor_id: Uuid('Unknown vendor.'),
  rating: z.number({ error: 'Choose 1 to 5 stars.' }).int('Choose 1 to 5 stars.').min(1, 'Choose 1 to 5 stars.').max(5, 'Choose 1 to 5 stars.'),
  comment: z.string().trim().max(1000, 'Use at most 1000 characters.').default(''),
});
export type RateVendorInput = z.input<typeof RateVendorInput>;

export const VendorRating = z.object({
  id: z.string().uuid(),
  vendor_id: z.string().uuid(),
  rating: z.number().int(),
  comment: z.string(),
  user: z.object({ id: z.string().uuid(), name: z.string(), image: z.string().nullable() }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type VendorRating = z.infer<typeof VendorRating>;

export const RateVendorResponse = z.object({ rating: VendorRating, rating_avg: z.number(), rating_count: z.number().int() });
export type RateVendorResponse = z.infer<typeof RateVendorResponse>;

export const VendorRatingsResponse = paginated(VendorRating).extend({
  mine: VendorRating.nullable(),
  /** How many ratings gave 5, 4, 3, 2 and 1 stars, in that order, over all of the vendor's ratings. */
  distribution: z.array(z.object({ stars: z.number().int(), count: z.number().int() })),
});
export type VendorRatingsResponse = z.infer<typeof VendorRatingsResponse>;

export const FavoriteResponse = z.object({ is_favorite: z.boolean(), favorites_count: z.number().int() });
export type FavoriteResponse = z.infer<typeof FavoriteResponse>;

// ---- Operator --------------------------------------------------------------------------------

export const adminVendorFilters = ['pending', 'approved', 'rejected', 'suspended', 'not_submitted', 'all'] as const;
export const AdminVendorListQuery = PageQuery.extend({
  status: z.enum(adminVendorFilters).default('pending'),
  q: z.string().trim().max(100).optional(),
});

export const AdminVendorSummary = z.object({
  id: z.string().uuid(),
  user_id: z.string().uuid(),
  business_name: z.string(),
  category: z.string(),
  owner_email: z.string().nullable(),
  owner_phone: z.string().nullable(),
  kyc_status: KycStatus,
  is_approved: z.boolean(),
  is_suspended: z.boolean(),
  submitted_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminVendorSummary = z.infer<typeof AdminVendorSummary>;

export const AdminVendorListResponse = paginated(AdminVendorSummary);

export const vendorDecisions = ['approved', 'rejected', 'suspended', 'unsuspended'] as const;
export const VendorDecision = z.object({
  id: z.string().uuid(),
  decision: z.enum(vendorDecisions),
  reason: z.string(),
  operator_email: z.string().nullable(),
  created_at: z.string(),
});
export type VendorDecision = z.infer<typeof VendorDecision>;

/** An approved vendor's proposed changes beside the live values, for the operator who decides on them. */
export const ProposedChanges = PendingChanges.extend({
  /** Only the fields that differ; the logo as its image URL (null: none). */
  basic_info: z.array(z.object({ field: BasicInfoField, live: z.string().nullable(), proposed: z.string().nullable() })),
  /** Masked, as everywhere; null when the bank details stay as they are. */
  bank: z.object({ live: BankDetails.nullable(), proposed: BankDetails }).nullable(),
});
export type ProposedChanges = z.infer<typeof ProposedChanges>;

/** The profile part is the live shop; `proposed_changes` what would replace it on approval. */
export const AdminVendorDetail = VendorProfile.extend({
  owner: z.object({ id: z.string().uuid(), email: z.string().nullable(), phone_number: z.string().nullable(), name: z.string() }),
  decisions: z.array(VendorDecision),
  proposed_changes: ProposedChanges.nullable(),
});
export type AdminVendorDetail = z.infer<typeof AdminVendorDetail>;

export const DecisionReasonInput = z.object({
  reason: z.string().trim().min(5, 'Give the vendor a reason of at least 5 characters.').max(1000, 'Use at most 1000 characters.'),
});
export const ApproveInput = z.object({ note: z.string().trim().max(1000).default('') });
