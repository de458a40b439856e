import { z } from 'zod';

/** Primitives every domain shares: one definition each. */

export const Email = z.string().trim().toLowerCase().email('Enter a valid e-mail address.').max(254);

/** E.164 after removing spaces, dashes, dots and brackets: "+1 (555) 000-0001" → "+15550000001". */
export const PhoneNumber = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s().-]/g, ''))
  .pipe(z.string().regex(/^\+[1-9]\d{6,14}$/, 'Enter the phone number with its country code, e.g. +15551234567.'));

export const KycStatus = z.enum(['not_submitted', 'pending', 'approved', 'rejected']);
export type KycStatus = z.infer<typeof KycStatus>;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

/** A uuid path or query value, with the message a person sees when it is not one. */
export const Uuid = (message = 'Unknown id.') => z.string().uuid(message);
export const Latitude = z.coerce.number().min(-90, 'Latitude is between -90 and 90.').max(90, 'Latitude is between -90 and 90.');
export const Longitude = z.coerce.number().min(-180, 'Longitude is between -180 and 180.').max(180, 'Longitude is between -180 and 180.');

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
