import { useNavigate } from 'react-router';
import { toast } from '../lib/toast.ts';
import { paths } from '../paths.ts';
import { useAuth } from '../session/auth-context.tsx';
import { vendorApprovalOf } from '../session/auth-rules.ts';
import { getStoredContact, getStoredVendorId } from '../session/storage.ts';

export const profileFirstMessage = 'Please update your user profile first, and then complete KYC.';

/** The "Become a vendor" entry: its marker, and the spec's profile check before KYC starts. */
export function useBecomeVendor(): { marker: string | null; start: () => boolean } {
  const navigate = useNavigate();
  const { vendorIsApproved } = useAuth();
  const approval = vendorApprovalOf(getStoredVendorId(), vendorIsApproved);
  const marker = approval === 'approved' ? 'Approved (ReApply)' : approval === 'pending' ? 'Pending' : null;

  const start = (): boolean => {
    const { phoneNumber, email } = getStoredContact();
    if (!phoneNumber || !email) {
      toast.warning(profileFirstMessage, { toastId: profileFirstMessage });
      return false;
    }
    navigate(paths.basicInfo);
    return true;
  };

  return { marker, start };
}
