import { basicInfoFieldLabels } from '@localloop/contract';
import type { BankDetails, ProposedChanges as Changes } from '@localloop/contract';
import { ArrowDown, ArrowRight, GitCompareArrows } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { formatDate } from '../../../lib/format-date.ts';

const when = 'DD MMM YYYY hh:mm a';

function bankLines(bank: BankDetails): string {
  const number = `${bank.kind === 'iban' ? 'IBAN' : 'Account'} ${bank.account_number_masked}`;
  return [bank.account_holder, bank.bank_name, number, bank.routing_number ? `Routing ${bank.routing_number}` : null].filter(Boolean).join('\n');
}

function Value({ children, tone }: { children: ReactNode; tone: 'live' | 'proposed' }) {
  const colours = tone === 'live' ? 'border-slate-200 bg-slate-50 text-slate-700' : 'border-amber-300 bg-amber-50 text-slate-900';
  return <div className={`min-w-0 rounded-xl border px-3 py-2 text-sm whitespace-pre-line ${colours}`}>{children}</div>;
}

function Logo({ url }: { url: string | null }) {
  return url ? <img src={url} alt="" className="size-14 rounded-xl object-cover ring-1 ring-slate-200" /> : <span className="text-slate-500">No logo</span>;
}

/** One change: the live value, then what it would become. Stacked on a phone, side by side from `sm`. */
function Change({ label, live, proposed, liveLabel, proposedLabel }: { label: string; live: ReactNode; proposed: ReactNode; liveLabel: string; proposedLabel: string }) {
  return (
    <li className="py-3 first:pt-0 last:pb-0">
      <p className="text-sm font-semibold text-slate-900">{label}</p>
      {/* Top-aligned, so "Live now" and "Proposed" stay on one line however long either value is. */}
      <div className="mt-1.5 grid gap-1.5 sm:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] sm:items-start sm:gap-3">
        <div className="min-w-0">
          <p className="mb-1 text-xs font-medium text-slate-600">{liveLabel}</p>
          <Value tone="live">{live}</Value>
        </div>
        <ArrowDown aria-hidden="true" className="mx-auto size-4 text-slate-500 sm:hidden" />
        <ArrowRight aria-hidden="true" className="hidden size-4 text-slate-500 sm:mt-8 sm:block" />
        <div className="min-w-0">
          <p className="mb-1 text-xs font-medium text-amber-900">{proposedLabel}</p>
          <Value tone="proposed">{proposed}</Value>
        </div>
      </div>
    </li>
  );
}

/** An approved vendor's proposed changes, each beside the live value it replaces: what approving makes public. */
export function ProposedChanges({ changes }: { changes: Changes }) {
  const id = useId();
  const labels = { liveLabel: 'Live now', proposedLabel: 'Proposed' };
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-amber-300 bg-white p-5 shadow-sm">
      <div className="flex items-start gap-3">
        <GitCompareArrows aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
        <div className="min-w-0">
          <h3 id={id} className="text-base font-semibold text-slate-900">
            Proposed changes
          </h3>
          <p className="mt-0.5 text-sm text-slate-600">
            {changes.submitted_at
              ? `Sent for review ${formatDate(changes.submitted_at, when)}. Approving makes them public; rejecting discards them and the shop keeps its live details.`
              : 'Not sent for review yet: the owner can still change them.'}
          </p>
        </div>
      </div>
      <ul aria-label="Proposed changes" className="mt-4 divide-y divide-slate-100">
        {changes.basic_info.map((change) => (
          <Change
            key={change.field}
            label={basicInfoFieldLabels[change.field]}
            live={change.field === 'logo' ? <Logo url={change.live} /> : (change.live ?? '—')}
            proposed={change.field === 'logo' ? <Logo url={change.proposed} /> : (change.proposed ?? '—')}
            {...labels}
          />
        ))}
        {changes.bank && (
          <Change
            label="Bank details"
            live={changes.bank.live ? bankLines(changes.bank.live) : 'None'}
            proposed={bankLines(changes.bank.proposed)}
            {...labels}
          />
        )}
      </ul>
    </section>
  );
}
