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

/** "4.3": an average of stars to one decimal. */
export function formatRating(avg: number): string {
  return avg.toFixed(1);
}

export function ratingCountLabel(count: number): string {
  return count === 1 ? '1 rating' : `${count.toLocaleString('en-US')} ratings`;
}

/** A time zone as a place's time: "America/New_York" → "New York time". */
export function zoneLabel(timeZone: string): string {
  const city = timeZone.split('/').at(-1)?.replaceAll('_', ' ');
  return city ? `${city} time` : timeZone;
}
