import { weekdayNames } from '@localloop/contract';
import type { VendorAddress, VendorProfile } from '@localloop/contract';
import { Copy, MapPin, Plus, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import type { UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormAlert } from '../../components/form-alert.tsx';
import { Panel } from '../../components/panel.tsx';
import { applyServerError } from '../../components/server-errors.ts';
import { SubmitButton } from '../../components/submit-button.tsx';
import { inputClass } from '../../components/text-field.tsx';
import { toast } from '../../lib/toast.ts';
import { useUpdateMyVendor } from './api/get-my-vendor.ts';
import { saveServiceTime } from './api/save-service-time.ts';
import { KycPage } from './components/kyc-page.tsx';
import { TimeZonePicker } from './components/time-zone-picker.tsx';
import { isLive, nextStepPath } from './kyc-steps.ts';
import { defaultRange, hoursResolver, hoursToFields } from './opening-hours.ts';
import type { HoursBody, HoursFields } from './opening-hours.ts';
import { browserTimeZone, describeTimeZone, timeZoneLabel } from './time-zones.ts';

// On a phone the clock icon would crowd out "AM"/"PM"; tapping the field opens the picker there anyway.
const timeInputClass = `${inputClass} w-full min-w-0 px-2 py-2 tabular-nums max-sm:[&::-webkit-calendar-picker-indicator]:hidden sm:w-40 sm:px-2.5`;

function TimeRange({ form, day, index, onRemove }: { form: UseFormReturn<HoursFields, unknown, HoursBody>; day: number; index: number; onRemove: () => void }) {
  const dayName = weekdayNames[day] ?? '';
  const errors = form.formState.errors.days?.[day]?.ranges?.[index];
  const message = errors?.opens?.message ?? errors?.closes?.message;
  const errorId = `hours-${day}-${index}-error`;
  const label = `${dayName} range ${index + 1}`;
  return (
    <li>
      <div className="flex items-center gap-2" role="group" aria-label={label}>
        <input
          type="time"
          step={60}
          aria-label={`${dayName} opens (range ${index + 1})`}
          aria-invalid={errors?.opens ? true : undefined}
          aria-describedby={message ? errorId : undefined}
          className={timeInputClass}
          {...form.register(`days.${day}.ranges.${index}.opens`)}
        />
        <span className="text-sm text-slate-500">to</span>
        <input
          type="time"
          step={60}
          aria-label={`${dayName} closes (range ${index + 1})`}
          aria-invalid={errors?.closes ? true : undefined}
          aria-describedby={message ? errorId : undefined}
          className={timeInputClass}
          {...form.register(`days.${day}.ranges.${index}.closes`)}
        />
        <button type="button" onClick={onRemove} className="btn-ghost shrink-0 p-2" aria-label={`Remove ${label}`}>
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
      {message && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {message}
        </p>
      )}
    </li>
  );
}

