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
import { dayChip, formatDay, formatPrice, formatTime } from './format.ts';

const selectClass = `${inputClass} py-2 pr-9 text-sm`;

/** YYYY-MM-DD in the browser's calendar, moved by whole days. */
function shiftDay(day: string, by: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + by);
  return date.toISOString().slice(0, 10);
}
const todayHere = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

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

/** /appointments: the shop's bookings by day (or all to come), with who, what and the next step for each. */
export default function VendorAppointmentsPage({ title }: PageProps) {
  const id = useId();
  const auth = useAuth();
  const vendorId = auth.userData?.vendor_id === undefined || auth.userData.vendor_id === null ? null : String(auth.userData.vendor_id);
  const providers = useMyProviders();
  const [day, setDay] = useState<string | null>(todayHere);
  const [providerId, setProviderId] = useState<string | null>(null);
  const [status, setStatus] = useState<AppointmentStatus | null>(null);
  const [cancelling, setCancelling] = useState<Appointment | null>(null);
  const list = useVendorAppointments(vendorId, { date: day, providerId, status });
  const chip = day ? dayChip(day) : null;

  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
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
          <button type="button" className="btn-secondary" aria-pressed={day === todayHere()} onClick={() => setDay(todayHere())}>
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
