import type { OutboxMessage } from '@localloop/contract';
import { Copy, Inbox, Mail, MessageSquareText } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FormAlert } from '../../components/form-alert.tsx';
import { errorMessageOf } from '../../components/server-errors.ts';
import { Spinner } from '../../components/spinner.tsx';
import { TextField } from '../../components/text-field.tsx';
import { formatDate } from '../../lib/format-date.ts';
import { formatRelative, useNow } from '../../lib/relative-time.ts';
import { toast } from '../../lib/toast.ts';
import { isOutboxOff, useOutbox } from './api/get-outbox.ts';
import { EmailText } from '../../components/email-text.tsx';

/** What the filter sends: phone numbers without their spacing; nothing until it is long enough to mean something. */
export function recipientOf(filter: string): string {
  const text = filter.trim();
  const looksLikePhone = /^[+\d][\d\s().-]*$/.test(text);
  const recipient = looksLikePhone ? text.replace(/[\s().-]/g, '') : text.toLowerCase();
  return recipient.length >= 3 ? recipient : '';
}

/** /dev/outbox: the e-mails and texts a development server "sent", so people trying LocalLoop can read their codes. */
export default function DevOutboxPage() {
  const [search, setSearch] = useSearchParams();
  const [filter, setFilter] = useState(() => search.get('to') ?? '');
  const recipient = recipientOf(search.get('to') ?? '');
  const outbox = useOutbox(recipient);
  const now = useNow();

  // The address bar follows the filter once typing pauses, so a filtered outbox can be reloaded or shared.
  const inAddressBar = search.get('to') ?? '';
  useEffect(() => {
    const wanted = filter.trim();
    if (wanted === inAddressBar) return;
    const timer = setTimeout(() => setSearch(wanted ? { to: wanted } : {}, { replace: true }), 300);
    return () => clearTimeout(timer);
  }, [filter, inAddressBar, setSearch]);

  const off = isOutboxOff(outbox.error);
  const messages = [...(outbox.data ?? [])].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));

  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="flex items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-teal-50 text-teal-700">
          <Inbox aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Developer outbox</h1>
          <p className="mt-1 text-sm text-slate-600">
            On a development server, LocalLoop keeps the e-mails and text messages it would send here instead, so you can
            read your codes. New messages appear by themselves.
          </p>
        </div>
      </div>

      {off ? (
        <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 text-slate-700 shadow-sm">
          <h2 className="text-lg font-semibold text-slate-900">The outbox is off</h2>
          <p className="mt-1.5 text-sm">
            This server sends real e-mails and text messages, so it keeps no copies here. Look for your code in your inbox
            or on your phone.
          </p>
        </div>
      ) : (
        <>
          <form role="search" onSubmit={(event) => event.preventDefault()} className="mt-8">
            <TextField
              label="Show messages to"
              type="search"
              inputMode="email"
              autoComplete="off"
              spellCheck={false}
              placeholder="you@example.com or +15551234567"
              hint="The e-mail address or phone number you used: the outbox shows one person's messages at a time."
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
            />
          </form>

          <div className="mt-6" aria-live="polite" aria-busy={outbox.isLoading}>
            {!recipient && (
              <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-sm text-slate-600">
                Type the e-mail address or phone number you used above to see the messages sent to it.
              </p>
            )}
            {outbox.isLoading && <Spinner label="Loading messages…" className="py-10" />}
            {outbox.isError && (
              <FormAlert>
                {errorMessageOf(outbox.error)}
              </FormAlert>
            )}
            {outbox.isSuccess && messages.length === 0 && (
              <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-sm text-slate-600">
                No messages to <EmailText value={recipient} /> yet. Codes you ask for show up here within a few
                seconds.
              </p>
            )}
          </div>
          {messages.length > 0 && (
            <ol aria-label="Messages, newest first" className="mt-2 space-y-4">
              {messages.map((message) => (
                <li key={`${message.created_at}-${message.to}-${message.code ?? message.body}`}>
                  <OutboxCard message={message} now={now} />
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}

function OutboxCard({ message, now }: { message: OutboxMessage; now: number }) {
  const isSms = message.channel === 'sms';
  const ChannelIcon = isSms ? MessageSquareText : Mail;
  const copy = async (code: string) => {
    try {
      await navigator.clipboard.writeText(code);
      toast.success('Code copied.');
    } catch {
      toast.info('Select the code and copy it.');
    }
  };
  return (
    <article className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className={`badge gap-1 ${isSms ? 'bg-violet-100 text-violet-800' : 'bg-sky-100 text-sky-800'}`}>
          <ChannelIcon aria-hidden="true" className="size-3" />
          {isSms ? 'SMS' : 'E-mail'}
        </span>
        <span className="min-w-0 font-medium text-slate-900">
          <span className="sr-only">To </span>
          <EmailText value={message.to} />
        </span>
        <time dateTime={message.created_at} title={formatDate(message.created_at)} className="ml-auto text-xs text-slate-500">
          {formatRelative(message.created_at, now)}
        </time>
      </header>
      {message.subject && <h2 className="mt-2 text-base font-semibold text-slate-900">{message.subject}</h2>}
      {message.code && (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <p className="select-all rounded-xl bg-slate-50 px-4 py-2 font-mono text-3xl font-bold tracking-[0.3em] text-slate-900">
            <span className="sr-only">Code </span>
            {message.code}
          </p>
          <button type="button" onClick={() => void copy(message.code ?? '')} className="btn-secondary" aria-label={`Copy code ${message.code}`}>
            <Copy aria-hidden="true" className="size-4" />
            Copy
          </button>
        </div>
      )}
      <p className="mt-3 whitespace-pre-line text-sm text-slate-600">{message.body}</p>
    </article>
  );
}
