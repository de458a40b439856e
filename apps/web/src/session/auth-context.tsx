import { createContext, use, useCallback, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { LoginResponse } from '@localloop/contract';
import { paths } from '../paths.ts';
import { toast } from '../lib/toast.ts';
import {
  canPostDeals as canPostDealsRule,
  kycStatusOf,
  parseUserData,
  resolveRole,
  roleAfterApproval,
} from './auth-rules.ts';
import type { KycStatus, Role, UserData } from './auth-rules.ts';
import {
  clearAll,
  getRefreshToken,
  getStoredViewRole,
  readStoredSession,
  removeViewRole,
  storeAccountKeys,
  storeLogin,
  storeVendorStatus,
  storeViewRole,
} from './storage.ts';
import type { AccountKeys, ViewRole } from './storage.ts';

/** A vendor-status answer; `vendor_id` when the account has just become a vendor in progress (first /BasicInfo save). */
export type VendorStatus = { is_approved: boolean; kyc_status?: KycStatus | null; vendor_id?: string };

export type LogoutOptions = {
  /** The toast shown once signed out; the spec's "Logged out successfully!" by default. */
  message?: string;
  /** False when the server already ended every session (log out of all devices, account deleted). */
  revoke?: boolean;
};

export type AuthValue = {
  isAuthenticated: boolean;
  /** True until the stored session has been read; guards render nothing meanwhile. */
  loading: boolean;
  userRole: Role;
  userData: UserData | null;
  canPostDeals: boolean;
  kycStatus: KycStatus | null;
  vendorIsApproved: boolean;
  /** Stores a login answer and starts the session; returns the role it starts with. */
  login: (response: LoginResponse) => Role;
  logout: (options?: LogoutOptions) => Promise<void>;
  /** After a profile change: stores the new e-mail, phone number and username and updates userData. */
  updateAccount: (account: AccountKeys) => void;
  /** The approved vendor's view switch; stored as userRole. */
  setUserRole: (view: ViewRole) => void;
  /** After a vendor-status fetch or the first /BasicInfo save: stores it, recomputes role, KYC status and permissions. */
  applyVendorStatus: (status: VendorStatus) => void;
};

type SessionState = Omit<AuthValue, 'login' | 'logout' | 'updateAccount' | 'setUserRole' | 'applyVendorStatus'>;

const signedOut: SessionState = {
  isAuthenticated: false,
  loading: false,
  userRole: 'public',
  userData: null,
  canPostDeals: false,
  kycStatus: null,
  vendorIsApproved: false,
};

function sessionFrom(userData: UserData, viewRole: ViewRole | null): SessionState {
  return {
    isAuthenticated: true,
    loading: false,
    userRole: resolveRole(userData, viewRole),
    userData,
    canPostDeals: canPostDealsRule(userData.is_approved),
    kycStatus: kycStatusOf(userData),
    vendorIsApproved: userData.is_approved === true,
  };
}

/**
 * Start-up (spec section 4): access and userData both stored and readable → authenticated; unreadable
 * userData is a full logout (no toast: the person did not ask for it); nothing stored → public.
 * localStorage is synchronous, so the loading phase ends before the first render.
 */
function readStartupSession(): SessionState {
  const stored = readStoredSession();
  if (!stored.access || !stored.userData) return signedOut;
  const userData = parseUserData(stored.userData);
  if (!userData) {
    clearAll();
    return signedOut;
  }
  return sessionFrom(userData, getStoredViewRole());
}

/** Exported for tests that need an auth state the provider cannot reach on its own (e.g. loading). */
export const AuthContext = createContext<AuthValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [state, setState] = useState<SessionState>(readStartupSession);

  const endSession = useCallback(() => {
    clearAll();
    setState(signedOut);
  }, []);

  const { pathname } = useLocation();
  // A logout in progress: signed out already, but reported as loading (guards render nothing) until the app stands on /.
  // Signing out on a protected page first would let its guard send the person to /login instead; waiting for the
  // location itself, rather than for React to commit the navigation and the sign-out together, holds on a busy page.
  const [leaving, setLeaving] = useState(false);
  if (leaving && pathname === paths.root) {
    setLeaving(false);
    setState(signedOut);
  }

  const logout = useCallback(async ({ message = 'Logged out successfully!', revoke = true }: LogoutOptions = {}) => {
    const refresh = revoke ? getRefreshToken() : null;
    clearAll();
    setState({ ...signedOut, loading: true });
    setLeaving(true);
    await navigate(paths.root);
    toast.success(message);
    if (refresh) {
      // Best effort: the session is already over on this device whatever the server answers.
      await import('./revoke-session.ts').then(({ revokeSession }) => revokeSession(refresh)).catch(() => undefined);
    }
  }, [navigate]);

  const login = useCallback(
    (response: LoginResponse): Role => {
      if (!response.access) {
        void logout();
        return 'public';
      }
      // A view chosen in an earlier session (left behind when it expired) must not carry over.
      removeViewRole();
      storeLogin(response);
      const userData = parseUserData(JSON.stringify(response));
      if (!userData) {
        endSession();
        return 'public';
      }
      const next = sessionFrom(userData, null);
      setState(next);
      return next.userRole;
    },
    [endSession, logout],
  );

  const updateAccount = useCallback((account: AccountKeys) => {
    storeAccountKeys(account);
    setState((current) => {
      if (!current.isAuthenticated || !current.userData) return current;
      const user = { ...current.userData.user, email: account.email, phone_number: account.phone_number };
      return { ...current, userData: { ...current.userData, user } };
    });
  }, []);

  const setUserRole = useCallback((view: ViewRole) => {
    storeViewRole(view);
    setState((current) => ({ ...current, userRole: view }));
  }, []);

  const applyVendorStatus = useCallback((status: VendorStatus) => {
    const vendorId = status.vendor_id ? { vendor_id: status.vendor_id } : {};
    const approval = { ...vendorId, is_approved: status.is_approved, kyc_status: status.kyc_status ?? null };
    // Not after a logout that raced the fetch: storage was cleared and must stay so.
    if (readStoredSession().access) storeVendorStatus(approval);
    setState((current) => {
      if (!current.isAuthenticated) return current;
      const userData: UserData = { ...current.userData, ...approval };
      return {
        ...current,
        userData,
        userRole: roleAfterApproval(status.is_approved, getStoredViewRole()),
        canPostDeals: canPostDealsRule(status.is_approved),
        kycStatus: kycStatusOf(userData),
        vendorIsApproved: status.is_approved,
      };
    });
  }, []);

  const value = useMemo<AuthValue>(
    () => ({ ...state, login, logout, updateAccount, setUserRole, applyVendorStatus }),
    [state, login, logout, updateAccount, setUserRole, applyVendorStatus],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthValue {
  const value = use(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>.');
  return value;
}

/**
 * The signed-in account's id, '' when signed out. Part of the query key of whatever belongs to the caller, so
 * after a logout, or with another account signed in on this page, nobody sees the first one's data from the cache.
 */
export function useAccountId(): string {
  const id = useAuth().userData?.user?.id;
  return id === null || id === undefined ? '' : String(id);
}

