import { appointmentStatuses, appointmentStatusLabels } from '@localloop/contract';
import type { Appointment, AppointmentStatus } from '@localloop/contract';
import { CalendarDays, ChevronLeft, ChevronRight, LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { EmptyState, LoadError } from '../../components/page-states.tsx';
import type { PageProps } from '../../components/page-props.ts';
import { errorMessageOf } from '../../components/server-errors.ts';
import { inputClass } from '../../components/text-field.tsx';
import { useNow } from '../../lib/relative-time.ts';
import { toast } from '../../lib/toast.ts';
import { useAuth } from '../../session/auth-context.tsx';
import { useMyProviders } from './api/get-my-providers.ts';
import { useVendorAppointments } from './api/get-vendor-appointments.ts';
import { useUpdateAppointmentStatus, type StatusChange } from './api/update-appointment-status.ts';
import { AppointmentStatusBadge } from './components/appointment-status-badge.tsx';
import { CancelAppointmentDialog } from './components/cancel-appointment-dialog.tsx';
import { dayChip, dayIn, formatDay, formatPrice, formatTime, zoneLabel } from './format.ts';

const selectClass = `${inputClass} py-2 pr-9 text-sm`;

/** A YYYY-MM-DD day moved by whole days (calendar arithmetic: no clock, no zone). */
function shiftDay(day: string, by: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + by);
  return date.toISOString().slice(0, 10);
}

/** The zone of this browser, for a shop whose own zone could not be read. */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

function Actions({ appointment, onCancel }: { appointment: Appointment; onCancel: () => void }) {
  const update = useUpdateAppointmentStatus();
  const now = useNow();
  const started = new Date(appointment.starts_at).getTime() <= now;
  const run = (change: Omit<StatusChange, 'id'>, done: string) =>
    update.mutate(
      { id: appointment.id, ...change },
      { onSuccess: () => toast.success(done), onError: (error) => toast.error(errorMessageOf(error)) },
    );
  const who = `${appointment.service.name} at ${formatTime(appointment.starts_at, appointment.time_zone)}`;
  return (
    <div className="flex flex-wrap gap-2">
      {appointment.status === 'pending' && (
        <button type="button" className="btn-primary" aria-label={`Confirm ${who}`} disabled={update.isPending} onClick={() => run({ status: 'confirmed' }, 'Confirmed. The customer has been told.')}>
          Confirm
        </button>
      )}
      {appointment.status === 'confirmed' && started && (
        <>
          <button type="button" className="btn-primary" aria-label={`Completed ${who}`} disabled={update.isPending} onClick={() => run({ status: 'completed' }, 'Marked as completed.')}>
            Completed
          </button>
          <button type="button" className="btn-secondary" aria-label={`No-show ${who}`} disabled={update.isPending} onClick={() => run({ status: 'no_show' }, 'Marked as a no-show.')}>
            No-show
          </button>
        </>
      )}
      {appointment.can_cancel && (
        <button type="button" className="btn-secondary text-red-700" disabled={update.isPending} onClick={onCancel} aria-label={`Cancel ${who}`}>
          Cancel
        </button>
      )}
    </div>
  );
}

type VendorAppointmentsPageProps = PageProps & {
  /** The shop's time zone (its opening hours'); undefined while it is being read, null when it could not be. */
  shopTimeZone?: string | null | undefined;
};

/**
 * /appointments: the shop's bookings by day (or all to come), with who, what and the next step for each. Days are the
 * shop's: "today" is today where the shop is, whatever the browser's clock says.
 */
