import type { ResponsiveImage } from '@localloop/contract';
import { apiUrl } from '../api/api-url.ts';
import { galleryCoverImageSizes, listingCardImageSizes } from '../components/image-sources.ts';
import { activityListQuery, defaultActivityFilters } from '../features/activities/api/activity-queries.ts';
import { dealDetailsQuery, dealListQuery, defaultDealFilters } from '../features/deals/api/deal-queries.ts';
import { defaultLocation } from '../session/default-location.ts';
import { getAccessToken, getUserLocation } from '../session/storage.ts';
import type { EarlyPageName } from './early-pages.ts';

/** The picture a page opens with and how wide it is drawn there, as its <img> has them. */
export type LeadImage = { image: ResponsiveImage; sizes: string };

export type EarlyPage = {
  page: EarlyPageName;
  /** The page's first API request, as the app sends it (api/client.ts). */
  url: string;
  /** The picture the page will open with, from the request's answer; null when it has none. */
  leadImageOf: (answer: unknown) => LeadImage | null;
};

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Enough of a stored picture to preload it: its file, width and renditions. */
function imageOf(value: unknown): ResponsiveImage | null {
  if (!isRecord(value) || typeof value.url !== 'string' || typeof value.width !== 'number' || !Array.isArray(value.variants)) return null;
  return value as ResponsiveImage;
}

/** The first card's picture of a list answer ({ results: [...] }): the first card leads the page (ListingGrid). */
function firstCardImage(answer: unknown): LeadImage | null {
  const first: unknown = isRecord(answer) && Array.isArray(answer.results) ? answer.results[0] : undefined;
  const image = isRecord(first) ? imageOf(first.image) : null;
  return image && { image, sizes: listingCardImageSizes };
}

/** A details answer's cover photo ({ images: [...] }), the first of its gallery (PhotoGallery). */
function coverImage(answer: unknown): LeadImage | null {
  const image = isRecord(answer) && Array.isArray(answer.images) ? imageOf(answer.images[0]) : null;
  return image && { image, sizes: galleryCoverImageSizes };
}

/**
 * What the page at `pathname` + `search` asks the API first, when the boot script may ask it early: only a visitor's
 * request (a stored token means the app sends it with a bearer token, and the answer is that person's), only a list in
 * its default view (no filters in the address), and only a deal whose id is a UUID. Null for anything else.
 * Paths match as the router matches them: in any case, with or without a trailing slash.
 */
export function earlyPageData(pathname: string, search: string, apiBase: string): EarlyPage | null {
  if (getAccessToken() !== null) return null;
  const location = getUserLocation() ?? defaultLocation;
  const noFilters = search === '' || search === '?';
  if (/^\/populardeals\/?$/i.test(pathname) && noFilters) {
    return { page: 'popularDeals', url: apiUrl(apiBase, '/deals/lists/', dealListQuery(location, defaultDealFilters)), leadImageOf: firstCardImage };
  }
  if (/^\/localactivities\/?$/i.test(pathname) && noFilters) {
    return { page: 'localActivities', url: apiUrl(apiBase, '/activities/lists/', activityListQuery(location, defaultActivityFilters)), leadImageOf: firstCardImage };
  }
  const deal = /^\/dealdetails\/([^/]+)\/?$/i.exec(pathname)?.[1];
  const dealId = deal === undefined ? undefined : safeDecode(deal);
  if (dealId !== undefined && uuid.test(dealId)) {
    return { page: 'dealDetails', url: apiUrl(apiBase, `/deals/details/${encodeURIComponent(dealId)}/`, dealDetailsQuery(location)), leadImageOf: coverImage };
  }
  return null;
}

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
