import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { VendorCategory } from './categories.ts';
import { emailAddress, IdParams, KycStatus, LatitudeNumber, LongitudeNumber, phoneNumber, Uuid } from './common.ts';
import { endpoint, type Endpoint } from './endpoint.ts';
import { Notification } from './notifications.ts';

// ---- Vocabulary ------------------------------------------------------------------------------

// The categories live apart (categories.ts), so a deal can name one without loading this module's KYC schemas and
// their IBAN check.
export { VendorCategory, vendorCategories } from './categories.ts';

/** ISO weekdays: 1 is Monday, 7 is Sunday. */
export const weekdayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

// ---- KYC step 1: basic info (also the vendor profile) ----------------------------------------

export const BasicInfoInput = z.object({
  // Counted in characters as people (and the database's char_length) count them: an emoji is one, not two UTF-16 units.
  business_name: z
    .string()
    .trim()
    .min(1, 'Enter your business name.')
    .max(120, 'Use at most 120 characters.')
    .refine((name) => [...name].length >= 2, 'Use at least 2 characters.'),
  category: VendorCategory,
  description: z.string().trim().max(2000, 'Use at most 2000 characters.').default(''),
  /** The URL of an image this account uploaded through /UploadImagesAPI/, or null for none. */
  logo: z.string().max(1000).nullable().default(null),
  contact_email: emailAddress('Enter the e-mail address customers can write to.'),
  contact_phone: phoneNumber('Enter the phone number customers can call.'),
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
    /**
     * True: the zone follows the primary address (found from its coordinates whenever it changes); `time_zone` is used
     * only while there is no address. False: `time_zone` is the vendor's own choice and stays.
     */
    time_zone_auto: z.boolean().default(false),
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

/** The hours as their owner (and an operator) sees them: with whether the zone follows the primary address. */
export const OwnServiceTime = ServiceTime.extend({ time_zone_auto: z.boolean() });
export type OwnServiceTime = z.infer<typeof OwnServiceTime>;

// ---- KYC step 5: addresses -------------------------------------------------------------------

export const AddressInput = z.object({
  label: z.string().trim().max(60, 'Use at most 60 characters.').default(''),
  line1: z.string().trim().min(3, 'Enter the street and number.').max(200, 'Use at most 200 characters.'),
  line2: z.string().trim().max(200, 'Use at most 200 characters.').default(''),
  city: z.string().trim().min(1, 'Enter the city.').max(120),
  state: z.string().trim().max(120).default(''),
  postal_code: z.string().trim().max(20).default(''),
  country: z.string().trim().min(2, 'Enter the country.').max(120),
  // Numbers, never coerced: a coerced null or "" was 0, an address at 0, 0.
  latitude: LatitudeNumber,
  longitude: LongitudeNumber,
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
  /** The IANA time zone at the coordinates, found when the address was saved (null for one saved before that existed). */
  time_zone: z.string().nullable(),
});
export type VendorAddress = z.infer<typeof VendorAddress>;

export const VendorAddressesQuery = z.object({ vendor_uuid: Uuid('Unknown vendor.') });

// ---- The vendor's own record -----------------------------------------------------------------

export const kycSteps = ['basic_info', 'documents', 'bank_details', 'service_time', 'addresses'] as const;
export const KycStep = z.enum(kycSteps, { error: 'Choose a step: basic_info, documents, bank_details, service_time or addresses.' });
export type KycStep = z.infer<typeof KycStep>;
/** The steps' names as people read them, in the web app's order. */
export const kycStepLabels: Record<KycStep, string> = {
  basic_info: 'Basic info',
  documents: 'Documents',
  bank_details: 'Bank details',
  service_time: 'Opening hours',
  addresses: 'Addresses',
};
/** Steps in the KYC's own order, each once. */
export const inStepOrder = (steps: readonly KycStep[]): KycStep[] => kycSteps.filter((step) => steps.includes(step));

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
  /** The steps that rejection asked the vendor to fix, in step order; empty unless the KYC is rejected. */
  rejection_steps: z.array(KycStep),
  submitted_at: z.string().nullable(),
  approved_at: z.string().nullable(),
  rating_avg: z.number().nullable(),
  rating_count: z.number().int(),
  favorites_count: z.number().int(),
  /** Which KYC steps hold what submitting needs. */
  steps: z.object({ basic_info: z.boolean(), documents: z.boolean(), bank_details: z.boolean(), service_time: z.boolean(), addresses: z.boolean() }),
  documents: z.array(VendorDocument),
  bank_details: BankDetails.nullable(),
  service_time: OwnServiceTime,
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
    rejection_steps: z.array(KycStep),
    /** Whether an approved vendor has changes that are neither live nor sent for review yet. */
    unsent_changes: z.boolean(),
  }),
  /** The next KYC step to do, while there is one (its page and a label). */
  next_step: z.object({ step: z.enum(kycSteps), label: z.string(), path: z.string() }).nullable(),
  completeness: z.object({ percent: z.number().int(), missing: z.array(z.string()) }),
  rating_avg: z.number().nullable(),
  rating_count: z.number().int(),
  favorites_count: z.number().int(),
  /** Bookings of today (the shop's time zone), those waiting for confirmation, all to come, and active services. */
  bookings: z.object({ today: z.number().int(), to_confirm: z.number().int(), upcoming: z.number().int(), services: z.number().int() }),
  recent_notifications: z.array(Notification),
});
export type VendorDashboard = z.infer<typeof VendorDashboard>;

