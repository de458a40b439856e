import type { AdminVendorDetail, AdminVendorSummary, ResponsiveImage, VendorAddress, VendorCard, VendorPhoto, VendorPublic, VendorRating } from '@localloop/contract';
import { userLogin } from './fixtures.ts';

/** A stored image with its renditions, as the server answers one: `name` makes its URLs. */
export function storedImage(name: string, width = 1600, height = 1000): ResponsiveImage {
  return {
    url: `/media/images/${name}.jpg`,
    width,
    height,
    variants: [320, 640, 1280]
      .filter((w) => w < width)
      .map((w) => ({ url: `/media/images/${name}.w${w}.webp`, width: w, height: Math.round((height * w) / width), content_type: 'image/webp' })),
  };
}

/** A vendor's photo; ids are predictable from `n`. */
export function vendorPhoto(n: number, caption = `Photo ${n} caption`): VendorPhoto {
  return { id: `90000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`, caption, image: storedImage(`photo-${n}`) };
}

/** A directory card; ids are predictable from `n`. */
export function vendorCard(n: number, overrides: Partial<VendorCard> = {}): VendorCard {
  const hex = n.toString(16).padStart(12, '0');
  return {
    id: `a0000000-0000-4000-8000-${hex}`,
    user_id: `b0000000-0000-4000-8000-${hex}`,
    business_name: `Vendor ${n}`,
    category: 'Food & Drink',
    description: `The ${n}th best place in town.`,
    logo: null,
    logo_thumbnail: null,
    logo_image: null,
    cover_image: null,
    rating_avg: 4.5,
    rating_count: 12,
    distance_km: 1.234,
    city: 'New York',
    state: 'New York',
    latitude: 40.7197,
    longitude: -74.0089,
    is_favorite: false,
    ...overrides,
  };
}

const shopAddress: VendorAddress = {
  id: 'c0000000-0000-4000-8000-000000000001',
  vendor_id: 'a0000000-0000-4000-8000-000000000001',
  label: 'Shop',
  line1: '12 Hudson St',
  line2: '',
  city: 'New York',
  state: 'NY',
  postal_code: '10013',
  country: 'United States',
  latitude: 40.7197,
  longitude: -74.0089,
  is_primary: true,
  formatted_address: '12 Hudson St, New York, NY 10013, United States',
  time_zone: 'America/New_York',
};

export const bakery: VendorPublic = {
  ...vendorCard(1, { business_name: 'Hudson Bakery', category: 'Food & Drink', description: 'Sourdough and pastries since 1998.', rating_avg: 4.2, rating_count: 5 }),
  contact_email: 'hello@hudson.example',
  contact_phone: '+12125550100',
  favorites_count: 7,
  service_time: {
    time_zone: 'America/New_York',
    hours: [
      { weekday: 1, opens: '08:00', closes: '12:00' },
      { weekday: 1, opens: '13:00', closes: '18:00' },
      { weekday: 2, opens: '08:00', closes: '18:00' },
      { weekday: 3, opens: '08:00', closes: '18:00' },
      { weekday: 4, opens: '08:00', closes: '18:00' },
      { weekday: 5, opens: '08:00', closes: '20:00' },
      { weekday: 6, opens: '09:00', closes: '15:00' },
    ],
  },
  addresses: [
    shopAddress,
  ],
  photos: [],
};

export function vendorRating(n: number, overrides: Partial<VendorRating> = {}): VendorRating {
  const hex = n.toString(16).padStart(12, '0');
  return {
    id: `d0000000-0000-4000-8000-${hex}`,
    vendor_id: bakery.id,
    rating: 5,
    comment: `Lovely, visit ${n}.`,
    user: { id: `e0000000-0000-4000-8000-${hex}`, name: `Rater ${n}`, image: null },
    created_at: '2025-03-01T10:00:00.000Z',
    updated_at: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** The signed-in fixture user's own rating. */
export function myRating(overrides: Partial<VendorRating> = {}): VendorRating {
  return vendorRating(99, { user: { id: String(userLogin.user.id), name: 'Una User', image: null }, ...overrides });
}

export function adminSummary(n: number, overrides: Partial<AdminVendorSummary> = {}): AdminVendorSummary {
  const hex = n.toString(16).padStart(12, '0');
  return {
    id: `f0000000-0000-4000-8000-${hex}`,
    user_id: `b1000000-0000-4000-8000-${hex}`,
    business_name: `Pending Shop ${n}`,
    category: 'Beauty & Wellness',
    owner_email: `owner${n}@example.com`,
    owner_phone: '+15550001000',
    kyc_status: 'pending',
    is_approved: false,
    is_suspended: false,
    submitted_at: '2025-03-0' + String(Math.min(n, 9)) + 'T09:00:00.000Z',
    created_at: '2025-02-01T09:00:00.000Z',
    ...overrides,
  };
}

export function adminDetail(summary: AdminVendorSummary, overrides: Partial<AdminVendorDetail> = {}): AdminVendorDetail {
  return {
    id: summary.id,
    user_id: summary.user_id,
    business_name: summary.business_name,
    category: summary.category,
    description: 'Hair, nails and a quiet hour.',
    logo: null,
    logo_thumbnail: null,
    contact_email: 'shop@example.com',
    contact_phone: '+15550002000',
    kyc_status: summary.kyc_status,
    is_approved: summary.is_approved,
    is_suspended: summary.is_suspended,
    rejection_reason: null,
    rejection_steps: [],
    submitted_at: summary.submitted_at,
    approved_at: null,
    rating_avg: null,
    rating_count: 0,
    favorites_count: 0,
    steps: { basic_info: true, documents: true, bank_details: true, service_time: true, addresses: true },
    documents: [
      {
        id: '90000000-0000-4000-8000-000000000001',
        kind: 'identity',
        file_name: 'passport.pdf',
        content_type: 'application/pdf',
        bytes: 204_800,
        url: '/api/vendor/documents/90000000-0000-4000-8000-000000000001/',
        uploaded_at: '2025-03-01T09:00:00.000Z',
      },
    ],
    bank_details: {
      account_holder: 'Pat Owner',
      bank_name: 'First Bank',
      kind: 'us_account',
      account_number_masked: '•••• 6789',
      routing_number: '021000021',
      updated_at: '2025-03-01T09:00:00.000Z',
    },
    service_time: { time_zone: 'America/New_York', time_zone_auto: true, hours: [{ weekday: 1, opens: '09:00', closes: '17:00' }] },
    addresses: [{ ...shopAddress, vendor_id: summary.id }],
    owner: { id: summary.user_id, email: summary.owner_email, phone_number: summary.owner_phone, name: 'Pat Owner' },
    decisions: [],
    pending_changes: null,
    proposed_changes: null,
    ...overrides,
  };
}
