import { useNavigate } from 'react-router';
import { toast } from '../lib/toast.ts';
import { homePathOf } from '../session/auth-rules.ts';
import { useAuth } from '../session/auth-context.tsx';
import type { ViewRole } from '../session/storage.ts';

/** The approved vendor's view switch; null when the toggle must not be offered. */
export function useSwitchView(): { current: ViewRole; switchTo: (view: ViewRole) => void } | null {
  const navigate = useNavigate();
  const { vendorIsApproved, userRole, setUserRole } = useAuth();
  if (!vendorIsApproved || (userRole !== 'vendor' && userRole !== 'user')) return null;
  return {
    current: userRole,
    switchTo(view) {
      setUserRole(view);
      toast.success(`Switched to ${view} view`);
      navigate(homePathOf(view));
    },
  };
}
