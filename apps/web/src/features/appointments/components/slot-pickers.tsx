import { CalendarX2, LoaderCircle } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { EmptyState, LoadError } from '../../../components/page-states.tsx';
import { useTimeSlots } from '../api/get-time-slots.ts';
import { dayChip, formatDay, zoneLabel } from '../format.ts';

/** The days a person picks from, as one row of chips that scrolls sideways on a narrow screen. */
export function DayChoice({ legend, days, value, onChange }: { legend: string; days: string[]; value: string | null; onChange: (day: string) => void }) {
  const name = useId();
  const row = useRef<HTMLDivElement>(null);
  // A day chosen before the row is shown (a booking's own day) is brought into the row's view, once.
  useEffect(() => {
    const chip = row.current?.querySelector('input:checked')?.parentElement;
    if (!row.current || !chip) return;
    const [outer, inner] = [row.current.getBoundingClientRect(), chip.getBoundingClientRect()];
    if (inner.left < outer.left || inner.right > outer.right) row.current.scrollLeft += inner.left - outer.left - (outer.width - inner.width) / 2;
  }, []);
  return (
    <fieldset className="min-w-0">
      <legend className="text-base font-semibold text-slate-900">{legend}</legend>
      <div ref={row} className="-mx-1 mt-3 flex gap-2 overflow-x-auto px-1 pb-2">
        {days.map((day) => {
          const chip = dayChip(day);
          return (
            // Relative: the sr-only radio is placed inside its chip, not outside the scrolling row (which would widen the page).
            <label
              key={day}
              className="relative flex min-w-16 shrink-0 cursor-pointer flex-col items-center rounded-xl border border-slate-200 bg-white px-3 py-2 text-center has-checked:border-teal-600 has-checked:bg-teal-700 has-checked:text-white has-focus-visible:ring-2 has-focus-visible:ring-teal-600 has-focus-visible:ring-offset-2"
            >
              <input type="radio" name={name} value={day} checked={value === day} onChange={() => onChange(day)} className="sr-only" />
              <span className="text-xs font-medium uppercase tracking-wide">{chip.weekday}</span>
              <span className="text-sm font-semibold">{chip.date}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

type SlotChoiceProps = {
  legend: string;
  serviceId: string;
  /** Null until chosen: nothing is fetched before both the provider and the day are known. */
  providerId: string | null;
  day: string | null;
  value: string | null;
  timeZone: string;
  onChange: (startsAt: string) => void;
  /** What to say before a day (and a provider) is chosen. */
  prompt?: string;
};

/** A provider's free times for a service on one day, as radio chips; fetched again whenever the day is shown again. */
export function SlotChoice({ legend, serviceId, providerId, day, value, timeZone, onChange, prompt = 'Choose who and which day to see the free times.' }: SlotChoiceProps) {
  const name = useId();
  const slots = useTimeSlots({ providerId, serviceId, date: day });
  return (
    <fieldset className="min-w-0">
      <legend className="text-base font-semibold text-slate-900">{legend}</legend>
      <p className="mt-1 text-sm text-slate-600">Times are {zoneLabel(timeZone)}.</p>
      <div className="mt-3">
        {providerId === null || day === null ? (
          <p className="text-sm text-slate-600">{prompt}</p>
        ) : slots.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> Loading free times…
          </p>
        ) : slots.isError ? (
          <LoadError error={slots.error} what="the free times" onRetry={() => void slots.refetch()} />
        ) : slots.data.slots.length === 0 ? (
          <EmptyState icon={CalendarX2} title="No free times this day" level="h3" compact>
            Everything is booked or closed on {formatDay(`${day}T12:00:00Z`, 'UTC')}. Try another day.
          </EmptyState>
        ) : (
          <div className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6">
            {slots.data.slots.map((slot) => (
              <label
                key={slot.starts_at}
                className="relative cursor-pointer rounded-xl border border-slate-200 bg-white py-2 text-center text-sm font-semibold text-slate-900 has-checked:border-teal-700 has-checked:bg-teal-700 has-checked:text-white has-focus-visible:ring-2 has-focus-visible:ring-teal-600 has-focus-visible:ring-offset-2"
              >
                <input type="radio" name={name} value={slot.starts_at} checked={value === slot.starts_at} onChange={() => onChange(slot.starts_at)} className="sr-only" />
                {slot.local_time}
              </label>
            ))}
          </div>
        )}
      </div>
    </fieldset>
  );
}
