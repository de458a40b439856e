import type { LoginResponse } from '@localloop/contract';

/**
 * The only code that touches localStorage. Key names are the spec's (section 9), to the letter.
 */
export const storageKeys = {
  access: 'access',
  refresh: 'refresh',
  userData: 'userData',
  phoneNumber: 'phone_number',
  email: 'email',
  vendorId: 'vendor_id',
  userRole: 'userRole',
  userLocation: 'userLocation',
  username: 'username',
} as const;

/** Beyond the spec's keys: 'denied' once the browser refused the position, so it is not asked for on every load. */
export const locationAccessKey = 'locationAccess';

/** Beyond the spec's keys, in sessionStorage (one tab, across its reloads): a failed detection was told once. */
const locationNoticeKey = 'locationNoticeShown';

/** The spec allows the refresh token under this older name too (section 3); read-only fallback. */
const legacyRefreshKey = 'refresh_token';

export type ViewRole = 'user' | 'vendor';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage can be unavailable (privacy mode, blocked cookies): behave as if empty.
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // A full or blocked storage must not crash the app; the session then lasts for this page only.
  }
}

function remove(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // See read().
  }
}

export function getAccessToken(): string | null {
  return read(storageKeys.access);
}

export function getRefreshToken(): string | null {
  return read(storageKeys.refresh) ?? read(legacyRefreshKey);
}

export function storeTokens(access: string, refresh: string): void {
  write(storageKeys.access, access);
  write(storageKeys.refresh, refresh);
}

export function removeTokens(): void {
  remove(storageKeys.access);
  remove(storageKeys.refresh);
  remove(legacyRefreshKey);
}

/** The raw stored pair the start-up rule looks at: both must be present to restore a session. */
export function readStoredSession(): { access: string | null; userData: string | null } {
  return { access: read(storageKeys.access), userData: read(storageKeys.userData) };
}

/** Stores what a successful login returns, as the spec lists it. */
export function storeLogin(response: LoginResponse): void {
  write(storageKeys.access, response.access);
  write(storageKeys.refresh, response.refresh);
  write(storageKeys.userData, JSON.stringify(response));
  if (response.user.phone_number) write(storageKeys.phoneNumber, response.user.phone_number);
  else remove(storageKeys.phoneNumber);
  if (response.user.email) write(storageKeys.email, response.user.email);
  else remove(storageKeys.email);
  if (response.vendor_id) write(storageKeys.vendorId, response.vendor_id);
  else remove(storageKeys.vendorId);
}

/** The account details that live under their own keys besides the login response. */
export type AccountKeys = { email: string | null; phone_number: string | null; username: string | null };

function writeOrRemove(key: string, value: string | null): void {
  if (value) write(key, value);
  else remove(key);
}

/**
 * After a profile change: the email, phone_number and username keys, and the user inside the stored
 * userData, so a reload starts with the new details too.
 */
export function storeAccountKeys(account: AccountKeys): void {
  writeOrRemove(storageKeys.email, account.email);
  writeOrRemove(storageKeys.phoneNumber, account.phone_number);
  writeOrRemove(storageKeys.username, account.username);
  const text = read(storageKeys.userData);
  if (!text) return;
  try {
    const data: unknown = JSON.parse(text);
    if (typeof data !== 'object' || data === null || !('user' in data)) return;
    const user: unknown = data.user;
    if (typeof user !== 'object' || user === null) return;
    write(
      storageKeys.userData,
      JSON.stringify({ ...data, user: { ...user, email: account.email, phone_number: account.phone_number } }),
    );
  } catch {
    // Unreadable userData is the start-up rule's business (a full logout), not this function's.
  }
}

export function storeUsername(username: string): void {
  write(storageKeys.username, username);
}

export function getStoredUsername(): string | null {
  return read(storageKeys.username);
}

export function getStoredViewRole(): ViewRole | null {
  const role = read(storageKeys.userRole);
  return role === 'user' || role === 'vendor' ? role : null;
}

export function storeViewRole(role: ViewRole): void {
  write(storageKeys.userRole, role);
}

export function removeViewRole(): void {
  remove(storageKeys.userRole);
}

/** What the become-a-vendor check needs: both must be present before KYC (spec section 5). */
export function getStoredContact(): { phoneNumber: string | null; email: string | null } {
  return { phoneNumber: read(storageKeys.phoneNumber), email: read(storageKeys.email) };
}

