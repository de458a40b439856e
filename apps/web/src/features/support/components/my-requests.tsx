import { supportTopicLabels } from '@localloop/contract';
import { ChevronDown, ChevronRight, Inbox, LoaderCircle } from 'lucide-react';
import { Link } from 'react-router';
import { errorMessageOf } from '../../../components/server-errors.ts';
import { SupportStatusBadge } from '../../../components/support-thread.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { supportPageSize, useMySupportRequests } from '../api/get-my-support-requests.ts';
import { RequestDetails } from './request-details.tsx';

type MyRequestsProps = {
  page: number;
  selectedId: string | null;
  /** The address that opens (or, given null, closes) a request, keeping the page. */
  hrefOf: (change: { request?: string | null; page?: number }) => string;
};

/** The person's requests, newest first; the chosen one opens in place with its conversation. */
export function MyRequests({ page, selectedId, hrefOf }: MyRequestsProps) {
  const requests = useMySupportRequests(page);
  if (requests.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 py-6 text-sm text-slate-600">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> Loading your requests…
      </p>
    );
  }
  if (requests.isError) {
    return (
      <div role="alert" className="space-y-3 py-4 text-sm">
        <p className="text-red-800">Could not load your requests. {errorMessageOf(requests.error)}</p>
        <button type="button" className="btn-secondary" onClick={() => void requests.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const { results, count } = requests.data;
  if (count === 0) {
    return (
      <>
        {/* An address naming a request (another account's link, an old e-mail) says what became of it. */}
        {selectedId !== null && (
          <div className="mb-4">
            <RequestDetails id={selectedId} />
          </div>
        )}
        <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-slate-300 px-4 py-10 text-center text-sm text-slate-600">
          <Inbox aria-hidden="true" className="size-6 text-slate-500" />
          You have not contacted support yet. Your requests and our answers will show here.
        </div>
      </>
    );
  }
  const pages = Math.ceil(count / supportPageSize);
  // A request opened from a notification or an e-mail may be on another page: show it above the list.
  const selectedElsewhere = selectedId !== null && !results.some((r) => r.id === selectedId);
  return (
    <div className={requests.isPlaceholderData ? 'opacity-60' : undefined}>
      {selectedElsewhere && (
        <div className="mb-4">
          <RequestDetails id={selectedId} />
        </div>
      )}
      <ul aria-label="Your support requests" className="space-y-3">
        {results.map((r) => {
          const open = r.id === selectedId;
          return (
            <li key={r.id} className="rounded-2xl border border-slate-200 bg-white">
              <Link to={hrefOf({ request: open ? null : r.id })} aria-expanded={open} className="flex items-start gap-3 rounded-2xl px-4 py-3 hover:bg-slate-50">
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-medium text-slate-900">
                      #{r.number} · {supportTopicLabels[r.topic]}
                    </span>
                    <SupportStatusBadge status={r.status} />
                  </p>
                  <p className="mt-0.5 line-clamp-2 text-sm text-slate-700 [overflow-wrap:anywhere]">{r.excerpt}</p>
                  <p className="mt-0.5 text-xs text-slate-600">
                    Sent {formatDate(r.created_at, 'DD MMM YYYY')} · {r.message_count === 1 ? '1 message' : `${r.message_count} messages`}
                  </p>
                </div>
                {open ? <ChevronDown aria-hidden="true" className="mt-1 size-4 shrink-0 text-slate-500" /> : <ChevronRight aria-hidden="true" className="mt-1 size-4 shrink-0 text-slate-500" />}
              </Link>
              {open && (
                <div className="px-3 pb-3">
                  <RequestDetails id={r.id} />
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {pages > 1 && (
        <nav aria-label="Pages of your requests" className="mt-4 flex items-center justify-between gap-2 text-sm">
          {page > 1 ? <Link className="btn-secondary" to={hrefOf({ page: page - 1, request: null })}>Previous</Link> : <span />}
          <span className="text-slate-600">
            Page {page} of {pages}
          </span>
          {page < pages ? <Link className="btn-secondary" to={hrefOf({ page: page + 1, request: null })}>Next</Link> : <span />}
        </nav>
      )}
    </div>
  );
}
