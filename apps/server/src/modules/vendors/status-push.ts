import type { Tx } from '../../db/client.ts';
import { publish } from '../../lib/realtime.ts';

/**
 * Tells the owner's open tabs, once the caller's transaction commits, that the vendor's approval, KYC status or
 * suspension changed: they fetch the status again, so the role, the view toggle and Create Deal follow without a reload.
 */
export async function pushVendorStatus(tx: Tx, ownerId: string, vendorId: string): Promise<void> {
  await publish(tx, `user:${ownerId}`, { type: 'vendor_status', vendor_id: vendorId });
}
