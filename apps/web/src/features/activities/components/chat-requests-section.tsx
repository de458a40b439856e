import type { ChatRequest } from '@localloop/contract';
import { Check, LoaderCircle, MessageCircle, X } from 'lucide-react';
import { useNavigate } from 'react-router';
import { PersonChip } from '../../../components/person-avatar.tsx';
import { LoadError } from '../../../components/page-states.tsx';
import { errorMessageOf } from '../../../components/server-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { to } from '../../../paths.ts';
import { useChatRequests, useDecideChatRequests } from '../api/chat-requests.ts';
import { formatInstant } from '../../../lib/format-instant.ts';

const rowClass = 'flex min-w-0 flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-start sm:justify-between';

/** The host's pending chat requests: accept (a one-to-one chat opens) or decline, one by one or all at once. */
export function ChatRequestsSection({ activityId }: { activityId: string }) {
  const requests = useChatRequests(activityId, true);
  const decide = useDecideChatRequests();
  // The toasts live outside the router: their button navigates through this page's navigate.
  const navigate = useNavigate();
  const deciding = (id: string) => decide.isPending && decide.variables.decisions.some((d) => d.id === id);

  const onDecide = (list: ChatRequest[], accept: boolean) =>
    decide.mutate(
      { activityId, decisions: list.map((r) => ({ id: r.id, is_accepted: accept, is_rejected: !accept })) },
      {
        onSuccess: (decided) => {
          const first = decided[0];
          if (decided.length === 1 && first) {
            if (accept && first.room_id) {
              const roomId = first.room_id;
              toast.success(
                <span>
                  You can now chat with {first.requester.name}.{' '}
                  <button type="button" onClick={() => void navigate(to.chat(activityId, roomId))} className="font-semibold underline">
                    Open the chat
                  </button>
                </span>,
              );
            } else toast.success(accept ? `You can now chat with ${first.requester.name}.` : `${first.requester.name}'s chat request is declined.`);
          } else toast.success(accept ? `${decided.length} chat requests accepted.` : `${decided.length} chat requests declined.`);
        },
        onError: (error) => toast.error(errorMessageOf(error)),
      },
    );

  return (
    <section aria-labelledby="chat-requests-heading" className="mt-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="chat-requests-heading" className="text-lg font-semibold text-slate-900">
          Chat requests {requests.data && requests.data.length > 0 && <span className="badge bg-teal-50 text-teal-800">{requests.data.length}</span>}
        </h2>
        {requests.data && requests.data.length > 1 && (
          <button type="button" className="btn-secondary" disabled={decide.isPending} onClick={() => onDecide(requests.data, true)}>
            <Check aria-hidden="true" className="size-4" /> Accept all
          </button>
        )}
      </div>
      {requests.isPending ? (
        <p role="status" className="mt-2 flex items-center gap-2 text-sm text-slate-600">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> Loading…
        </p>
      ) : requests.isError ? (
        <div className="mt-3">
          <LoadError error={requests.error} what="the chat requests" onRetry={() => void requests.refetch()} />
        </div>
      ) : requests.data.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Nobody is waiting to chat. People who want to ask something before joining send you a message here.</p>
      ) : (
        <ul aria-label="Chat requests" className="mt-3 space-y-3">
          {requests.data.map((r) => (
            <li key={r.id} className={rowClass}>
              <div className="min-w-0 space-y-2">
                <PersonChip person={r.requester} note={`Asked ${formatInstant(r.created_at)}`} />
                {r.message && (
                  <p className="flex min-w-0 gap-2 text-sm text-slate-700">
                    <MessageCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
                    <span className="min-w-0 whitespace-pre-line [overflow-wrap:anywhere]">{r.message}</span>
                  </p>
                )}
              </div>
              <div className="flex shrink-0 flex-wrap gap-2">
                <button type="button" className="btn-primary" disabled={decide.isPending} aria-busy={deciding(r.id)} aria-label={`Chat with ${r.requester.name}`} onClick={() => onDecide([r], true)}>
                  {deciding(r.id) ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <Check aria-hidden="true" className="size-4" />} Accept
                </button>
                <button type="button" className="btn-secondary" disabled={decide.isPending} aria-label={`Decline ${r.requester.name}'s chat request`} onClick={() => onDecide([r], false)}>
                  <X aria-hidden="true" className="size-4" /> Decline
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
