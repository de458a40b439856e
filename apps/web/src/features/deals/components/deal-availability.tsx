import type { DealState } from '@localloop/contract';
import { formatInstant } from '../../../lib/format-instant.ts';

/** A deal's state in a customer's words. */
export const dealStateWords: Record<DealState, string> = {
  active: 'On sale',
  upcoming: 'Coming soon',
  expired: 'Ended',
  sold_out: 'Sold out',
  paused: 'Paused',
};

const tones: Record<DealState, string> = {
  active: 'bg-teal-50 text-teal-900 ring-teal-200',
  upcoming: 'bg-sky-50 text-sky-900 ring-sky-200',
  expired: 'bg-slate-100 text-slate-700 ring-slate-300',
  sold_out: 'bg-red-50 text-red-800 ring-red-200',
  paused: 'bg-amber-50 text-amber-900 ring-amber-200',
};

export function DealAvailabilityBadge({ state }: { state: DealState }) {
  return <span className={`inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${tones[state]}`}>{dealStateWords[state]}</span>;
}

/** Why a deal cannot be bought now, in one sentence; null when it can. */
export function unavailableReason(deal: { state: DealState; starts_at: string; ends_at: string }): string | null {
  switch (deal.state) {
    case 'active':
      return null;
    case 'upcoming':
      return `This deal goes on sale on ${formatInstant(deal.starts_at)}.`;
    case 'expired':
      return `This deal ended on ${formatInstant(deal.ends_at)}.`;
    case 'sold_out':
      return 'This deal is sold out.';
    case 'paused':
      return 'The shop has paused this deal for now. Check back later.';
  }
}