/** The endpoints of this domain; merged into the one table in endpoints.ts. */
export const vendorsEndpoints = {
  myVendor: endpoint({
    method: 'GET',
    path: '/vendor/me/',
    body: undefined,
    response: VendorProfile,
    auth: 'required',
    summary: 'The caller\'s vendor record with every KYC step (bank number masked), an approved vendor\'s pending changes included (pending_changes); 404 before /BasicInfo is saved',
  }),
  saveBasicInfo: endpoint({
    method: 'PUT',
    path: '/vendor/me/basic-info/',
    body: BasicInfoInput,
    response: VendorProfile,
    auth: 'required',
    summary: 'KYC step 1 and the vendor profile: creates the vendor record on first save (needs an e-mail and a phone number on the account); once approved, changes wait for review (409 while a review is pending)',
  }),
  uploadVendorDocument: endpoint({
    method: 'POST',
    path: '/vendor/me/documents/',
    body: undefined,
    response: VendorDocument,
    status: 201,
    auth: 'required',
    summary: 'KYC step 2: one document (multipart: field "kind", then field "file"): JPEG, PNG, WebP or PDF checked by its bytes, 10 MB; private',
  }),
  deleteVendorDocument: endpoint({
    method: 'DELETE',
    path: '/vendor/me/documents/{id}/',
    params: IdParams,
    body: undefined,
    response: z.object({ id: z.string().uuid() }),
    auth: 'required',
    summary: 'Remove one of the caller\'s documents',
  }),
  vendorDocumentFile: endpoint({
    method: 'GET',
    path: '/vendor/documents/{id}/',
    params: IdParams,
    body: undefined,
    response: z.unknown(),
    // Optional, so that a visitor gets the same 404 as any other stranger: nothing tells that the document exists.
    auth: 'optional',
    summary: 'The document\'s file, for its owner and operators only (anyone else, a visitor too: 404)',
  }),
  saveBankDetails: endpoint({
    method: 'PUT',
    path: '/vendor/me/bank-details/',
    body: BankDetailsInput,
    response: BankDetails,
    auth: 'required',
    summary: 'KYC step 3: payout account (IBAN or US routing and account number, checked by checksum); answered masked; once approved, a change waits for review (409 while a review is pending)',
  }),
  saveServiceTime: endpoint({
    method: 'PUT',
    path: '/vendor/me/service-time/',
    body: ServiceTimeInput,
    response: OwnServiceTime,
    auth: 'required',
    summary:
      'KYC step 4: weekly opening hours (several ranges a day) and the vendor\'s time zone, its own choice or the primary address\'s (time_zone_auto); replaces the previous hours',
  }),
  addVendorAddress: endpoint({
    method: 'POST',
    path: '/vendor/me/addresses/',
    body: AddressInput,
    response: VendorAddress,
    status: 201,
    auth: 'required',
    summary: 'KYC step 5: add an address with its coordinates; its time zone is found from them (and becomes the vendor\'s when the zone follows the primary address)',
  }),
  updateVendorAddress: endpoint({
    method: 'PUT',
    path: '/vendor/me/addresses/{id}/',
    params: IdParams,
    body: AddressInput,
    response: VendorAddress,
    auth: 'required',
    summary: 'Change one of the caller\'s addresses',
  }),
  deleteVendorAddress: endpoint({
    method: 'DELETE',
    path: '/vendor/me/addresses/{id}/',
    params: IdParams,
    body: undefined,
    response: z.object({ id: z.string().uuid() }),
    auth: 'required',
    summary: 'Remove one of the caller\'s addresses',
  }),
  submitKyc: endpoint({
    method: 'POST',
    path: '/vendor/me/submit/',
    body: undefined,
    response: VendorProfile,
    auth: 'required',
    summary: 'Send the KYC for review (every step must be complete): kyc_status becomes pending; an approved vendor sends its pending changes and stays live (409 when there are none)',
  }),
  vendorDashboard: endpoint({
    method: 'GET',
    path: '/vendor/dashboard/',
    body: undefined,
    response: VendorDashboard,
    auth: 'required',
    summary: 'The signed-in vendor\'s dashboard figures',
  }),
  vendorStatus: endpoint({
    method: 'GET',
    path: '/vendor/status/{id}/',
    params: IdParams,
    body: undefined,
    response: VendorStatus,
    auth: 'required',
    summary: 'Approval and KYC status of a vendor (by vendor id), for its owner or an operator',
  }),
} as const satisfies Record<string, Endpoint>;
