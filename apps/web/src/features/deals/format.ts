import type { DealState } from '@localloop/contract';

export { formatMoney } from '../../lib/format-money.ts';

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