function DayRow({ form, day, onCopyToWeekdays }: { form: UseFormReturn<HoursFields, unknown, HoursBody>; day: number; onCopyToWeekdays?: () => void }) {
  const dayName = weekdayNames[day] ?? '';
  const ranges = useFieldArray({ control: form.control, name: `days.${day}.ranges` });
  const open = useWatch({ control: form.control, name: `days.${day}.open` });
  const toggleId = `open-${day}`;

  const setOpen = (next: boolean) => {
    form.setValue(`days.${day}.open`, next, { shouldDirty: true });
    if (next && ranges.fields.length === 0) ranges.append({ ...defaultRange });
  };

  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start">
      <div className="flex items-center justify-between gap-3 sm:w-52 sm:shrink-0 sm:justify-start sm:pt-2">
        <span className="font-medium text-slate-900 sm:w-24" id={`${toggleId}-day`}>
          {dayName}
        </span>
        <label htmlFor={toggleId} className="flex cursor-pointer items-center gap-2 text-sm text-slate-600">
          <input
            id={toggleId}
            type="checkbox"
            role="switch"
            checked={open}
            aria-label={`Open on ${dayName}`}
            onChange={(event) => setOpen(event.target.checked)}
            className="peer sr-only"
          />
          <span
            aria-hidden="true"
            className="relative h-6 w-10 rounded-full bg-slate-300 transition-colors peer-checked:bg-teal-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-teal-700 after:absolute after:top-0.5 after:left-0.5 after:size-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-4"
          />
          <span className="w-12">{open ? 'Open' : 'Closed'}</span>
        </label>
      </div>
      {open ? (
        <div className="min-w-0 flex-1 space-y-2">
          <ul className="space-y-2">
            {ranges.fields.map((field, index) => (
              <TimeRange
                key={field.id}
                form={form}
                day={day}
                index={index}
                onRemove={() => {
                  ranges.remove(index);
                  // Removing the last range closes the day.
                  if (ranges.fields.length === 1) form.setValue(`days.${day}.open`, false, { shouldDirty: true });
                }}
              />
            ))}
          </ul>
          <div className="flex flex-wrap gap-1">
            <button
              type="button"
              onClick={() => {
                const last = form.getValues(`days.${day}.ranges`).at(-1);
                // A new range starts an hour after the last one closes, when there is room for it.
                const start = last?.closes && last.closes < '23:00' ? last.closes : '09:00';
                const end = `${String(Math.min(23, Number(start.slice(0, 2)) + 1)).padStart(2, '0')}:${start.slice(3, 5)}`;
                ranges.append({ opens: start, closes: end > start ? end : '23:59' });
              }}
              className="btn-ghost -ml-2 text-teal-800"
              aria-label={`Add hours on ${dayName}`}
            >
              <Plus aria-hidden="true" className="size-4" />
              Add hours
            </button>
            {onCopyToWeekdays && (
              <button type="button" onClick={onCopyToWeekdays} className="btn-ghost text-teal-800">
                <Copy aria-hidden="true" className="size-4" />
                Copy Monday to weekdays
              </button>
            )}
          </div>
        </div>
      ) : (
        <p className="text-sm text-slate-500 sm:pt-2">Closed all day</p>
      )}
    </li>
  );
}

/** The primary address, when it has a known time zone: what "follow my address" follows. */
function primaryWithZone(profile: VendorProfile): (VendorAddress & { time_zone: string }) | null {
  const primary = profile.addresses.find((address) => address.is_primary);
  return primary?.time_zone ? { ...primary, time_zone: primary.time_zone } : null;
}

/**
 * The zone of the hours: the primary address's (found from its place on the map, and following it when it moves), or
 * one the vendor chooses from every zone, searchable.
 */
