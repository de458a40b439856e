import { adminEndpoints } from '@localloop/contract';
import type { AdminVendorDetail, KycStep } from '@localloop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { getAdminVendorQueryOptions } from './get-admin-vendor.ts';
import { adminListKey } from './get-admin-vendors.ts';

export type VendorDecisionKind = 'approve' | 'reject' | 'suspend' | 'unsuspend';

/** `steps`: a rejection's steps for the vendor to fix. */
export type DecideInput = { id: string; kind: VendorDecisionKind; text: string; steps?: KycStep[] };

function send({ id, kind, text, steps = [] }: DecideInput): Promise<AdminVendorDetail> {
  const params = { id };
  switch (kind) {
    case 'approve':
      return call(adminEndpoints.approveVendor, { params, body: { note: text } });
    case 'reject':
      return call(adminEndpoints.rejectVendor, { params, body: { reason: text, steps } });
    case 'suspend':
      return call(adminEndpoints.suspendVendor, { params, body: { reason: text } });
    case 'unsuspend':
      return call(adminEndpoints.unsuspendVendor, { params, body: { note: text } });
  }
}

/** An operator's decision; the answer replaces the vendor's details and every tab's list refetches. */
export function useDecideVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (vendor) => {
      queryClient.setQueryData(getAdminVendorQueryOptions(vendor.id).queryKey, vendor);
      await queryClient.invalidateQueries({ queryKey: adminListKey });
    },
  });
}