export default function VendorAppointmentsPage({ title, shopTimeZone }: VendorAppointmentsPageProps) {
  const id = useId();
  const auth = useAuth();
  const providers = useMyProviders();
  const zoneKnown = shopTimeZone !== undefined;
  const timeZone = shopTimeZone ?? providers.data?.[0]?.time_zone ?? browserZone();
  // Nothing is asked for until the shop's zone is known: its today may not be the browser's.
  const vendorId = !zoneKnown || auth.userData?.vendor_id === undefined || auth.userData.vendor_id === null ? null : String(auth.userData.vendor_id);
  const now = useNow(60_000);
  const today = dayIn(new Date(now), timeZone);
  // undefined: today, following the shop's date as it turns (midnight there); a picked day (or null: all days) stays put.
  const [picked, setDay] = useState<string | null | undefined>(undefined);
  const day = picked === undefined ? today : picked;
  const [providerId, setProviderId] = useState<string | null>(null);
  const [status, setStatus] = useState<AppointmentStatus | null>(null);
  const [cancelling, setCancelling] = useState<Appointment | null>(null);
  const list = useVendorAppointments(vendorId, { date: day, providerId, status });
  const chip = day ? dayChip(day) : null;

  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      {zoneKnown && timeZone !== browserZone() && <p className="mt-1 text-sm text-slate-600">Days and times are {zoneLabel(timeZone)}, where your shop is.</p>}
      <div className="mt-6 flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <div className="flex flex-wrap items-center gap-2">
          <div role="group" aria-label="Day" className="flex items-center gap-1">
            <button type="button" className="btn-secondary px-2.5" aria-label="Previous day" disabled={day === null} onClick={() => day && setDay(shiftDay(day, -1))}>
              <ChevronLeft aria-hidden="true" className="size-4" />
            </button>
            <label htmlFor={`${id}-day`} className="sr-only">
              Day
            </label>
            <input id={`${id}-day`} type="date" value={day ?? ''} onChange={(event) => setDay(event.target.value || null)} className={`${inputClass} w-40 py-2 text-sm`} />
            <button type="button" className="btn-secondary px-2.5" aria-label="Next day" disabled={day === null} onClick={() => day && setDay(shiftDay(day, 1))}>
              <ChevronRight aria-hidden="true" className="size-4" />
            </button>
          </div>
          <button type="button" className="btn-secondary" aria-pressed={day === today} onClick={() => setDay(undefined)}>
            Today
          </button>
          <button type="button" className="btn-secondary" aria-pressed={day === null} onClick={() => setDay(null)}>
            All days
          </button>
        </div>
        <div className="grid grid-cols-2 gap-3 sm:flex">
          <div>
            <label htmlFor={`${id}-provider`} className="mb-1 block text-xs font-medium text-slate-600">
              Provider
            </label>
            <select id={`${id}-provider`} value={providerId ?? ''} onChange={(event) => setProviderId(event.target.value || null)} className={selectClass}>
              <option value="">Everyone</option>
              {(providers.data ?? []).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-status`} className="mb-1 block text-xs font-medium text-slate-600">
              Status
            </label>
            <select id={`${id}-status`} value={status ?? ''} onChange={(event) => setStatus((event.target.value || null) as AppointmentStatus | null)} className={selectClass}>
              <option value="">Any status</option>
              {appointmentStatuses.map((s) => (
                <option key={s} value={s}>
                  {appointmentStatusLabels[s]}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>

      <div className="mt-6">
        {list.isPending ? (
          <p role="status" className="flex items-center gap-2 text-slate-600">
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> Loading appointments…
          </p>
        ) : list.isError ? (
          <LoadError error={list.error} what="your appointments" onRetry={() => void list.refetch()} />
        ) : list.data.results.length === 0 ? (
          <EmptyState icon={CalendarDays} title={chip ? `Nothing booked on ${chip.weekday} ${chip.date}` : 'No appointments'}>
            {status || providerId ? 'Nothing matches these filters.' : 'Bookings show up here as customers make them; you are told of each one.'}
          </EmptyState>
        ) : (
          <>
            <p role="status" className="mb-3 text-sm text-slate-600">
              <span className="font-semibold text-slate-900">{list.data.count}</span> {list.data.count === 1 ? 'appointment' : 'appointments'}
            </p>
            <ol className="space-y-3">
              {list.data.results.map((a) => (
                <li key={a.id} className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm md:flex-row md:items-center">
                  <div className="w-28 shrink-0">
                    <p className="text-lg font-semibold text-slate-900">{formatTime(a.starts_at, a.time_zone)}</p>
                    <p className="text-sm text-slate-600">{day ? `until ${formatTime(a.ends_at, a.time_zone)}` : formatDay(a.starts_at, a.time_zone)}</p>
                  </div>
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <h2 className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{a.service.name}</h2>
                      <AppointmentStatusBadge status={a.status} />
                    </div>
                    <p className="mt-0.5 text-sm text-slate-700 [overflow-wrap:anywhere]">
                      {a.customer?.name ?? 'A deleted account'} · with {a.provider.name} · {formatPrice(a.price)}
                    </p>
                    {a.notes && <p className="mt-0.5 text-sm text-slate-600 [overflow-wrap:anywhere]">“{a.notes}”</p>}
                    {a.cancel_reason && (
                      <p className="mt-0.5 text-sm text-slate-600 [overflow-wrap:anywhere]">
                        Cancelled by {a.cancelled_by === 'vendor' ? 'you' : 'the customer'}: {a.cancel_reason}
                      </p>
                    )}
                  </div>
                  <Actions appointment={a} onCancel={() => setCancelling(a)} />
                </li>
              ))}
            </ol>
          </>
        )}
      </div>
      <CancelAppointmentDialog
        appointment={cancelling}
        onClose={() => setCancelling(null)}
        onCancelled={() => {
          setCancelling(null);
          toast.success('The booking is cancelled. The customer has been told.');
        }}
      />
    </section>
  );
}
