import { weekdayNames } from '@localloop/contract';
import type { VendorProfile } from '@localloop/contract';
import { Copy, Plus, X } from 'lucide-react';
import { useRef, useState } from 'react';
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
import { SelectField } from './components/fields.tsx';
import { KycPage } from './components/kyc-page.tsx';
import { isLive, nextStepPath } from './kyc-steps.ts';
import { defaultRange, hoursResolver, hoursToFields, timeZoneOptions } from './opening-hours.ts';
import type { HoursBody, HoursFields } from './opening-hours.ts';

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

function HoursForm({ profile }: { profile: VendorProfile }) {
  const navigate = useNavigate();
  const updateMyVendor = useUpdateMyVendor();
  const [serverError, setServerError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const form = useForm<HoursFields, unknown, HoursBody>({ resolver: hoursResolver, defaultValues: hoursToFields(profile.service_time) });
  const { errors, isSubmitting } = form.formState;
  const [zones] = useState(() => timeZoneOptions(form.getValues('time_zone')));

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
      form.reset(hoursToFields(saved));
      toast.success('Opening hours saved.');
      const next = nextStepPath('service_time');
      if (!isLive(profile) && next) await navigate(next);
    } catch (error) {
      setServerError(applyServerError(error, form.setError, ['time_zone']));
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)} className="space-y-6">
      <Panel title="Weekly hours" description="Several ranges a day are fine, e.g. a lunch break. A day with no hours is closed.">
        <SelectField
          label="Time zone"
          hint="Your opening hours and appointment times are in this zone."
          error={errors.time_zone?.message}
          className="mb-6"
          {...form.register('time_zone')}
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </SelectField>
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
