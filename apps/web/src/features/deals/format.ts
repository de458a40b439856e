import type { DealState, Money } from '@localloop/contract';

/** "$35", "$35.50", "€12": a price in its currency, whole amounts without cents. */
export function formatMoney(price: Money | { amount_cents: number; currency: string }): string {
  const whole = price.amount_cents % 100 === 0;
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: price.currency, minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 }).format(price.amount_cents / 100);
}

/** What each deal state is called where a person reads it. */
export const dealStateLabels: Record<DealState, string> = {
  active: 'Active',
  upcoming: 'Upcoming',
  expired: 'Expired',
  sold_out: 'Sold out',
  paused: 'Paused',
};

/** "350 m", "1.2 km", "14 km": how far a deal's shop is. */
export function formatDistance(km: number): string {
  if (km < 0.1) return '< 100 m';
  if (km < 1) return `${Math.round((km * 1000) / 10) * 10} m`;
  return km < 10 ? `${km.toFixed(1)} km` : `${Math.round(km).toLocaleString('en-US')} km`;
}

/** "4.3": an average of stars to one decimal. */
export function formatRating(avg: number): string {
  return avg.toFixed(1);
}

export function ratingCountLabel(count: number): string {
  return count === 1 ? '1 rating' : `${count.toLocaleString('en-US')} ratings`;
}

/** "Mon 1 Dec 2026, 14:05", in the viewer's own time zone. */
export function formatInstant(instant: string): string {
  return new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(instant));
}

/** A time zone as a place's time: "America/New_York" → "New York time". */
export function zoneLabel(timeZone: string): string {
  const city = timeZone.split('/').at(-1)?.replaceAll('_', ' ');
  return city ? `${city} time` : timeZone;
}
