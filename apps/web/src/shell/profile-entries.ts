import { Bell, CircleUser, LifeBuoy, LogOut, Settings, ShieldCheck, ShoppingBag, Store, TrendingUp } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useProfile } from '../features/account/api/get-profile.ts';
import { useNotifications } from '../features/notifications/notifications-context.tsx';
import { paths } from '../paths.ts';
import { useBecomeVendor } from './use-become-vendor.ts';

export type ProfileEntry =
  | { kind: 'link'; name: string; icon: LucideIcon; path: string }
  | { kind: 'action'; name: string; icon: LucideIcon; onSelect: () => void; marker?: string | null; danger?: boolean }
  | { kind: 'soon'; name: string; icon: LucideIcon };

/** The profile menu of the spec's user and vendor headers, shared by the dropdown and the side menu. */
export function useProfileEntries(role: 'user' | 'vendor', onRequestLogout: () => void): ProfileEntry[] {
  const becomeVendor = useBecomeVendor();
  const { openPanel } = useNotifications();
  // Opens the notifications panel, as the bell does (with the same no-token warning).
  const notification: ProfileEntry = { kind: 'action', name: 'Notification', icon: Bell, onSelect: openPanel };
  const logout: ProfileEntry = { kind: 'action', name: 'Logout', icon: LogOut, onSelect: onRequestLogout, danger: true };
  // Beyond the spec's menu: operators get their vendor review page, just before Logout.
  const isOperator = useProfile().data?.is_operator === true;
  const operator: ProfileEntry[] = isOperator ? [{ kind: 'link', name: 'Operator', icon: ShieldCheck, path: paths.admin }] : [];

  if (role === 'vendor') {
    return [
      { kind: 'link', name: 'Vendor Profile', icon: CircleUser, path: paths.basicInfo },
      { kind: 'link', name: 'My Sales', icon: TrendingUp, path: paths.mySalesDeal },
      { kind: 'link', name: 'Settings', icon: Settings, path: paths.settings },
      { kind: 'link', name: 'Help & Support', icon: LifeBuoy, path: paths.contactSupport },
      notification,
      ...operator,
      logout,
    ];
  }
  return [
    { kind: 'link', name: 'User Profile', icon: CircleUser, path: paths.userProfile },
    { kind: 'link', name: 'My Orders', icon: ShoppingBag, path: paths.myPurchaseDeal },
    {
      kind: 'action',
      name: 'Become a vendor',
      icon: Store,
      onSelect: () => {
        becomeVendor.start();
      },
      marker: becomeVendor.marker,
    },
    { kind: 'link', name: 'Help & Support', icon: LifeBuoy, path: paths.contactSupport },
    notification,
    ...operator,
    logout,
  ];
}
