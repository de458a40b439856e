import type { VendorCard, VendorListResponse, VendorPublic } from '@localloop/contract';
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { favoriteVendorsKeyPrefix } from './get-favorite-vendors.ts';
import { vendorPageKeyPrefix } from './get-vendor.ts';
import { vendorListKeyPrefix } from './get-vendors.ts';

/** Changes one vendor's copy, whatever its shape (card or public page). */
export type VendorUpdate = <T extends VendorCard>(vendor: T) => T;

const prefixes: readonly QueryKey[] = [vendorListKeyPrefix, vendorPageKeyPrefix, favoriteVendorsKeyPrefix];

export type VendorCacheSnapshot = [QueryKey, unknown][];

/** Every cached copy of the vendor lists, pages and favorites, to put back after a failed change. */
export async function snapshotVendorCache(queryClient: QueryClient): Promise<VendorCacheSnapshot> {
  // A refetch landing after the optimistic change would overwrite it with the old state.
  await Promise.all(prefixes.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  return prefixes.flatMap((queryKey) => queryClient.getQueriesData({ queryKey }));
}

export function restoreVendorCache(queryClient: QueryClient, snapshot: VendorCacheSnapshot): void {
  for (const [queryKey, data] of snapshot) queryClient.setQueryData(queryKey, data);
}

/** Applies `update` to vendor `vendorId` in every list page, public page and favorites list in the cache. */
export function updateVendorEverywhere(queryClient: QueryClient, vendorId: string, update: VendorUpdate): void {
  const each = <T extends VendorCard>(vendor: T): T => (vendor.id === vendorId ? update(vendor) : vendor);
  queryClient.setQueriesData<InfiniteData<VendorListResponse>>({ queryKey: vendorListKeyPrefix }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, results: page.results.map(each) })) } : data,
  );
  queryClient.setQueriesData<VendorPublic>({ queryKey: vendorPageKeyPrefix }, (data) => (data ? each(data) : data));
  queryClient.setQueriesData<VendorCard[]>({ queryKey: favoriteVendorsKeyPrefix }, (data) => data?.map(each));
}

/** Takes the vendor out of the cached favorites lists (un-favorited). */
export function removeFromFavorites(queryClient: QueryClient, vendorId: string): void {
  queryClient.setQueriesData<VendorCard[]>({ queryKey: favoriteVendorsKeyPrefix }, (data) =>
    data?.filter((vendor) => vendor.id !== vendorId),
  );
}
