import { vendorPhotosEndpoints } from '@localloop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { getAdminVendorQueryOptions } from './get-admin-vendor.ts';
import { getAdminVendorPhotosQueryOptions } from './get-admin-vendor-photos.ts';

export type TakeDownInput = { vendorId: string; photoId: string; reason: string };

/** Takes a vendor's photo down; the answer is the vendor's photos without it (its logo may have gone too: refetched). */
export function useTakeDownPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ vendorId, photoId, reason }: TakeDownInput) => call(vendorPhotosEndpoints.takeDownVendorPhoto, { params: { id: vendorId, photo_id: photoId }, body: { reason } }),
    onSuccess: async (gallery, { vendorId }) => {
      queryClient.setQueryData(getAdminVendorPhotosQueryOptions(vendorId).queryKey, gallery);
      await queryClient.invalidateQueries({ queryKey: getAdminVendorQueryOptions(vendorId).queryKey });
    },
  });
}
