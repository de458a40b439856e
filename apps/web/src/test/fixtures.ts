import type { LoginResponse, Profile } from '@localloop/contract';

export const userLogin: LoginResponse = {
  access: 'access-user',
  refresh: 'refresh-user',
  user: { id: '0b9f1c7e-3f0a-4c1e-9d55-1a2b3c4d5e61', phone_number: '+15550000001', email: 'user@example.com' },
  vendor_id: null,
  is_approved: false,
  kyc_status: null,
};

export const vendorLogin: LoginResponse = {
  access: 'access-vendor',
  refresh: 'refresh-vendor',
  user: { id: '0b9f1c7e-3f0a-4c1e-9d55-1a2b3c4d5e62', phone_number: '+15550000002', email: 'vendor@example.com' },
  vendor_id: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
  is_approved: true,
  kyc_status: 'approved',
};

export const pendingVendorLogin: LoginResponse = {
  access: 'access-pending',
  refresh: 'refresh-pending',
  user: { id: '0b9f1c7e-3f0a-4c1e-9d55-1a2b3c4d5e63', phone_number: '+15550000003', email: 'pending@example.com' },
  vendor_id: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e60',
  is_approved: false,
  kyc_status: 'pending',
};

/** Puts a session in localStorage the way a login leaves it, before the app starts. */
export function storeSession(response: LoginResponse, extra: Record<string, string> = {}): void {
  localStorage.setItem('access', response.access);
  localStorage.setItem('refresh', response.refresh);
  localStorage.setItem('userData', JSON.stringify(response));
  if (response.user.phone_number) localStorage.setItem('phone_number', response.user.phone_number);
  if (response.user.email) localStorage.setItem('email', response.user.email);
  if (response.vendor_id) localStorage.setItem('vendor_id', response.vendor_id);
  for (const [key, value] of Object.entries(extra)) localStorage.setItem(key, value);
}

/** GET /profile/ of userLogin's account. */
export const userProfile: Profile = {
  id: userLogin.user.id,
  email: 'user@example.com',
  phone_number: '+15550000001',
  username: 'una_user',
  first_name: 'Una',
  last_name: 'User',
  profile_image: null,
  profile_thumbnail: null,
  pending_email: null,
  pending_phone_number: null,
  has_password: true,
  vendor_id: null,
  is_approved: false,
  kyc_status: null,
  is_operator: false,
  date_joined: '2025-01-15T10:00:00.000Z',
  location: null,
};
