import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '../../session/auth-context.tsx';
import { getStoredVendorId } from '../../session/storage.ts';
import { getVendorStatusQueryOptions } from './api/get-vendor-status.ts';

/**
 * Spec §7 "Vendor status": once a session with a stored vendor_id starts (and after a KYC submit), fetch
 * the vendor's approval and let the auth state recompute role, KYC status and canPostDeals. Skipped when
 * no vendor_id is stored. Renders nothing; mounted once inside the AuthProvider.
 */
export function VendorStatusSync() {
  const { isAuthenticated, applyVendorStatus } = useAuth();
  // Read at render like the profile menu's marker: the auth state re-renders this whenever the session changes.
  const vendorId = isAuthenticated ? (getStoredVendorId() ?? '') : '';
  const status = useQuery({ ...getVendorStatusQueryOptions(vendorId), enabled: vendorId !== '' });

  // A failed fetch changes nothing: the session goes on with the approval it already knows (the login's).
  const { data } = status;
  useEffect(() => {
    if (data) applyVendorStatus({ is_approved: data.is_approved, kyc_status: data.kyc_status });
  }, [data, applyVendorStatus]);

  return null;
}
