/** "350 m", "1.2 km", "14 km", "1,250 km": how far a listed thing (a deal's shop, an activity's place) is. */
export function formatDistance(km: number): string {
  if (km < 0.1) return '< 100 m';
  if (km < 1) return `${Math.round((km * 1000) / 10) * 10} m`;
  return km < 10 ? `${km.toFixed(1)} km` : `${Math.round(km).toLocaleString('en-US')} km`;
}