function TimeZoneField({ form, profile }: { form: UseFormReturn<HoursFields, unknown, HoursBody>; profile: VendorProfile }) {
  const id = useId();
  const auto = useWatch({ control: form.control, name: 'time_zone_auto' });
  const zone = useWatch({ control: form.control, name: 'time_zone' });
  const primary = primaryWithZone(profile);
  const error = form.formState.errors.time_zone?.message;
  const follow = (next: boolean) => {
    form.setValue('time_zone_auto', next, { shouldDirty: true });
    // Following again: the address's zone (or, with no address yet, this device's until one is added).
    if (next) form.setValue('time_zone', primary?.time_zone ?? browserTimeZone(), { shouldDirty: true });
  };
  const radioClass = 'mt-0.5 size-4 shrink-0 accent-teal-700';
  return (
    <fieldset className="mb-6 rounded-2xl border border-slate-200 p-4">
      <legend className="px-1 text-sm font-medium text-slate-800">Time zone</legend>
      <p className="text-xs text-slate-500">Your opening hours and appointment times are in this zone.</p>
      <div className="mt-3 space-y-3">
        <div>
          <label className="flex cursor-pointer gap-2.5 text-sm font-medium text-slate-800">
            <input type="radio" name="time_zone_auto" checked={auto} onChange={() => follow(true)} aria-describedby={`${id}-address-zone`} className={radioClass} />
            Use my address&apos;s time zone
          </label>
          <p id={`${id}-address-zone`} className="mt-0.5 pl-6.5 text-sm text-slate-600" data-testid="address-time-zone">
            {primary ? (
              <>
                <MapPin aria-hidden="true" className="mr-1 inline size-3.5 text-teal-700" />
                {timeZoneLabel(describeTimeZone(primary.time_zone))}, from {primary.label || primary.line1}
              </>
            ) : (
              `Set from your primary address once you add it; until then ${timeZoneLabel(describeTimeZone(zone))}.`
            )}
          </p>
        </div>
        <label className="flex cursor-pointer gap-2.5 text-sm font-medium text-slate-800">
          <input type="radio" name="time_zone_auto" checked={!auto} onChange={() => follow(false)} className={radioClass} />
          Choose a time zone
        </label>
        {!auto && (
          <div className="pl-6">
            <TimeZonePicker
              label="Time zone"
              value={zone}
              error={error}
              hint="It stays as chosen when your addresses change."
              onChange={(next) => form.setValue('time_zone', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
            />
          </div>
        )}
        {auto && error && <p className="text-sm text-red-700">{error}</p>}
      </div>
    </fieldset>
  );
}

function HoursForm({ profile }: { profile: VendorProfile }) {
  const navigate = useNavigate();
  const updateMyVendor = useUpdateMyVendor();
  const [serverError, setServerError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const addressZone = primaryWithZone(profile)?.time_zone ?? null;
  const form = useForm<HoursFields, unknown, HoursBody>({ resolver: hoursResolver, defaultValues: hoursToFields(profile.service_time, addressZone) });
  const { errors, isSubmitting } = form.formState;

  const copyMondayToWeekdays = () => {
    const monday = form.getValues('days.0');
    // Tuesday to Friday get Monday's state and ranges (set by the field array's own name, so its rows follow).
    for (let day = 1; day <= 4; day += 1) {
      form.setValue(`days.${day}.open`, monday.open, { shouldDirty: true });
      form.setValue(`days.${day}.ranges`, monday.ranges.map((r) => ({ ...r })), { shouldDirty: true });
    }
    toast.info("Monday's hours were copied to Tuesday to Friday.");
  };

  const submit = async (body: HoursBody) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setServerError(null);
    try {
      const saved = await saveServiceTime(body);
      updateMyVendor((current) => ({ ...current, service_time: saved, steps: { ...current.steps, service_time: saved.hours.length > 0 } }));
      form.reset(hoursToFields(saved, addressZone));
      toast.success('Opening hours saved.');
      const next = nextStepPath('service_time');
      if (!isLive(profile) && next) await navigate(next);
    } catch (error) {
      setServerError(applyServerError(error, form.setError, ['time_zone', 'time_zone_auto']));
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)} className="space-y-6">
      <Panel title="Weekly hours" description="Several ranges a day are fine, e.g. a lunch break. A day with no hours is closed.">
        <TimeZoneField form={form} profile={profile} />
        <ul className="divide-y divide-slate-100 border-t border-slate-100">
          {weekdayNames.map((name, day) => (
            <DayRow key={name} form={form} day={day} {...(day === 0 ? { onCopyToWeekdays: copyMondayToWeekdays } : {})} />
          ))}
        </ul>
        <div className="mt-6 space-y-4">
          <FormAlert>{serverError ?? errors.root?.message}</FormAlert>
          <div className="flex justify-end">
            <SubmitButton busy={isSubmitting} className="btn-primary w-full sm:w-auto">
              {isLive(profile) ? 'Save opening hours' : 'Save and continue'}
            </SubmitButton>
          </div>
        </div>
      </Panel>
    </form>
  );
}

/** /ServiceTime: KYC step 4, the weekly opening hours in the vendor's time zone. */
export default function ServiceTimePage() {
  return (
    <KycPage step="service_time" heading="Opening hours" description="When customers can visit you or book your services.">
      {(profile) => profile && <HoursForm profile={profile} />}
    </KycPage>
  );
}
