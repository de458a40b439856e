import type { SupportRequest } from '@localloop/contract';
import { CircleCheck, LifeBuoy } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { PageProps } from '../../components/page-props.ts';
import { MyRequests } from './components/my-requests.tsx';
import { SupportForm } from './components/support-form.tsx';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /ContactSupport: write to support, and follow your requests and our answers (?request= opens one). */
export default function ContactSupportPage({ title }: PageProps) {
  const formHeading = useId();
  const listHeading = useId();
  const [params] = useSearchParams();
  const [sent, setSent] = useState<SupportRequest | null>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  const requested = params.get('request');
  const selectedId = requested && uuid.test(requested) ? requested : null;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  const hrefOf = (change: { request?: string | null; page?: number }) => {
    const next = new URLSearchParams(params);
    if (change.request !== undefined) {
      if (change.request) next.set('request', change.request);
      else next.delete('request');
    }
    if (change.page !== undefined) {
      if (change.page > 1) next.set('page', String(change.page));
      else next.delete('page');
    }
    const qs = next.toString();
    return qs ? `?${qs}` : '?';
  };

  const onSent = (request: SupportRequest) => {
    setSent(request);
    // The confirmation takes the focus, so a screen reader and a keyboard land on it.
    requestAnimationFrame(() => sentRef.current?.focus());
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-10 lg:px-8">
      <div className="flex items-start gap-3">
        <span className="hidden size-11 shrink-0 items-center justify-center rounded-2xl bg-teal-50 text-teal-700 sm:flex">
          <LifeBuoy aria-hidden="true" className="size-6" />
        </span>
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          <p className="mt-1 text-sm text-slate-600">Tell us what went wrong: we answer within one working day, here and by e-mail.</p>
        </div>
      </div>
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
        <section aria-labelledby={formHeading} className="min-w-0 self-start rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7">
          <h2 id={formHeading} className="text-lg font-semibold text-slate-900">
            Send a request
          </h2>
          <div ref={sentRef} tabIndex={-1} role="status" className="outline-none">
            {sent && (
              <div className="mt-4 flex gap-3 rounded-2xl border border-teal-200 bg-teal-50 p-4 text-sm text-teal-900">
                <CircleCheck aria-hidden="true" className="size-5 shrink-0" />
                <div className="min-w-0">
                  <p className="font-semibold">Request #{sent.number} sent.</p>
                  <p className="mt-0.5">
                    {sent.person.email ? 'We e-mailed you a copy, and ' : ''}we will answer within one working day.{' '}
                    <Link className="font-medium underline" to={hrefOf({ request: sent.id, page: 1 })}>
                      See it in your requests
                    </Link>
                  </p>
                </div>
              </div>
            )}
          </div>
          <div className="mt-5">
            <SupportForm onSent={onSent} />
          </div>
        </section>
        <section aria-labelledby={listHeading} className="min-w-0">
          <h2 id={listHeading} className="text-lg font-semibold text-slate-900">
            Your requests
          </h2>
          <div className="mt-4">
            <MyRequests page={page} selectedId={selectedId} hrefOf={hrefOf} />
          </div>
        </section>
      </div>
    </div>
  );
}
