import type { SupportMessage, SupportStatus } from '@localloop/contract';
import { formatDate } from '../lib/format-date.ts';

const statusLook: Record<SupportStatus, { label: string; className: string }> = {
  open: { label: 'Waiting for support', className: 'bg-amber-100 text-amber-900' },
  answered: { label: 'Answered', className: 'bg-teal-100 text-teal-900' },
  closed: { label: 'Closed', className: 'bg-slate-200 text-slate-800' },
};

/** Where a support request stands, in words (the person's and the operators' lists). */
export function SupportStatusBadge({ status, operator = false }: { status: SupportStatus; operator?: boolean }) {
  const look = statusLook[status];
  return <span className={`badge shrink-0 ${look.className}`}>{operator && status === 'open' ? 'Open' : look.label}</span>;
}

/**
 * A request's conversation, oldest first: the person's messages and support's answers, as plain text (never HTML),
 * long words broken so nothing scrolls sideways.
 */
export function SupportThread({ messages, label }: { messages: readonly SupportMessage[]; label: string }) {
  return (
    <ol aria-label={label} className="space-y-3">
      {messages.map((m) => {
        const fromSupport = m.author === 'support';
        return (
          <li key={m.id} className={`rounded-2xl border px-4 py-3 ${fromSupport ? 'border-teal-200 bg-teal-50' : 'border-slate-200 bg-white'}`}>
            <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
              <span className={`font-semibold [overflow-wrap:anywhere] ${fromSupport ? 'text-teal-900' : 'text-slate-900'}`}>{m.author_name}</span>
              <time dateTime={m.created_at} className="text-xs text-slate-600">
                {formatDate(m.created_at)}
              </time>
            </p>
            <p className="mt-1.5 whitespace-pre-wrap text-sm text-slate-800 [overflow-wrap:anywhere]">{m.body}</p>
          </li>
        );
      })}
    </ol>
  );
}
