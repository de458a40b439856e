import type { StoredLocation } from './storage.ts';

/** Where a visitor without a stored location is taken to be, so "near me" lists show something (New York). */
export const defaultLocation: StoredLocation = {
  city: 'New York',
  state: 'New York',
  latitude: 40.7128,
  longitude: -74.006,
  country: 'United States',
  area: '',
  formattedAddress: 'New York, New York, United States',
};
