import { Tab, TabGroup, TabList } from '@headlessui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { MAX_SUPPORT_MESSAGE_LENGTH, SupportReplyInput, supportTopicLabels } from '@localloop/contract';
import type { SupportRequestSummary } from '@localloop/contract';
import { ArrowLeft, ChevronRight, Inbox, LoaderCircle, MousePointerClick, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Link } from 'react-router';
import { EmailText } from '../../../components/email-text.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { applyServerError, errorMessageOf } from '../../../components/server-errors.ts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { SupportStatusBadge, SupportThread } from '../../../components/support-thread.tsx';
import { inputClass } from '../../../components/text-field.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { toast } from '../../../lib/toast.ts';
import { useActOnSupportRequest } from '../api/act-on-support-request.ts';
import { useAdminSupportRequest } from '../api/get-admin-support-request.ts';
import { useAdminSupportRequests, type SupportFilter } from '../api/get-admin-support-requests.ts';

export const supportTabs: { status: SupportFilter; label: string }[] = [
  { status: 'open', label: 'Open' },
  { status: 'answered', label: 'Answered' },
  { status: 'closed', label: 'Closed' },
  { status: 'all', label: 'All' },
];

const emptyText: Record<SupportFilter, string> = {
  open: 'No request is waiting for an answer.',
  answered: 'No answered requests.',
  closed: 'No closed requests.',
  all: 'No support requests yet.',
};

type SupportConsoleProps = {
  status: SupportFilter;
  q: string;
  searchText: string;
  onSearch: (text: string) => void;
  onStatus: (status: SupportFilter) => void;
  selectedId: string | null;
  hrefOf: (request: SupportRequestSummary | null) => string;
  isNarrow: boolean;
};

/** /admin?section=support: the requests by status, searchable, and the chosen one with its thread and actions. */
export function SupportConsole({ status, q, searchText, onSearch, onStatus, selectedId, hrefOf, isNarrow }: SupportConsoleProps) {
  const id = useId();
  const showList = !isNarrow || !selectedId;
  const showDetail = !isNarrow || selectedId;
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[26rem_minmax(0,1fr)]">
      {showList && (
        <div className="min-w-0 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm lg:sticky lg:top-20 lg:max-h-[calc(100vh-6rem)] lg:self-start lg:overflow-y-auto">
          <TabGroup selectedIndex={Math.max(0, supportTabs.findIndex((tab) => tab.status === status))} onChange={(index) => onStatus(supportTabs[index]?.status ?? 'open')}>
            <TabList aria-label="Request status" className="flex flex-wrap gap-1 border-b border-slate-100 p-2">
              {supportTabs.map((tab) => (
                <Tab
                  key={tab.status}
                  className="shrink-0 rounded-lg px-2.5 py-1.5 text-sm font-medium text-slate-600 outline-none hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-600 data-selected:bg-teal-700 data-selected:text-white"
                >
                  {tab.label}
                </Tab>
              ))}
            </TabList>
          </TabGroup>
          <div className="p-3">
            <label htmlFor={`${id}-q`} className="sr-only">
              Search support requests
            </label>
            <div className="relative">
              <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" />
              <input id={`${id}-q`} type="search" value={searchText} onChange={(event) => onSearch(event.target.value)} placeholder="Words, e-mail, name or #number" className={`${inputClass} py-2 pl-9 text-sm`} />
            </div>
          </div>
          <SupportQueue status={status} q={q} selectedId={selectedId} hrefOf={hrefOf} />
        </div>
      )}
      {showDetail && (
        <div className="min-w-0">
          {selectedId ? (
            <SupportReview key={selectedId} id={selectedId} backHref={isNarrow ? hrefOf(null) : null} />
          ) : (
            <div className="flex h-full min-h-64 flex-col items-center justify-center rounded-2xl border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600">
              <MousePointerClick aria-hidden="true" className="mb-2 size-6 text-slate-500" />
              Choose a request in the list to read and answer it.
            </div>
          )}
        </div>
      )}
    </div>
  );
}

