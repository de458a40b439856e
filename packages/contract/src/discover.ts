import { z } from 'zod';
import { ActivityCard, type ActivityCategory } from './activities.ts';
import { ServiceCard } from './appointments.ts';
import { Latitude, Longitude, nearbyGroup } from './common.ts';
import { DealCard } from './deals.ts';
import { VendorCard } from './directory.ts';
import { endpoint, type Endpoint } from './endpoint.ts';
import type { VendorCategory } from './vendors.ts';

// ---- /Discover: what is near a person, all kinds on one page, narrowed by a theme ---------------------------------

type DiscoverTheme = {
  /** In the address (?category=food-drink) and the API's query. */
  slug: string;
  label: string;
  /** The shops' categories it takes in: deals, services and vendors are filed under these. */
  vendor: readonly VendorCategory[];
  /** The activities' categories it takes in. */
  activity: readonly ActivityCategory[];
};

/**
 * The marketplace's themes, the chips of /Discover, each over the shops' and the activities' own categories (two lists
 * written for two kinds of things: "Fitness & Sports" for a gym, "Sports & Fitness" for a Sunday run). Every category but
 * Other is in exactly one theme (a test says so); a theme may take in nothing of one kind (no shop is "Outdoors"), and
 * that kind then has nothing in it.
 */
export const discoverCategories = [
  { slug: 'food-drink', label: 'Food & Drink', vendor: ['Food & Drink'], activity: ['Food & Drink'] },
  { slug: 'fitness-sports', label: 'Fitness & Sports', vendor: ['Fitness & Sports'], activity: ['Sports & Fitness'] },
  { slug: 'beauty-wellness', label: 'Beauty & Wellness', vendor: ['Beauty & Wellness', 'Health & Care'], activity: [] },
  { slug: 'arts-culture', label: 'Arts & Culture', vendor: ['Arts & Entertainment', 'Events & Venues'], activity: ['Arts & Culture', 'Music'] },
  { slug: 'outdoors', label: 'Outdoors', vendor: [], activity: ['Outdoors'] },
  { slug: 'learning', label: 'Learning', vendor: ['Education & Classes'], activity: ['Learning'] },
  { slug: 'social', label: 'Social & Community', vendor: [], activity: ['Social', 'Games', 'Volunteering'] },
  { slug: 'shopping', label: 'Shopping', vendor: ['Shopping & Retail'], activity: [] },
  { slug: 'home-services', label: 'Home & Services', vendor: ['Home Services', 'Professional Services', 'Automotive'], activity: [] },
  { slug: 'pets', label: 'Pets', vendor: ['Pets'], activity: [] },
] as const satisfies readonly DiscoverTheme[];

export type DiscoverCategory = (typeof discoverCategories)[number]['slug'];
export const DiscoverCategory = z.enum(discoverCategories.map((c) => c.slug) as [DiscoverCategory, ...DiscoverCategory[]], {
  error: `Choose one of ${discoverCategories.map((c) => c.slug).join(', ')}.`,
});

/** The theme of a slug (undefined for another text: the page then shows everything). */
export function discoverCategoryOf(slug: string | null | undefined): DiscoverTheme | undefined {
  return discoverCategories.find((c) => c.slug === slug);
}

export const DiscoverQuery = z.object({
  /** Where the person is (their chosen area); without it, New York, as the other lists near a point. */
  lat: Latitude.default(40.7128),
  lng: Longitude.default(-74.006),
  radius_km: z.coerce.number().min(1, 'The radius is at least 1 km.').max(500, 'The radius is at most 500 km.').default(25),
  /** One theme; none: every category (Other included). */
  category: DiscoverCategory.optional(),
  /** How many of each kind, nearest first; each group also tells how many there are in all. */
  per_group: z.coerce.number().int('Use a whole number.').min(1, 'Show at least 1 of each.').max(20, 'Show at most 20 of each.').default(8),
});
export type DiscoverQuery = z.input<typeof DiscoverQuery>;

/** Each kind's nearest within the radius (its own list's order and rules), every card with the point a map needs. */
export const DiscoverResponse = z.object({
  /** The theme asked for; null: all. */
  category: DiscoverCategory.nullable(),
  deals: nearbyGroup(DealCard),
  activities: nearbyGroup(ActivityCard),
  services: nearbyGroup(ServiceCard),
  vendors: nearbyGroup(VendorCard),
});
export type DiscoverResponse = z.infer<typeof DiscoverResponse>;

export const discoverEndpoints = {
  discover: endpoint({
    method: 'GET',
    path: '/discover/',
    query: DiscoverQuery,
    body: undefined,
    response: DiscoverResponse,
    auth: 'optional',
    summary: 'Deals, activities, services and vendors near lat/lng within radius_km, the first per_group of each nearest first with its count; category narrows every kind to one theme',
  }),
} satisfies Record<string, Endpoint>;
