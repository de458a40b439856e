import { describe, expect, it } from 'vitest';
import {
  canPostDeals,
  deriveRole,
  homePathOf,
  kycStatusOf,
  parseUserData,
  resolveRole,
  roleAfterApproval,
  vendorApprovalOf,
} from './auth-rules.ts';
import type { UserData } from './auth-rules.ts';

const user: UserData = { user: { id: 'u1' }, vendor_id: null, is_approved: false, kyc_status: null };
const approvedVendor: UserData = { user: { id: 'u2' }, vendor_id: 'v2', is_approved: true, kyc_status: 'approved' };
const pendingVendor: UserData = { user: { id: 'u3' }, vendor_id: 'v3', is_approved: false, kyc_status: 'pending' };

describe('deriveRole', () => {
  it('is vendor when there is a vendor_id and is_approved is true', () => {
    expect(deriveRole(approvedVendor)).toBe('vendor');
  });
  it('is user for a vendor that is not approved yet, since it still has a user id', () => {
    expect(deriveRole(pendingVendor)).toBe('user');
  });
  it('is user when the data has a user with an id', () => {
    expect(deriveRole(user)).toBe('user');
  });
  it('is not vendor when is_approved is truthy but not true', () => {
    expect(deriveRole({ ...approvedVendor, is_approved: null })).toBe('user');
  });
  it('is public without a user id or an approved vendor', () => {
    expect(deriveRole(null)).toBe('public');
    expect(deriveRole({})).toBe('public');
    expect(deriveRole({ user: { id: '' } })).toBe('public');
    expect(deriveRole({ vendor_id: 'v9', is_approved: false })).toBe('public');
  });
  it('is vendor for an approved vendor_id even without a user object', () => {
    expect(deriveRole({ vendor_id: 'v9', is_approved: true })).toBe('vendor');
  });
});

describe('resolveRole', () => {
  it('lets a stored userRole override the derived role', () => {
    expect(resolveRole(approvedVendor, 'user')).toBe('user');
    expect(resolveRole(user, 'vendor')).toBe('vendor');
  });
  it('falls back to the derived role when nothing is stored', () => {
    expect(resolveRole(approvedVendor, null)).toBe('vendor');
    expect(resolveRole(user, null)).toBe('user');
  });
});

describe('kycStatusOf', () => {
  it.each([
    ['a vendor with kyc_status', { vendor_id: 'v', is_approved: false, kyc_status: 'pending' }, 'pending'],
    ['an approved vendor with kyc_status', { vendor_id: 'v', is_approved: true, kyc_status: 'rejected' }, 'rejected'],
    ['an approved vendor without kyc_status', { vendor_id: 'v', is_approved: true, kyc_status: null }, 'approved'],
    ['a vendor neither approved nor with kyc_status', { vendor_id: 'v', is_approved: false }, 'not_submitted'],
    ['a non-vendor', { user: { id: 'u' }, vendor_id: null, is_approved: false, kyc_status: 'pending' }, null],
    ['no data', null, null],
  ] as const)('gives %s → %s', (_name, data, expected) => {
    expect(kycStatusOf(data)).toBe(expected);
  });
});

describe('canPostDeals', () => {
  it('is true only when is_approved is exactly true', () => {
    expect(canPostDeals(true)).toBe(true);
    expect(canPostDeals(false)).toBe(false);
    expect(canPostDeals(null)).toBe(false);
    expect(canPostDeals(undefined)).toBe(false);
  });
});

describe('roleAfterApproval', () => {
  it('keeps a not-approved account a user, whatever was stored', () => {
    expect(roleAfterApproval(false, 'user')).toBe('user');
    expect(roleAfterApproval(false, 'vendor')).toBe('user');
    expect(roleAfterApproval(false, null)).toBe('user');
  });
  it('makes an approved account a vendor when no view is stored', () => {
    expect(roleAfterApproval(true, null)).toBe('vendor');
  });
  it('keeps the view an approved vendor chose with the toggle', () => {
    expect(roleAfterApproval(true, 'user')).toBe('user');
    expect(roleAfterApproval(true, 'vendor')).toBe('vendor');
  });
});

describe('vendorApprovalOf', () => {
  it('is pending with a vendor_id and no approval, approved when approved, none otherwise', () => {
    expect(vendorApprovalOf('v', false)).toBe('pending');
    expect(vendorApprovalOf('v', true)).toBe('approved');
    expect(vendorApprovalOf(null, false)).toBe('none');
    expect(vendorApprovalOf('', undefined)).toBe('none');
  });
});

describe('homePathOf', () => {
  it('sends vendors to their dashboard, users to local activities and anyone else to /', () => {
    expect(homePathOf('vendor')).toBe('/vendor/dashboard');
    expect(homePathOf('user')).toBe('/LocalActivities');
    expect(homePathOf('public')).toBe('/');
  });
});

describe('parseUserData', () => {
  it('reads a stored login response', () => {
    expect(parseUserData(JSON.stringify(approvedVendor))).toMatchObject({ vendor_id: 'v2', is_approved: true });
  });
  it('rejects text that is not JSON or not an object of the expected shape', () => {
    expect(parseUserData('{not json')).toBeNull();
    expect(parseUserData('42')).toBeNull();
    expect(parseUserData('null')).toBeNull();
    expect(parseUserData(JSON.stringify({ is_approved: 'yes' }))).toBeNull();
    expect(parseUserData('[]')).toBeNull();
    expect(parseUserData(JSON.stringify({ user: [] }))).toBeNull();
    expect(parseUserData(JSON.stringify({ user: { id: { nested: 1 } } }))).toBeNull();
    expect(parseUserData(JSON.stringify({ vendor_id: true }))).toBeNull();
    expect(parseUserData(JSON.stringify({ kyc_status: 3 }))).toBeNull();
  });
  it('keeps fields it does not check, and takes null or missing ones as absent', () => {
    const stored = { user: { id: 7, username: 'sam', email: null }, access: 'token', vendor_id: null };
    expect(parseUserData(JSON.stringify(stored))).toEqual(stored);
    expect(parseUserData('{}')).toEqual({});
  });
});
