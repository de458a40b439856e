import type { DealState } from '@localloop/contract';
import { dealStateLabels } from '../format.ts';

const tones: Record<DealState, string> = {
  active: 'bg-teal-50 text-teal-800 ring-teal-200',
  upcoming: 'bg-sky-50 text-sky-800 ring-sky-200',
  expired: 'bg-slate-100 text-slate-700 ring-slate-200',
  sold_out: 'bg-amber-50 text-amber-800 ring-amber-200',
  paused: 'bg-orange-50 text-orange-800 ring-orange-200',
};

/** Where a deal stands (on sale, to come, ended, sold out, paused), as a coloured word. */
export function DealStateBadge({ state }: { state: DealState }) {
  return <span className={`badge shrink-0 ring-1 ring-inset ${tones[state]}`}>{dealStateLabels[state]}</span>;
}