export function getStoredVendorId(): string | null {
  return read(storageKeys.vendorId);
}

/** What the vendor-status fetch (or the first /BasicInfo save, with the new vendor_id) learns about approval. */
export type StoredVendorStatus = { vendor_id?: string; is_approved: boolean; kyc_status: string | null };

/**
 * Keeps the vendor_id key and the approval inside userData up to date, so a reload starts with the role
 * the last status fetch gave (an approved vendor reloading its dashboard is not sent away first).
 */
export function storeVendorStatus(status: StoredVendorStatus): void {
  if (status.vendor_id) write(storageKeys.vendorId, status.vendor_id);
  const text = read(storageKeys.userData);
  if (!text) return;
  try {
    const data: unknown = JSON.parse(text);
    if (typeof data !== 'object' || data === null) return;
    const vendorId = status.vendor_id ? { vendor_id: status.vendor_id } : {};
    write(storageKeys.userData, JSON.stringify({ ...data, ...vendorId, is_approved: status.is_approved, kyc_status: status.kyc_status }));
  } catch {
    // Unreadable userData is the start-up rule's business (a full logout), not this function's.
  }
}

/** Logout clears ALL of local storage, not only our keys (spec section 4). */
export function clearAll(): void {
  try {
    window.localStorage.clear();
  } catch {
    // See read().
  }
}

/** The spec's stored location (key userLocation): what the "near me" lists are about. */
export type StoredLocation = {
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  country: string;
  area: string;
  formattedAddress: string;
};

function isStoredLocation(value: unknown): value is StoredLocation {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.city === 'string' &&
    typeof v.state === 'string' &&
    typeof v.country === 'string' &&
    typeof v.area === 'string' &&
    typeof v.formattedAddress === 'string' &&
    typeof v.latitude === 'number' &&
    Number.isFinite(v.latitude) &&
    typeof v.longitude === 'number' &&
    Number.isFinite(v.longitude)
  );
}

/** The stored location, or null when none is stored or it cannot be read (then it is as if none were chosen). */
export function getUserLocation(): StoredLocation | null {
  const text = read(storageKeys.userLocation);
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isStoredLocation(value) ? value : null;
  } catch {
    return null;
  }
}

export function storeUserLocation(location: StoredLocation): void {
  const { city, state, latitude, longitude, country, area, formattedAddress } = location;
  write(storageKeys.userLocation, JSON.stringify({ city, state, latitude, longitude, country, area, formattedAddress }));
}

/** True when the browser refused the position and nobody has chosen to use it since. */
export function isLocationRefused(): boolean {
  return read(locationAccessKey) === 'denied';
}

export function storeLocationRefused(refused: boolean): void {
  if (refused) write(locationAccessKey, 'denied');
  else remove(locationAccessKey);
}

/**
 * Whether this tab has already told that detecting the location failed. sessionStorage: it lasts as long as the tab
 * (reloads and view switches included), so a person is told at most once a visit.
 */
export function wasLocationNoticeShown(): boolean {
  try {
    return window.sessionStorage.getItem(locationNoticeKey) === 'true';
  } catch {
    return false;
  }
}

export function markLocationNoticeShown(): void {
  try {
    window.sessionStorage.setItem(locationNoticeKey, 'true');
  } catch {
    // Blocked storage: the notice may then show again after a reload, never more than once per page.
  }
}

/**
 * Beyond the spec's keys: the last list of the account's deal purchases, so My Orders still shows its QR codes
 * without a network (at the shop's counter). One account's at a time; a logout clears it with everything else.
 */
export const purchasesCacheKey = 'll:purchases-cache';

export type SavedPurchases = { savedAt: string; data: unknown };

/** The saved purchases of `accountId`, unchecked (the caller parses them), or null when none are saved for it. */
export function getSavedPurchases(accountId: string): SavedPurchases | null {
  const text = read(purchasesCacheKey);
  if (!text || accountId === '') return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const v = value as Record<string, unknown>;
    if (v.account_id !== accountId || typeof v.saved_at !== 'string') return null;
    return { savedAt: v.saved_at, data: v.data };
  } catch {
    return null;
  }
}

export function storeSavedPurchases(accountId: string, data: unknown): void {
  if (accountId === '') return;
  write(purchasesCacheKey, JSON.stringify({ account_id: accountId, saved_at: new Date().toISOString(), data }));
}
