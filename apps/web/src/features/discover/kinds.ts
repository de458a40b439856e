import { discoverCategoryOf } from '@localloop/contract';
import type { DiscoverCategory, DiscoverResponse } from '@localloop/contract';
import { formatInstant } from '../../lib/format-instant.ts';
import { formatDistance } from '../../lib/format-distance.ts';
import { paths, to } from '../../paths.ts';
import type { Role } from '../../session/auth-rules.ts';

/** The four kinds of things /Discover shows, in the page's order. */
export const discoverKinds = ['deals', 'activities', 'services', 'vendors'] as const;
export type DiscoverKind = (typeof discoverKinds)[number];

type KindLook = {
  title: string;
  /** One of them, in a sentence or a link ("deal"). */
  one: string;
  /** On its map marker and in the legend: the kind in one letter, on its colour. */
  letter: string;
  /** The marker's and the legend's colour (white text on it passes AA). */
  pinClass: string;
  /** Its own list page, for "See all"; `category` is the one category of that kind under the theme, when there is one. */
  listPath: string;
};

export const kindLooks: Record<DiscoverKind, KindLook> = {
  deals: { title: 'Deals', one: 'deal', letter: 'D', pinClass: 'bg-rose-700', listPath: paths.popularDeals },
  activities: { title: 'Activities', one: 'activity', letter: 'A', pinClass: 'bg-indigo-700', listPath: paths.localActivities },
  services: { title: 'Services', one: 'service', letter: 'S', pinClass: 'bg-amber-800', listPath: paths.servicesBrowse },
  vendors: { title: 'Vendors', one: 'vendor', letter: 'V', pinClass: 'bg-teal-800', listPath: paths.vendorList },
};

/**
 * The kinds a role may open: a vendor's view has no activity pages nor other shops' pages (the route table's "public or
 * user" routes send a vendor to its dashboard), so it is shown deals and services only.
 */
export function kindsFor(role: Role): readonly DiscoverKind[] {
  return role === 'vendor' ? ['deals', 'services'] : discoverKinds;
}

/**
 * "See all" of a kind: its own list page, filtered by the theme's category when the theme takes in exactly one of that
 * kind (the lists filter by one). Null where the role cannot open the list (every list is the users').
 */
export function seeAllPath(kind: DiscoverKind, role: Role, category: DiscoverCategory | null): string | null {
  if (role !== 'user') return null;
  const theme = discoverCategoryOf(category);
  const categories: readonly string[] = theme ? (kind === 'activities' ? theme.activity : theme.vendor) : [];
  const only = categories.length === 1 ? categories[0] : undefined;
  return only ? `${kindLooks[kind].listPath}?${new URLSearchParams({ category: only }).toString()}` : kindLooks[kind].listPath;
}

/** One thing on the map and in the list beside it: what it is, a line about it, its page and its point. */
export type DiscoverItem = {
  kind: DiscoverKind;
  /** Unique on the page (the kind and the id): a React key, the chosen pin. */
  key: string;
  id: string;
  name: string;
  detail: string;
  to: string;
  latitude: number | null;
  longitude: number | null;
};

const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ');
const distance = (km: number | null) => (km === null ? null : formatDistance(km));

/** The answer's things of the given kinds, each kind nearest first. */
export function itemsOf(data: DiscoverResponse, kinds: readonly DiscoverKind[]): Record<DiscoverKind, DiscoverItem[]> {
  const all: Record<DiscoverKind, DiscoverItem[]> = {
    deals: data.deals.results.map((d) => ({
      kind: 'deals',
      key: `deals-${d.id}`,
      id: d.id,
      name: d.title,
      detail: joined(`${d.discount_percent}% off`, d.vendor.business_name, distance(d.distance_km)),
      to: to.dealDetails(d.id),
      latitude: d.latitude,
      longitude: d.longitude,
    })),
    activities: data.activities.results.map((a) => ({
      kind: 'activities',
      key: `activities-${a.id}`,
      id: a.id,
      name: a.title,
      detail: joined(formatInstant(a.starts_at), distance(a.distance_km)),
      to: to.activitiesDetails(a.id),
      latitude: a.latitude,
      longitude: a.longitude,
    })),
    services: data.services.results.map((s) => ({
      kind: 'services',
      key: `services-${s.id}`,
      id: s.id,
      name: s.name,
      detail: joined(s.vendor.business_name, distance(s.distance_km)),
      to: to.serviceDetails(s.id),
      latitude: s.latitude,
      longitude: s.longitude,
    })),
    vendors: data.vendors.results.map((v) => ({
      kind: 'vendors',
      key: `vendors-${v.id}`,
      id: v.id,
      name: v.business_name,
      detail: joined(v.category, distance(v.distance_km)),
      to: to.vendorProfile(v.user_id),
      latitude: v.latitude,
      longitude: v.longitude,
    })),
  };
  return Object.fromEntries(discoverKinds.map((kind) => [kind, kinds.includes(kind) ? all[kind] : []])) as Record<DiscoverKind, DiscoverItem[]>;
}
