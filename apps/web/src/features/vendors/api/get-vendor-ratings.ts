import { endpoints } from '@localloop/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { useViewerId } from './viewer.ts';

export const ratingsPageSize = 10;
/** The most the server gives in one page; the distribution is counted over these. */
export const ratingsSampleSize = 50;

export const vendorRatingsKey = (vendorId: string) => ['vendors', 'ratings', vendorId] as const;

/** The ratings with comments, newest first, a page at a time ("Show more"). */
export function getVendorRatingsQueryOptions(vendorId: string, viewerId: string) {
  return infiniteQueryOptions({
    queryKey: [...vendorRatingsKey(vendorId), viewerId, 'pages'],
    queryFn: ({ pageParam, signal }) =>
      call(endpoints.vendorRatings, { params: { id: vendorId }, query: { page: pageParam, page_size: ratingsPageSize }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.count ? last.page + 1 : undefined),
  });
}

/** The latest 50 ratings (all of them for most vendors): what the stars distribution is counted from. */
export function getRatingsSampleQueryOptions(vendorId: string, viewerId: string) {
  return queryOptions({
    queryKey: [...vendorRatingsKey(vendorId), viewerId, 'sample'],
    queryFn: ({ signal }) =>
      call(endpoints.vendorRatings, { params: { id: vendorId }, query: { page: 1, page_size: ratingsSampleSize }, signal }),
  });
}

export function useVendorRatings(vendorId: string) {
  const viewerId = useViewerId();
  return useInfiniteQuery(getVendorRatingsQueryOptions(vendorId, viewerId));
}

export function useRatingsSample(vendorId: string) {
  const viewerId = useViewerId();
  return useQuery(getRatingsSampleQueryOptions(vendorId, viewerId));
}

/** How many of `ratings` gave 5, 4, 3, 2 and 1 stars (in that order). */
export function distributionOf(ratings: readonly { rating: number }[]): { stars: number; count: number }[] {
  return [5, 4, 3, 2, 1].map((stars) => ({ stars, count: ratings.filter((r) => r.rating === stars).length }));
}
