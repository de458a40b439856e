import { z } from 'zod';
import { IdParams, Latitude, Longitude, PageQuery, RatingFields, ResponsiveImage, Uuid, nearbyPage, paginated, withinNearbyDepth } from './common.ts';
import { endpoint, type Endpoint } from './endpoint.ts';
import { VendorPhoto } from './vendor-photos.ts';
import { ServiceTime, VendorAddress, VendorAddressesQuery, VendorCategory } from './vendors.ts';

// ---- Directory, public page, favorites, ratings ----------------------------------------------

export const VendorListQuery = withinNearbyDepth(
  PageQuery.extend({
    lat: Latitude.default(40.7128),
    lng: Longitude.default(-74.006),
    radius_km: z.coerce.number().min(1).max(500).default(25),
    q: z.string().trim().max(100).optional(),
    category: VendorCategory.optional(),
    sort: z.enum(['distance', 'rating']).default('distance'),
  }),
);

export const VendorCard = z.object({
  id: z.string().uuid(),
  user_id: z.string().uuid(),
  business_name: z.string(),
  category: z.string(),
  description: z.string(),
  logo: z.string().nullable(),
  logo_thumbnail: z.string().nullable(),
  /** The logo with its renditions (for srcset); null without a logo. */
  logo_image: ResponsiveImage.nullable(),
  /** The vendor's cover: the first of its photos; null when it has none. */
  cover_image: ResponsiveImage.nullable(),
  rating_avg: z.number().nullable(),
  rating_count: z.number().int(),
  /** From the asked point to the nearest address; null when not asked by location. */
  distance_km: z.number().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  /** The point of the address the city is of (the nearest, else the primary: a map's marker); null without an address. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** Whether the signed-in caller has this vendor among their favorites (false for visitors). */
  is_favorite: z.boolean(),
});
export type VendorCard = z.infer<typeof VendorCard>;

export const VendorListResponse = nearbyPage(VendorCard);
export type VendorListResponse = z.infer<typeof VendorListResponse>;

export const VendorPublic = VendorCard.extend({
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  favorites_count: z.number().int(),
  service_time: ServiceTime,
  addresses: z.array(VendorAddress),
  /** The vendor's photos in its order; the first is the cover (cover_image). */
  photos: z.array(VendorPhoto),
});
export type VendorPublic = z.infer<typeof VendorPublic>;

export const VendorPublicParams = z.object({ user_id: Uuid('Unknown vendor.') });
export const VendorPublicQuery = z.object({ lat: Latitude.optional(), lng: Longitude.optional() });

export const RateVendorInput = RatingFields.extend({ vendor_id: Uuid('Unknown vendor.') });
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

/** The endpoints of this domain; merged into the one table in endpoints.ts. */
export const directoryEndpoints = {
  vendorAddresses: endpoint({
    method: 'GET',
    path: '/vendor/addresses/',
    query: VendorAddressesQuery,
    body: undefined,
    response: z.array(VendorAddress),
    auth: 'optional',
    summary: 'A vendor\'s addresses (vendor_uuid): public for listed vendors, else for the owner and operators',
  }),
  vendorList: endpoint({
    method: 'GET',
    path: '/vendor/lists/',
    query: VendorListQuery,
    body: undefined,
    response: VendorListResponse,
    auth: 'optional',
    summary: 'Approved, active vendors near lat/lng within radius_km; q searches name and category (typo-tolerant); sort distance or rating',
  }),
  vendorPublic: endpoint({
    method: 'GET',
    path: '/vendor/public/{user_id}/',
    params: VendorPublicParams,
    query: VendorPublicQuery,
    body: undefined,
    response: VendorPublic,
    auth: 'optional',
    summary: 'A listed vendor\'s public page by the vendor\'s user id (the /vendor/{userId} page)',
  }),
  vendorRatings: endpoint({
    method: 'GET',
    path: '/vendor/{id}/ratings/',
    params: IdParams,
    query: PageQuery,
    body: undefined,
    response: VendorRatingsResponse,
    auth: 'optional',
    summary: 'A vendor\'s ratings with comments, newest first; `mine` is the caller\'s own',
  }),
  rateVendor: endpoint({
    method: 'POST',
    path: '/rate/vendor/',
    body: RateVendorInput,
    response: RateVendorResponse,
    auth: 'required',
    summary: 'Rate a vendor 1 to 5 stars with an optional comment; a second rating replaces the first; not one\'s own',
  }),
  toggleFavoriteVendor: endpoint({
    method: 'POST',
    path: '/vendor/{id}/favorite/',
    params: IdParams,
    body: undefined,
    response: FavoriteResponse,
    auth: 'required',
    summary: 'Add the vendor to the caller\'s favorites, or remove it if it is there',
  }),
  favoriteVendors: endpoint({
    method: 'GET',
    path: '/vendor/favorites/',
    body: undefined,
    response: z.array(VendorCard),
    auth: 'required',
    summary: 'The caller\'s favorite vendors that are listed, most recently added first',
  }),
} as const satisfies Record<string, Endpoint>;