function SupportQueue({ status, q, selectedId, hrefOf }: { status: SupportFilter; q: string; selectedId: string | null; hrefOf: (r: SupportRequestSummary) => string }) {
  const requests = useAdminSupportRequests(status, q);
  if (requests.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 px-4 py-6 text-sm text-slate-600">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> Loading requests…
      </p>
    );
  }
  if (requests.isError && !requests.data) {
    return (
      <div role="alert" className="space-y-3 px-4 py-6 text-sm">
        <p className="text-red-800">Could not load the requests. {errorMessageOf(requests.error)}</p>
        <button type="button" className="btn-secondary" onClick={() => void requests.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const items = requests.data.pages.flatMap((page) => page.results);
  const count = requests.data.pages[0]?.count ?? 0;
  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-4 py-10 text-center text-sm text-slate-600">
        <Inbox aria-hidden="true" className="size-6 text-slate-500" />
        <span className="[overflow-wrap:anywhere]">{q ? `No requests match “${q}”.` : emptyText[status]}</span>
      </div>
    );
  }
  return (
    <div className={requests.isPlaceholderData ? 'opacity-60' : undefined}>
      <p className="px-4 pb-2 text-xs text-slate-600" role="status">
        {count === 1 ? '1 request' : `${count} requests`}
        {status === 'open' && ', longest waiting first'}
      </p>
      <ul aria-label="Support requests" className="divide-y divide-slate-100 border-t border-slate-100">
        {items.map((r) => {
          const selected = r.id === selectedId;
          return (
            <li key={r.id}>
              <Link to={hrefOf(r)} aria-current={selected ? 'true' : undefined} className={`flex items-center gap-3 px-4 py-3 transition-colors ${selected ? 'bg-teal-50' : 'hover:bg-slate-50'}`}>
                <div className="min-w-0 flex-1">
                  <p className="flex items-center gap-2">
                    <span className="truncate font-medium text-slate-900">
                      #{r.number} · {supportTopicLabels[r.topic]}
                    </span>
                    <SupportStatusBadge status={r.status} operator />
                  </p>
                  <p className="truncate text-sm text-slate-700">{r.person.email ?? r.person.phone_number ?? r.person.name}</p>
                  <p className="line-clamp-1 text-xs text-slate-600 [overflow-wrap:anywhere]">{r.excerpt}</p>
                  <p className="text-xs text-slate-600">Last message {formatDate(r.last_message_at)}</p>
                </div>
                <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
              </Link>
            </li>
          );
        })}
      </ul>
      {requests.hasNextPage && (
        <div className="p-4">
          <button type="button" className="btn-secondary w-full" disabled={requests.isFetchingNextPage} onClick={() => void requests.fetchNextPage()}>
            {requests.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        </div>
      )}
    </div>
  );
}

type AnswerInput = z.input<typeof SupportReplyInput>;

function SupportReview({ id, backHref }: { id: string; backHref: string | null }) {
  const headingId = useId();
  const fieldId = useId();
  const request = useAdminSupportRequest(id);
  const act = useActOnSupportRequest(id);
  const [alert, setAlert] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<AnswerInput>({ resolver: zodResolver(SupportReplyInput), defaultValues: { message: '' } });

  if (request.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 py-6 text-sm text-slate-600">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> Loading the request…
      </p>
    );
  }
  if (request.isError) {
    return (
      <div role="alert" className="space-y-3 py-6 text-sm">
        <p className="text-red-800">Could not load this request. {errorMessageOf(request.error)}</p>
        <button type="button" className="btn-secondary" onClick={() => void request.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const r = request.data;
  const onAnswer = handleSubmit(async ({ message }) => {
    setAlert(null);
    try {
      await act.mutateAsync({ kind: 'answer', message });
      reset({ message: '' });
      toast.success(`Answer sent to ${r.person.name}.`);
    } catch (error) {
      setAlert(applyServerError(error, setError, ['message']));
    }
  });
  const toggle = async (kind: 'close' | 'reopen') => {
    setAlert(null);
    try {
      await act.mutateAsync({ kind });
      toast.success(kind === 'close' ? `Request #${r.number} closed.` : `Request #${r.number} reopened.`);
    } catch (error) {
      setAlert(errorMessageOf(error));
    }
  };
  const error = formState.errors.message?.message;
  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      {backHref && (
        <Link to={backHref} className="btn-ghost -ml-2 mb-3">
          <ArrowLeft aria-hidden="true" className="size-4" /> All requests
        </Link>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="text-xl font-semibold text-slate-900">
          Request #{r.number}: {supportTopicLabels[r.topic]}
        </h2>
        <SupportStatusBadge status={r.status} operator />
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        <dt className="text-slate-600">From</dt>
        <dd className="min-w-0 text-slate-900 [overflow-wrap:anywhere]">
          {r.person.name}
          {r.person.email && (
            <>
              {' · '}
              <EmailText value={r.person.email} />
            </>
          )}
          {r.person.phone_number && ` · ${r.person.phone_number}`}
        </dd>
        <dt className="text-slate-600">Sent</dt>
        <dd className="text-slate-900">{formatDate(r.created_at)}</dd>
        {r.reference && (
          <>
            <dt className="text-slate-600">About</dt>
            <dd className="min-w-0 text-slate-900 [overflow-wrap:anywhere]">{r.reference.label}</dd>
          </>
        )}
      </dl>
      <div className="mt-5">
        <SupportThread messages={r.messages} label={`Conversation of request #${r.number}`} />
      </div>
      <div className="mt-5 space-y-3">
        <FormAlert>{alert}</FormAlert>
        {r.status === 'closed' ? (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-slate-700">Closed {formatDate(r.closed_at)}. Reopen it to answer again.</p>
            <button type="button" className="btn-secondary" disabled={act.isPending} onClick={() => void toggle('reopen')}>
              Reopen
            </button>
          </div>
        ) : (
          <form noValidate onSubmit={(event) => void onAnswer(event)} className="space-y-3">
            <div>
              <label htmlFor={fieldId} className="block text-sm font-medium text-slate-800">
                Your answer
              </label>
              <textarea
                id={fieldId}
                rows={5}
                maxLength={MAX_SUPPORT_MESSAGE_LENGTH}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${fieldId}-error` : `${fieldId}-hint`}
                className={`${inputClass} mt-1.5`}
                {...register('message')}
              />
              {error ? (
                <p id={`${fieldId}-error`} className="mt-1.5 text-sm text-red-700">
                  {error}
                </p>
              ) : (
                <p id={`${fieldId}-hint`} className="mt-1.5 text-xs text-slate-600">
                  {r.person.name} is notified and gets it by e-mail. Your first name is shown with it.
                </p>
              )}
            </div>
            <div className="flex flex-wrap gap-3">
              <SubmitButton busy={formState.isSubmitting} className="btn-primary">
                Send answer
              </SubmitButton>
              <button type="button" className="btn-secondary" disabled={act.isPending} onClick={() => void toggle('close')}>
                Close request
              </button>
            </div>
          </form>
        )}
      </div>
    </article>
  );
}
