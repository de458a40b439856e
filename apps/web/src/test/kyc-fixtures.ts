import type { BankDetails, VendorAddress, VendorDocument, VendorProfile } from '@localloop/contract';
import { ok, stubApi } from './api-stub.ts';
import type { StubRequest } from './api-stub.ts';
import { pendingVendorLogin, userLogin } from './fixtures.ts';

/** The vendor record the first /BasicInfo save of userLogin's account creates. */
export const newVendorId = '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e70';

const noSteps = { basic_info: false, documents: false, bank_details: false, service_time: false, addresses: false };
export const allSteps = { basic_info: true, documents: true, bank_details: true, service_time: true, addresses: true };

export const identityDocument: VendorDocument = {
  id: 'd1000000-0000-4000-8000-000000000001',
  kind: 'identity',
  file_name: 'passport.png',
  content_type: 'image/png',
  bytes: 254_000,
  url: '/api/vendor/documents/d1000000-0000-4000-8000-000000000001/',
  uploaded_at: '2025-03-01T10:00:00.000Z',
};

export const savedIban: BankDetails = {
  account_holder: 'Una User',
  bank_name: 'Deutsche Bank',
  kind: 'iban',
  account_number_masked: '•••• 3000',
  routing_number: null,
  updated_at: '2025-03-01T10:00:00.000Z',
};

export const shopAddress: VendorAddress = {
  id: 'a1000000-0000-4000-8000-000000000001',
  vendor_id: newVendorId,
  label: 'Shop',
  line1: '12 Hudson St',
  line2: '',
  city: 'New York',
  state: 'New York',
  postal_code: '10013',
  country: 'United States',
  latitude: 40.7197,
  longitude: -74.0089,
  is_primary: true,
  formatted_address: '12 Hudson St, New York, New York 10013, United States',
  time_zone: 'America/New_York',
};

/** A vendor record of userLogin's account: basic info saved, nothing else, unless overridden. */
export function vendorProfile(overrides: Partial<VendorProfile> = {}): VendorProfile {
  return {
    id: newVendorId,
    user_id: String(userLogin.user.id),
    business_name: 'Una Bakes',
    category: 'Food & Drink',
    description: 'Sourdough and cakes.',
    logo: null,
    logo_thumbnail: null,
    contact_email: 'user@example.com',
    contact_phone: '+15550000001',
    kyc_status: 'not_submitted',
    is_approved: false,
    is_suspended: false,
    rejection_reason: null,
    rejection_steps: [],
    submitted_at: null,
    approved_at: null,
    rating_avg: null,
    rating_count: 0,
    favorites_count: 0,
    steps: { ...noSteps, basic_info: true },
    documents: [],
    bank_details: null,
    service_time: { time_zone: 'America/New_York', time_zone_auto: true, hours: [] },
    addresses: [],
    pending_changes: null,
    ...overrides,
  };
}

/** Every step done, ready to submit. */
export function completeProfile(overrides: Partial<VendorProfile> = {}): VendorProfile {
  return vendorProfile({
    steps: allSteps,
    documents: [identityDocument],
    bank_details: savedIban,
    service_time: { time_zone: 'America/New_York', time_zone_auto: true, hours: [{ weekday: 1, opens: '09:00', closes: '17:00' }] },
    addresses: [shopAddress],
    ...overrides,
  });
}

/** The pending fixture account's own vendor record (pendingVendorLogin.vendor_id). */
export function pendingProfile(overrides: Partial<VendorProfile> = {}): VendorProfile {
  return completeProfile({ id: String(pendingVendorLogin.vendor_id), user_id: String(pendingVendorLogin.user.id), kyc_status: 'pending', ...overrides });
}

/**
 * A fake /vendor/me/ that starts with `start` (null: no vendor yet, 404) and keeps what the basic-info
 * save stores, like the server. Other handlers are added by each test with `api.on`.
 */
export function kycApi(start: VendorProfile | null) {
  let profile = start;
  const api = stubApi({
    'GET /vendor/me/': () => (profile ? ok(profile) : { status: 404, body: { error: 'There is no vendor profile for this account yet. Save your basic info first.', code: 'NOT_FOUND' } }),
    'PUT /vendor/me/basic-info/': (request: StubRequest) => {
      profile = { ...(profile ?? vendorProfile({ steps: noSteps })), ...(request.body as Partial<VendorProfile>) };
      profile = { ...profile, steps: { ...profile.steps, basic_info: true } };
      return ok(profile);
    },
    // The photos panel of /BasicInfo: none yet, unless a test says otherwise.
    'GET /vendor/me/photos/': () => (profile ? ok({ photos: [], max_photos: 8 }) : { status: 404, body: { error: 'There is no vendor profile for this account yet.', code: 'NOT_FOUND' } }),
  });
  return {
    api,
    current: () => profile,
    set: (next: VendorProfile | null) => {
      profile = next;
    },
  };
}
