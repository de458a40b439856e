import { paths } from '../paths.ts';
import type { ViewRole } from './storage.ts';

/** Pure rules of the spec's section 4; no storage, no React. */

export type Role = 'vendor' | 'user' | 'public';
export type KycStatus = string;

type Id = string | number;
type StoredUser = { id?: Id | null; phone_number?: string | null; email?: string | null; [key: string]: unknown };

/**
 * What we accept as stored userData. Lenient on purpose: it was written by an earlier version of
 * the app, so only the fields the rules read are checked, and unknown fields pass through.
 */
export type UserData = {
  user?: StoredUser | null;
  vendor_id?: Id | null;
  is_approved?: boolean | null;
  kyc_status?: string | null;
  [key: string]: unknown;
};

// Checked by hand, not with a zod schema: this runs before the first render, and zod is kept off the first page's path.
type Check = (value: unknown) => boolean;
const nullish = (check: Check): Check => (value) => value === null || value === undefined || check(value);
const isString: Check = (value) => typeof value === 'string';
const isId: Check = (value) => typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const fieldsValid = (value: Record<string, unknown>, checks: Record<string, Check>) => Object.entries(checks).every(([key, check]) => check(value[key]));

const userChecks = { id: nullish(isId), phone_number: nullish(isString), email: nullish(isString) };
const userDataChecks: Record<string, Check> = {
  user: nullish((value) => isRecord(value) && fieldsValid(value, userChecks)),
  vendor_id: nullish(isId),
  is_approved: nullish((value) => typeof value === 'boolean'),
  kyc_status: nullish(isString),
};

function isUserData(value: unknown): value is UserData {
  return isRecord(value) && fieldsValid(value, userDataChecks);
}

/** Parses the stored JSON text; null when it is not JSON or not the shape above. */
export function parseUserData(text: string): UserData | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  return isUserData(json) ? json : null;
}

function hasValue(value: string | number | null | undefined): boolean {
  return value !== null && value !== undefined && value !== '';
}

/** vendor when there is a vendor_id and is_approved is true; user when there is a user with an id; else public. */
export function deriveRole(userData: UserData | null): Role {
  if (!userData) return 'public';
  if (hasValue(userData.vendor_id) && userData.is_approved === true) return 'vendor';
  if (userData.user && hasValue(userData.user.id)) return 'user';
  return 'public';
}

/** A stored view role (userRole) overrides the derived one. */
export function resolveRole(userData: UserData | null, storedRole: ViewRole | null): Role {
  return storedRole ?? deriveRole(userData);
}

/**
 * KYC status. "A vendor" here means an account with a vendor record (a vendor_id), approved or
 * not: a pending vendor must still see its pending status, while its derived role is user.
 */
export function kycStatusOf(userData: UserData | null): KycStatus | null {
  if (!userData || !hasValue(userData.vendor_id)) return null;
  if (userData.kyc_status) return userData.kyc_status;
  return userData.is_approved === true ? 'approved' : 'not_submitted';
}

export function canPostDeals(isApproved: boolean | null | undefined): boolean {
  return isApproved === true;
}

export type VendorApproval = 'none' | 'pending' | 'approved';

/** Vendor approval (spec section 4): pending when a vendor_id exists without approval. */
export function vendorApprovalOf(vendorId: string | number | null | undefined, isApproved: boolean | null | undefined): VendorApproval {
  if (isApproved === true) return 'approved';
  return hasValue(vendorId) ? 'pending' : 'none';
}

/**
 * The role once vendor approval data loads or changes. Spec section 4 says: "If the account is not
 * approved and the stored role is user, it stays user; if approved, the role becomes vendor." We read
 * it as: a non-approved account can only act as a user, whatever was stored; an approved one becomes
 * a vendor unless the person has chosen a view with the toggle, which is stored and wins, so a
 * re-fetch of the vendor status never flips an approved vendor out of the user view they picked.
 */
export function roleAfterApproval(isApproved: boolean, storedViewRole: ViewRole | null): ViewRole {
  if (!isApproved) return 'user';
  return storedViewRole ?? 'vendor';
}

/** Where each role lives; the guard sends people here. */
export function homePathOf(role: Role): string {
  if (role === 'vendor') return paths.vendorDashboard;
  if (role === 'user') return paths.localActivities;
  return paths.root;
}
