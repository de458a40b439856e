import type { Service } from '@localloop/contract';
import { Clock, LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { FormAlert } from '../../components/form-alert.tsx';
import { EmptyState, LoadError } from '../../components/page-states.tsx';
import type { PageProps } from '../../components/page-props.ts';
import { errorMessageOf } from '../../components/server-errors.ts';
import { to } from '../../paths.ts';
import { useBookAppointment } from './api/book-appointment.ts';
import { useService } from './api/get-service.ts';
import { ProviderAvatar } from './components/provider-avatar.tsx';
import { ServiceSummary } from './components/service-summary.tsx';
import { DayChoice, SlotChoice } from './components/slot-pickers.tsx';
import { daysAhead, DAYS_SHOWN, formatDay, formatTime } from './format.ts';

type Pick = { providerId: string | null; day: string | null; startsAt: string | null };

/** Provider cards as one radio group: a person picks who does the service. */
function ProviderChoice({ providers, value, onChange }: { providers: Service['providers']; value: string | null; onChange: (id: string) => void }) {
  const name = useId();
  return (
    <fieldset className="min-w-0">
      <legend className="text-base font-semibold text-slate-900">1. Who</legend>
      <div className="mt-3 grid gap-2 sm:grid-cols-2">
        {providers.map((p) => (
          <label
            key={p.id}
            className="flex cursor-pointer items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 has-checked:border-teal-600 has-checked:bg-teal-50 has-focus-visible:ring-2 has-focus-visible:ring-teal-600"
          >
            <input type="radio" name={name} value={p.id} checked={value === p.id} onChange={() => onChange(p.id)} className="size-4 accent-teal-700" />
            <ProviderAvatar provider={p} />
            <span className="min-w-0 font-medium text-slate-900 [overflow-wrap:anywhere]">{p.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** /customer/appointment/{serviceId}: pick a provider, a day and a free time, then book. */
export default function BookAppointmentPage({ title }: PageProps) {
  const { serviceId = '' } = useParams();
  const service = useService(serviceId);
  const navigate = useNavigate();
  const book = useBookAppointment();
  const notesId = useId();
  const [chosen, setChosen] = useState<Pick>({ providerId: null, day: null, startsAt: null });
  const [notes, setNotes] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  if (service.isPending) {
    return (
      <section className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p role="status" className="mt-6 flex items-center gap-2 text-slate-600">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> Loading the service…
        </p>
      </section>
    );
  }
  if (service.isError) {
    return (
      <section className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        <div className="mt-6">
          <LoadError error={service.error} what="this service" onRetry={() => void service.refetch()} />
        </div>
      </section>
    );
  }

  const data = service.data;
  const timeZone = data.vendor.time_zone;
  // One provider: nothing to choose.
  const pick: Pick = { ...chosen, providerId: chosen.providerId ?? (data.providers.length === 1 ? (data.providers[0]?.id ?? null) : null) };
  const provider = data.providers.find((p) => p.id === pick.providerId);
  const days = daysAhead(timeZone, DAYS_SHOWN);

  const submit = async () => {
    if (!pick.providerId || !pick.startsAt) return;
    setFailure(null);
    try {
      const booked = await book.mutateAsync({ service_id: data.id, provider_id: pick.providerId, starts_at: pick.startsAt, notes });
      await navigate(to.appointmentConfirmation(booked.id));
    } catch (error) {
      // Someone else took the time: the free times are fetched again and the choice is cleared.
      if (error instanceof ApiError && error.code === 'SLOT_TAKEN') setChosen((c) => ({ ...c, startsAt: null }));
      setFailure(errorMessageOf(error));
    }
  };

  return (
    <section className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      <div className="mt-6">
        <ServiceSummary service={data} />
      </div>

      {data.providers.length === 0 ? (
        <div className="mt-8">
          <EmptyState icon={Clock} title="Not bookable yet" actions={<Link to={to.serviceDetails(data.id)} className="btn-secondary">Back to the service</Link>}>
            {data.vendor.business_name} has not said who performs this service yet.
          </EmptyState>
        </div>
      ) : (
        <form
          noValidate
          className="mt-8 space-y-8"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          {data.providers.length > 1 && (
            <ProviderChoice providers={data.providers} value={pick.providerId} onChange={(providerId) => setChosen((c) => ({ ...c, providerId, startsAt: null }))} />
          )}
          <DayChoice legend="2. Day" days={days} value={pick.day} onChange={(day) => setChosen((c) => ({ ...c, day, startsAt: null }))} />
          <SlotChoice
            legend="3. Time"
            serviceId={data.id}
            providerId={pick.providerId}
            day={pick.day}
            value={pick.startsAt}
            timeZone={timeZone}
            onChange={(startsAt) => setChosen((c) => ({ ...c, startsAt }))}
          />

          <div>
            <label htmlFor={notesId} className="text-base font-semibold text-slate-900">
              4. Anything the shop should know? <span className="font-normal text-slate-500">(optional)</span>
            </label>
            <textarea
              id={notesId}
              value={notes}
              maxLength={500}
              rows={3}
              onChange={(event) => setNotes(event.target.value)}
              className="mt-2 block w-full rounded-xl border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-teal-600 focus:outline-none focus:ring-2 focus:ring-teal-600/30"
            />
          </div>

          <FormAlert>{failure}</FormAlert>

          <div className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-700" aria-live="polite">
              {pick.startsAt && provider ? (
                <>
                  <span className="font-semibold text-slate-900">{data.name}</span> with {provider.name} on {formatDay(pick.startsAt, timeZone)} at{' '}
                  {formatTime(pick.startsAt, timeZone)}
                </>
              ) : (
                'Choose a time to book.'
              )}
            </p>
            <button type="submit" className="btn-primary" disabled={!pick.startsAt || book.isPending} aria-busy={book.isPending}>
              {book.isPending && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
              Book appointment
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

