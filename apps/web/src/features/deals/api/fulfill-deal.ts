import { dealsEndpoints } from '@localloop/contract';
import type { FulfillDealInput, MessageResponse } from '@localloop/contract';
import { call } from '../../../api/client.ts';

/**
 * Redeems a purchase from its scanned QR payload: the whole payload goes back as it was read (the server checks its
 * signature), with action FULFILL. The success answer has `message`; a refusal is an ApiError with the server's `error`.
 */
export function fulfillDeal(payload: Record<string, unknown> & { purchase_id: string }): Promise<MessageResponse> {
  // The server validates the rest (deal_id, sig) and answers in words what is wrong with a code.
  const body = { ...payload, action: 'FULFILL' } as FulfillDealInput;
  return call(dealsEndpoints.fulfillDeal, { params: { id: payload.purchase_id }, body });
}
