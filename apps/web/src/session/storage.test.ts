import { describe, expect, it } from 'vitest';
import { pendingVendorLogin, userLogin } from '../test/fixtures.ts';
import {
  clearAll,
  getRefreshToken,
  getStoredViewRole,
  readStoredSession,
  removeTokens,
  storageKeys,
  getStoredUsername,
  isLocationRefused,
  markLocationNoticeShown,
  storeAccountKeys,
  storeLocationRefused,
  wasLocationNoticeShown,
  storeLogin,
  storeTokens,
  storeUsername,
  storeViewRole,
} from './storage.ts';

describe('session storage', () => {
  it('uses the spec key names, to the letter', () => {
    expect(Object.values(storageKeys)).toEqual([
      'access',
      'refresh',
      'userData',
      'phone_number',
      'email',
      'vendor_id',
      'userRole',
      'userLocation',
      'username',
    ]);
  });

  it('stores a login as access, refresh, userData (the whole response), phone_number, email and vendor_id', () => {
    storeLogin(pendingVendorLogin);
    expect(localStorage.getItem('access')).toBe(pendingVendorLogin.access);
    expect(localStorage.getItem('refresh')).toBe(pendingVendorLogin.refresh);
    expect(JSON.parse(localStorage.getItem('userData') ?? 'null')).toEqual(pendingVendorLogin);
    expect(localStorage.getItem('phone_number')).toBe('+15550000003');
    expect(localStorage.getItem('email')).toBe('pending@example.com');
    expect(localStorage.getItem('vendor_id')).toBe(pendingVendorLogin.vendor_id);
  });

  it('stores no vendor_id for an account without one', () => {
    storeLogin(userLogin);
    expect(localStorage.getItem('vendor_id')).toBeNull();
  });

  it('reads the refresh token from the older refresh_token key when refresh is absent', () => {
    localStorage.setItem('refresh_token', 'legacy');
    expect(getRefreshToken()).toBe('legacy');
  });

  it('replaces and removes the token pair without touching the rest of the session', () => {
    storeLogin(userLogin);
    storeTokens('a2', 'r2');
    expect(readStoredSession().access).toBe('a2');
    expect(getRefreshToken()).toBe('r2');
    removeTokens();
    expect(readStoredSession()).toEqual({ access: null, userData: JSON.stringify(userLogin) });
    expect(getRefreshToken()).toBeNull();
  });

  it('keeps only user or vendor as the stored view role', () => {
    storeViewRole('user');
    expect(getStoredViewRole()).toBe('user');
    localStorage.setItem('userRole', 'admin');
    expect(getStoredViewRole()).toBeNull();
  });

  it('clears all of local storage, not only its own keys', () => {
    storeLogin(userLogin);
    localStorage.setItem('userLocation', '{"city":"New York"}');
    localStorage.setItem('something-else', 'x');
    clearAll();
    expect(localStorage.length).toBe(0);
  });

  it('keeps the email, phone_number and username keys and the stored user in step with a changed profile', () => {
    storeLogin(userLogin);
    storeAccountKeys({ email: 'new@example.com', phone_number: null, username: 'new_name' });
    expect(localStorage.getItem('email')).toBe('new@example.com');
    expect(localStorage.getItem('phone_number')).toBeNull();
    expect(getStoredUsername()).toBe('new_name');
    expect(JSON.parse(localStorage.getItem('userData') ?? 'null')).toEqual({
      ...userLogin,
      user: { ...userLogin.user, email: 'new@example.com', phone_number: null },
    });
  });

  it('stores the username on its own', () => {
    storeUsername('sam_k');
    expect(localStorage.getItem('username')).toBe('sam_k');
  });

  it('remembers a refused position under its own key until told otherwise, and a logout forgets it', () => {
    expect(isLocationRefused()).toBe(false);
    storeLocationRefused(true);
    expect(localStorage.getItem('locationAccess')).toBe('denied');
    expect(isLocationRefused()).toBe(true);
    storeLocationRefused(false);
    expect(localStorage.getItem('locationAccess')).toBeNull();
    storeLocationRefused(true);
    clearAll();
    expect(isLocationRefused()).toBe(false);
  });

  it('keeps the once-a-visit location notice in sessionStorage, so a logout does not make it show again', () => {
    expect(wasLocationNoticeShown()).toBe(false);
    markLocationNoticeShown();
    clearAll();
    expect(wasLocationNoticeShown()).toBe(true);
    expect(sessionStorage.getItem('locationNoticeShown')).toBe('true');
  });
});
