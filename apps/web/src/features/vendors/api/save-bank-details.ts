import { vendorsEndpoints } from '@localloop/contract';
import type { BankDetails, BankDetailsInput } from '@localloop/contract';
import { call } from '../../../api/client.ts';

/** PUT /vendor/me/bank-details/: answered masked, never with the full number. */
export function saveBankDetails(body: BankDetailsInput): Promise<BankDetails> {
  return call(vendorsEndpoints.saveBankDetails, { body });
}
