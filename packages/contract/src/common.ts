import { z } from 'zod';
// First: the plain-words messages of every check without its own (a side effect, kept by package.json).
import './messages.ts';

/** Primitives every domain shares: one definition each. */

/**
 * An e-mail address, trimmed and in lower case. `required` is what an empty field says; the other messages say what
 * is wrong without repeating the field's hint.
 */
export function emailAddress(required = 'Enter your e-mail address.') {
  return z
    .string()
    .trim()
    .toLowerCase()
    .min(1, required)
    .max(254, 'An e-mail address has at most 254 characters.')
    .email('Enter a valid e-mail address.');
}
export const Email = emailAddress();

/**
 * A phone number, E.164 after removing spaces, dashes, dots and brackets: "+1 (555) 000-0001" → "+15550000001".
 * Forms show how to write it as the field's hint; a refusal says only what is wrong (the first that applies).
 */
export function phoneNumber(required = 'Enter your phone number.') {
  return z
    .string()
    .trim()
    .min(1, required)
    .transform((v) => v.replace(/[\s().-]/g, ''))
    .pipe(
      z
        .string()
        .regex(/^\+/, 'Start with + and the country code.')
        .regex(/^\+\d*$/, 'Use only digits after the +.')
        .regex(/^\+[1-9]/, 'A country code does not start with 0.')
        .min(8, 'This number is too short.')
        .max(16, 'This number is too long.'),
    );
}
export const PhoneNumber = phoneNumber();

export const KycStatus = z.enum(['not_submitted', 'pending', 'approved', 'rejected']);
export type KycStatus = z.infer<typeof KycStatus>;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

/** A uuid path or query value, with the message a person sees when it is not one. */
export const Uuid = (message = 'Unknown id.') => z.string().uuid(message);

/**
 * Degrees kept to 7 decimals, about a centimetre on the ground: all a place here means. It also turns a subnormal
 * number (5e-324, say) into 0: PostgreSQL stores one, but its trigonometry then fails with "value out of range:
 * underflow" (ll_to_earth of an address's point, a 500 the fuzz test found).
 */
const toCentimetres = (degrees: number) => Math.round(degrees * 1e7) / 1e7;
const inDegrees = <T extends z.ZodNumber | z.ZodCoercedNumber>(number: T, name: 'Latitude' | 'Longitude', limit: number): T => {
  const message = `${name} is between -${limit} and ${limit}.`;
  // min, max and overwrite answer the schema's own type; TypeScript cannot call them on the union.
  return (number as z.ZodNumber).min(-limit, message).max(limit, message).overwrite(toCentimetres) as T;
};
/** A latitude in a query or a path: text taken as a number. */
export const Latitude = inDegrees(z.coerce.number(), 'Latitude', 90);
export const Longitude = inDegrees(z.coerce.number(), 'Longitude', 180);
/** A latitude in a JSON body: a number, never text. */
export const LatitudeNumber = inDegrees(z.number({ error: 'Give the latitude as a number.' }), 'Latitude', 90);
export const LongitudeNumber = inDegrees(z.number({ error: 'Give the longitude as a number.' }), 'Longitude', 180);

export const IdParams = z.object({ id: Uuid() });

/** Pages of a list: page from 1, at most 50 items a page, everywhere. */
export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(50).default(20),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** A page of results. */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({ count: z.number().int(), page: z.number().int(), page_size: z.number().int(), results: z.array(item) });
}

/**
 * How deep a list "near me" goes: its first 1,000 results can be paged through, and its count is exact up to 1,000.
 * Past that a precise total costs a scan of every match (tens of milliseconds at a city's scale) for a number nobody
 * pages through; the list answers "1,000+" instead.
 */
export const NEARBY_LIST_DEPTH = 1000;

/** A list near a point's query (PageQuery extended with its filters) kept within its first NEARBY_LIST_DEPTH results. */
export function withinNearbyDepth<T extends z.ZodType<PageQuery>>(query: T) {
  return query.refine((q) => (q.page - 1) * q.page_size < NEARBY_LIST_DEPTH, {
    path: ['page'],
    message: `Only the first ${NEARBY_LIST_DEPTH.toLocaleString('en-US')} results can be paged through: narrow the search or the radius.`,
  });
}

/**
 * A page of a list near a point. `count` is exact while `count_capped` is false; when it is true there are more than
 * NEARBY_LIST_DEPTH results, `count` is NEARBY_LIST_DEPTH and a person is shown "1,000+".
 */
export function nearbyPage<T extends z.ZodType>(item: T) {
  return paginated(item).extend({ count_capped: z.boolean() });
}

/**
 * The first results of one kind near a point, nearest first, and how many there are in all (exact up to
 * NEARBY_LIST_DEPTH, as the kind's own list counts): a group of the marketplace search and of /Discover.
 */
export function nearbyGroup<T extends z.ZodType>(item: T) {
  return z.object({ count: z.number().int(), count_capped: z.boolean(), results: z.array(item) });
}

/** Currencies prices are given in (ISO 4217). */
export const currencies = ['USD', 'EUR', 'GBP', 'CAD', 'AUD'] as const;
export const Currency = z.enum(currencies, { error: 'Choose a currency.' });
export type Currency = z.infer<typeof Currency>;

/** An amount of money: integer minor units (cents) and its currency, never a float. */
export const Money = z.object({
  amount_cents: z.number().int('Use whole cents.').min(0, 'An amount cannot be negative.').max(100_000_000, 'That amount is too large.'),
  currency: Currency,
});
export type Money = z.infer<typeof Money>;

/** One smaller rendition of a stored image, for `srcset`: its URL, its pixel size and its type (WebP). */
export const ImageVariant = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  content_type: z.string(),
});
export type ImageVariant = z.infer<typeof ImageVariant>;

/**
 * A stored image as pages show it, wherever it appears (a vendor's logo and photos; deals, services and activities
 * later): the full-size file (JPEG, PNG or WebP, at most 2048 px a side) with its pixel size, and the renditions the
 * server made of it at fixed widths (responsiveImageWidths, only those narrower than the image), narrowest first.
 * Images uploaded before renditions existed have none: the full-size file is then the only source.
 */
export const ResponsiveImage = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  variants: z.array(ImageVariant),
});
export type ResponsiveImage = z.infer<typeof ResponsiveImage>;

/** The widths, in pixels, of the WebP renditions made of every uploaded image: a card, a phone's full width, a laptop's banner. */
export const responsiveImageWidths = [320, 640, 1280] as const;

/** Stars and a comment: what every rating takes (a vendor's, a deal's), and what every rating form sends. */
export const RatingFields = z.object({
  rating: z.number({ error: 'Choose 1 to 5 stars.' }).int('Choose 1 to 5 stars.').min(1, 'Choose 1 to 5 stars.').max(5, 'Choose 1 to 5 stars.'),
  comment: z.string().trim().max(1000, 'Use at most 1000 characters.').default(''),
});
export type RatingFields = z.input<typeof RatingFields>;
