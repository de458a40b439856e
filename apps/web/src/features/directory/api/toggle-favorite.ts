import { directoryEndpoints } from '@localloop/contract';
import type { VendorCard } from '@localloop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { errorMessageOf } from '../../../components/server-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { favoriteVendorsKeyPrefix } from './get-favorite-vendors.ts';
import { removeFromFavorites, restoreVendorCache, snapshotVendorCache, updateVendorEverywhere } from './vendor-cache.ts';
import type { VendorUpdate } from './vendor-cache.ts';

type Target = Pick<VendorCard, 'id' | 'business_name' | 'is_favorite'>;

/** The public page also counts favorites; a card has no count to change. */
function favoriteUpdate(isFavorite: boolean, favoritesCount?: number): VendorUpdate {
  return (vendor) => {
    if (!('favorites_count' in vendor) || typeof vendor.favorites_count !== 'number') return { ...vendor, is_favorite: isFavorite };
    const count = favoritesCount ?? Math.max(0, vendor.favorites_count + (isFavorite === vendor.is_favorite ? 0 : isFavorite ? 1 : -1));
    return { ...vendor, is_favorite: isFavorite, favorites_count: count };
  };
}

/**
 * Hearts a vendor or takes the heart away. The change shows at once everywhere the vendor is cached;
 * a refusal puts everything back and says so in a toast.
 */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vendor: Target) => call(directoryEndpoints.toggleFavoriteVendor, { params: { id: vendor.id } }),
    onMutate: async (vendor) => {
      const snapshot = await snapshotVendorCache(queryClient);
      const next = !vendor.is_favorite;
      updateVendorEverywhere(queryClient, vendor.id, favoriteUpdate(next));
      if (!next) removeFromFavorites(queryClient, vendor.id);
      return { snapshot };
    },
    onError: (error, vendor, context) => {
      if (context) restoreVendorCache(queryClient, context.snapshot);
      const action = vendor.is_favorite ? 'remove' : 'add';
      toast.error(`We could not ${action} ${vendor.business_name} ${vendor.is_favorite ? 'from' : 'to'} your favorites. ${errorMessageOf(error)}`);
    },
    onSuccess: (answer, vendor) => {
      updateVendorEverywhere(queryClient, vendor.id, favoriteUpdate(answer.is_favorite, answer.favorites_count));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: favoriteVendorsKeyPrefix }),
  });
}
