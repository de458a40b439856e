import { MAX_SLOT_GENERATION_DAYS, ProviderInput, weekdayNames } from '@localloop/contract';
import type { Provider } from '@localloop/contract';
import { CalendarPlus, LoaderCircle, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { FormAlert, FormNotice } from '../../components/form-alert.tsx';
import { LoadError } from '../../components/page-states.tsx';
import type { PageProps } from '../../components/page-props.ts';
import { errorMessageOf } from '../../components/server-errors.ts';
import { SubmitButton } from '../../components/submit-button.tsx';
import { TextField, inputClass } from '../../components/text-field.tsx';
import { toast } from '../../lib/toast.ts';
import { paths, to } from '../../paths.ts';
import { useMyServices } from './api/get-my-services.ts';
import { useProvider } from './api/get-my-providers.ts';
import { useGenerateSlots, useSaveProvider } from './api/save-provider.ts';
import { PicturesField, type Picture } from '../../components/pictures-field.tsx';
import { daysAhead } from './format.ts';

type DayHours = { works: boolean; opens: string; closes: string };
type Draft = { name: string; bio: string; photo: Picture | null; serviceIds: string[]; ownHours: boolean; week: DayHours[]; daysOff: string[] };

const defaultWeek = (): DayHours[] => [1, 2, 3, 4, 5, 6, 7].map((d) => ({ works: d <= 5, opens: '09:00', closes: '17:00' }));

function draftOf(provider: Provider | undefined): Draft {
  if (!provider) return { name: '', bio: '', photo: null, serviceIds: [], ownHours: false, week: defaultWeek(), daysOff: [] };
  const week = [1, 2, 3, 4, 5, 6, 7].map((weekday) => {
    const range = provider.hours.find((h) => h.weekday === weekday);
    return range ? { works: true, opens: range.opens, closes: range.closes } : { works: false, opens: '09:00', closes: '17:00' };
  });
  const photo = provider.photo_id && provider.photo ? { id: provider.photo_id, image: provider.photo } : null;
  return { name: provider.name, bio: provider.bio, photo, serviceIds: provider.services.map((s) => s.id), ownHours: !provider.uses_vendor_hours, week, daysOff: provider.days_off };
}

const inputOf = (draft: Draft) => ({
  name: draft.name,
  bio: draft.bio,
  photo_id: draft.photo?.id ?? null,
  service_ids: draft.serviceIds,
  hours: draft.ownHours ? draft.week.flatMap((d, i) => (d.works ? [{ weekday: i + 1, opens: d.opens, closes: d.closes }] : [])) : null,
  days_off: draft.daysOff,
});

/** The form of a provider, from its saved state (or empty). */
function ProviderForm({ provider }: { provider: Provider | undefined }) {
  const id = useId();
  const navigate = useNavigate();
  const services = useMyServices();
  const save = useSaveProvider();
  const [draft, setDraft] = useState<Draft>(() => draftOf(provider));
  const [fields, setFields] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [dayOff, setDayOff] = useState('');
  const [uploading, setUploading] = useState(false);
  const change = (update: Partial<Draft>) => setDraft((d) => ({ ...d, ...update }));

  const submit = async () => {
    setFailure(null);
    const checked = ProviderInput.safeParse(inputOf(draft));
    if (!checked.success) {
      setFields(Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join('.'), issue.message])));
      return;
    }
    setFields({});
    try {
      const saved = await save.mutateAsync({ id: provider?.id ?? null, body: inputOf(draft) });
      toast.success(provider ? `${saved.name} is saved.` : `${saved.name} is added. Now make their bookable times.`);
      if (!provider) await navigate(to.vendorProviderEdit(saved.id));
    } catch (error) {
      if (error instanceof ApiError && error.fields) setFields(error.fields);
      setFailure(errorMessageOf(error));
    }
  };

  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextField label="Name" autoComplete="off" maxLength={120} value={draft.name} error={fields.name} onChange={(event) => change({ name: event.target.value })} />
      <div>
        <label htmlFor={`${id}-bio`} className="block text-sm font-medium text-slate-800">
          About <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <textarea id={`${id}-bio`} rows={3} maxLength={1000} value={draft.bio} onChange={(event) => change({ bio: event.target.value })} className={`${inputClass} mt-1.5`} />
      </div>
      <PicturesField
        label="Photo"
        pictures={draft.photo ? [draft.photo] : []}
        max={1}
        onChange={(pictures) => change({ photo: pictures[0] ?? null })}
        onBusy={setUploading}
        describe={() => (draft.name ? `Photo of ${draft.name}` : 'Photo of the provider')}
        error={fields.photo_id}
      />

      <fieldset className="min-w-0">
        <legend className="text-sm font-medium text-slate-800">Services they perform</legend>
        {services.isPending ? (
          <p className="mt-2 text-sm text-slate-600">Loading your services…</p>
        ) : services.isError ? (
          <p className="mt-2 text-sm text-red-700">Your services could not be loaded. {errorMessageOf(services.error)}</p>
        ) : services.data.results.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">
            You have no services yet. <Link to={paths.vendorServices} className="font-medium text-teal-800 underline">Add one first</Link>.
          </p>
        ) : (
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {services.data.results.map((service) => (
              <label key={service.id} className="flex items-center gap-3 rounded-xl border border-slate-200 p-3 has-checked:border-teal-600 has-checked:bg-teal-50">
                <input
                  type="checkbox"
                  className="size-4 accent-teal-700"
                  checked={draft.serviceIds.includes(service.id)}
                  onChange={(event) => change({ serviceIds: event.target.checked ? [...draft.serviceIds, service.id] : draft.serviceIds.filter((s) => s !== service.id) })}
                />
                <span className="text-sm text-slate-900 [overflow-wrap:anywhere]">{service.name}</span>
              </label>
            ))}
          </div>
        )}
        {fields['service_ids.0'] && <p className="mt-1.5 text-sm text-red-700">{fields['service_ids.0']}</p>}
      </fieldset>

      <fieldset className="min-w-0">
        <legend className="text-sm font-medium text-slate-800">Working hours</legend>
        <div className="mt-2 space-y-2">
          <label className="flex items-center gap-3 text-sm">
            <input type="radio" name={`${id}-hours`} className="size-4 accent-teal-700" checked={!draft.ownHours} onChange={() => change({ ownHours: false })} />
            The shop&apos;s opening hours (they follow any change)
          </label>
          <label className="flex items-center gap-3 text-sm">
            <input type="radio" name={`${id}-hours`} className="size-4 accent-teal-700" checked={draft.ownHours} onChange={() => change({ ownHours: true })} />
            Their own hours
          </label>
        </div>
        {draft.ownHours && (
          <div className="mt-3 space-y-2 rounded-2xl border border-slate-200 p-3">
            {draft.week.map((day, i) => {
              const label = weekdayNames[i] ?? '';
              const set = (update: Partial<DayHours>) => change({ week: draft.week.map((d, j) => (j === i ? { ...d, ...update } : d)) });
              const error = Object.entries(fields).find(([k]) => k.startsWith('hours.'))?.[1];
              return (
                <div key={label} className="flex flex-wrap items-center gap-x-3 gap-y-2">
                  <label className="flex w-32 items-center gap-2 text-sm font-medium text-slate-800">
                    <input type="checkbox" className="size-4 accent-teal-700" checked={day.works} onChange={(event) => set({ works: event.target.checked })} />
                    {label}
                  </label>
                  {day.works ? (
                    <span className="flex items-center gap-2 text-sm">
                      <input type="time" aria-label={`${label} from`} value={day.opens} onChange={(event) => set({ opens: event.target.value })} className={`${inputClass} w-32 py-1.5`} />
                      <span aria-hidden="true">–</span>
                      <input type="time" aria-label={`${label} until`} value={day.closes} onChange={(event) => set({ closes: event.target.value })} className={`${inputClass} w-32 py-1.5`} />
                    </span>
                  ) : (
                    <span className="text-sm text-slate-500">Day off</span>
                  )}
                  {i === 0 && error && <p className="w-full text-sm text-red-700">{error}</p>}
                </div>
              );
            })}
          </div>
        )}
      </fieldset>

      <fieldset className="min-w-0">
        <legend className="text-sm font-medium text-slate-800">Days off</legend>
        <div className="mt-2 flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor={`${id}-dayoff`} className="sr-only">
              A day off
            </label>
            <input id={`${id}-dayoff`} type="date" value={dayOff} onChange={(event) => setDayOff(event.target.value)} className={`${inputClass} py-2`} />
          </div>
          <button
            type="button"
            className="btn-secondary"
            disabled={!dayOff || draft.daysOff.includes(dayOff)}
            onClick={() => {
              change({ daysOff: [...draft.daysOff, dayOff].sort() });
              setDayOff('');
            }}
          >
            Add day off
          </button>
        </div>
        {draft.daysOff.length > 0 && (
          <ul className="mt-3 flex flex-wrap gap-2">
            {draft.daysOff.map((day) => (
              <li key={day} className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-1 pl-3 pr-1 text-sm text-slate-800">
                {day}
                <button type="button" aria-label={`Remove day off ${day}`} onClick={() => change({ daysOff: draft.daysOff.filter((d) => d !== day) })} className="rounded-full p-1 hover:bg-slate-200">
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </fieldset>

      <FormAlert>{failure}</FormAlert>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link to={paths.vendorProviders} className="btn-secondary">
          Back to providers
        </Link>
        <SubmitButton busy={save.isPending} disabled={uploading} className="btn-primary">
          {provider ? 'Save changes' : 'Add provider'}
        </SubmitButton>
      </div>
    </form>
  );
}

/** Makes the provider's bookable times for one of their services over a range of days. */
function MakeSlots({ provider }: { provider: Provider }) {
  const id = useId();
  const generate = useGenerateSlots();
  const days = daysAhead(provider.time_zone, MAX_SLOT_GENERATION_DAYS);
  const [serviceId, setServiceId] = useState(provider.services[0]?.id ?? '');
  const [from, setFrom] = useState(days[0] ?? '');
  const [until, setUntil] = useState(days[29] ?? '');
  const [result, setResult] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  if (provider.services.length === 0) {
    return <p className="text-sm text-slate-600">Choose the services {provider.name} performs and save; then make their bookable times here.</p>;
  }
  const submit = async () => {
    setResult(null);
    setFailure(null);
    try {
      const made = await generate.mutateAsync({ providerId: provider.id, body: { service_id: serviceId, start_date: from, end_date: until } });
      const service = provider.services.find((s) => s.id === serviceId)?.name ?? 'the service';
      setResult(
        `${made.created} new time${made.created === 1 ? '' : 's'} for ${service}` +
          (made.existing > 0 ? `, ${made.existing} already there` : '') +
          (made.skipped_booked > 0 ? `, ${made.skipped_booked} left out because they are booked` : '') +
          '.',
      );
    } catch (error) {
      setFailure(errorMessageOf(error));
    }
  };
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <div>
          <label htmlFor={`${id}-service`} className="block text-sm font-medium text-slate-800">
            Service
          </label>
          <select id={`${id}-service`} value={serviceId} onChange={(event) => setServiceId(event.target.value)} className={`${inputClass} mt-1.5`}>
            {provider.services.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <TextField label="From" type="date" value={from} min={days[0]} onChange={(event) => setFrom(event.target.value)} />
        <TextField label="Until" type="date" value={until} min={from} onChange={(event) => setUntil(event.target.value)} hint={`At most ${MAX_SLOT_GENERATION_DAYS} days at a time.`} />
      </div>
      <FormAlert>{failure}</FormAlert>
      <FormNotice tone="success">{result}</FormNotice>
      <button type="submit" className="btn-primary" disabled={generate.isPending} aria-busy={generate.isPending}>
        {generate.isPending ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <CalendarPlus aria-hidden="true" className="size-4" />}
        Make bookable times
      </button>
    </form>
  );
}

/** /vendor/providers/add and /vendor/providers/edit/{providerId}: a provider's details, and (once saved) their bookable times. */
export default function ProviderFormPage({ title }: PageProps) {
  const { providerId } = useParams();
  const provider = useProvider(providerId ?? null);
  return (
    <section className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        {providerId === undefined ? (
          <ProviderForm provider={undefined} />
        ) : provider.isPending ? (
          <p role="status" className="flex items-center gap-2 text-slate-600">
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> Loading the provider…
          </p>
        ) : provider.isError ? (
          <LoadError error={provider.error} what="this provider" onRetry={() => void provider.refetch()} />
        ) : (
          <ProviderForm key={provider.data.updated_at} provider={provider.data} />
        )}
      </div>
      {provider.data && (
        <section aria-labelledby="slots-heading" className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <h2 id="slots-heading" className="text-lg font-semibold text-slate-900">
            Bookable times
          </h2>
          <p className="mb-4 mt-1 text-sm text-slate-600">
            Times are made from {provider.data.name}&apos;s hours in {provider.data.time_zone}, one every service length plus its pause. Making them again adds only what
            is new.
          </p>
          <MakeSlots provider={provider.data} />
        </section>
      )}
    </section>
  );
}
