import { useAuth } from '../../session/auth-context.tsx';

/** The signed-in vendor's shop id (stored at login and at the first /BasicInfo save), which the shop's lists are asked by; null without one. */
export function useVendorId(): string | null {
  const id = useAuth().userData?.vendor_id;
  return id === undefined || id === null || id === '' ? null : String(id);
}
