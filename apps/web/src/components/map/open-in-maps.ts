/** A link that opens the point in a maps site (OpenStreetMap, whose tiles the maps here use), marked and close up. */
export function openInMapsUrl(latitude: number, longitude: number): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;
}

/** Whether the browser says it has no network: a map would only be a grey box. */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}
