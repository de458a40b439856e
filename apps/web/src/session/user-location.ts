import { useSyncExternalStore } from 'react';
import { getUserLocation, isLocationRefused, locationAccessKey, storageKeys, storeLocationRefused, storeUserLocation } from './storage.ts';
import type { StoredLocation } from './storage.ts';
import { defaultLocation } from './default-location.ts';

export type { StoredLocation } from './storage.ts';
/** The stored location as it is now (outside React, e.g. in an effect that must not act on a stale render). */
export { getUserLocation } from './storage.ts';

/** Where a visitor without a stored location is taken to be (in a module of its own: the boot script reads it too). */
export { defaultLocation } from './default-location.ts';

/**
 * Every "near me" query key starts with this, so one invalidation of ['near'] refetches them all
 * when the location changes; the coordinates are part of the key, so each location has its own cache.
 */
export function nearQueryKey(location: StoredLocation, ...rest: unknown[]): unknown[] {
  return ['near', ...rest, { latitude: location.latitude, longitude: location.longitude }];
}

const listeners = new Set<() => void>();
let snapshot: { text: string; value: StoredLocation | null } = { text: 'null', value: null };

/**
 * Read afresh each time (a logout clears all storage without telling anyone), but the same object is
 * returned until the stored value really changes, as useSyncExternalStore needs.
 */
function current(): StoredLocation | null {
  const value = getUserLocation();
  const text = JSON.stringify(value);
  if (text !== snapshot.text) snapshot = { text, value };
  return snapshot.value;
}

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    // Another tab chose a location or was refused one, or logged out (clear() gives a null key).
    if (event.key === null || event.key === storageKeys.userLocation || event.key === locationAccessKey) notify();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Stores the chosen location under userLocation and tells every reader. */
export function setUserLocation(location: StoredLocation): void {
  storeUserLocation(location);
  notify();
}

/** Re-reads storage (after a logout cleared it, or in tests). */
export function reloadUserLocation(): void {
  notify();
}

/** The stored location as chosen, or null when none is stored (the picker shows "Select Location"). */
export function useStoredLocation(): StoredLocation | null {
  return useSyncExternalStore(subscribe, current, current);
}

/** The location every "near me" list is about: the stored one, else New York. */
export function useUserLocation(): StoredLocation {
  return useStoredLocation() ?? defaultLocation;
}

/**
 * Remembers that the browser refused the position (true), or that it gave one since (false): while refused, the
 * header does not ask again on every load and offers "Set your area" instead.
 */
export function setLocationRefused(refused: boolean): void {
  storeLocationRefused(refused);
  notify();
}

/** Whether the browser refused the position and no location has been detected since. */
export function useLocationRefused(): boolean {
  return useSyncExternalStore(subscribe, isLocationRefused, isLocationRefused);
}
