import type { Appointment } from '@localloop/contract';
import { CalendarClock, CalendarDays, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { AddToCalendarButton } from '../../components/add-to-calendar-button.tsx';
import { EmptyState, LoadError } from '../../components/page-states.tsx';
import type { PageProps } from '../../components/page-props.ts';
import { paths } from '../../paths.ts';
import { toast } from '../../lib/toast.ts';
import { downloadCalendarFile } from './api/download-calendar-file.ts';
import { useMyAppointments, type BookingsTab } from './api/get-my-appointments.ts';
import { AppointmentStatusBadge } from './components/appointment-status-badge.tsx';
import { CancelAppointmentDialog } from './components/cancel-appointment-dialog.tsx';
import { RescheduleAppointmentDialog } from './components/reschedule-appointment-dialog.tsx';
import { dayAndTime, formatPrice, formatWhen } from './format.ts';

function BookingRow({ appointment, onCancel, onReschedule }: { appointment: Appointment; onCancel: () => void; onReschedule: () => void }) {
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{appointment.service.name}</h2>
          <AppointmentStatusBadge status={appointment.status} />
        </div>
        <p className="mt-0.5 text-sm text-slate-700 [overflow-wrap:anywhere]">
          {appointment.vendor.business_name} · with {appointment.provider.name} · {formatPrice(appointment.price)}
        </p>
        <p className="mt-0.5 text-sm text-slate-600">{formatWhen(appointment.starts_at, appointment.ends_at, appointment.time_zone)}</p>
        {appointment.cancel_reason && (
          <p className="mt-1 text-sm text-slate-600 [overflow-wrap:anywhere]">
            Cancelled by {appointment.cancelled_by === 'vendor' ? 'the shop' : 'you'}: {appointment.cancel_reason}
          </p>
        )}
      </div>
      {(appointment.can_cancel || appointment.can_reschedule) && (
        <div className="flex shrink-0 flex-wrap gap-2">
          <AddToCalendarButton download={() => downloadCalendarFile(appointment)} label="Calendar" name={appointment.service.name} />
          {appointment.can_reschedule && (
            <button type="button" className="btn-secondary" onClick={onReschedule} aria-label={`Reschedule ${appointment.service.name}`}>
              <CalendarClock aria-hidden="true" className="size-4" /> Reschedule
            </button>
          )}
          {appointment.can_cancel && (
            <button type="button" className="btn-secondary" onClick={onCancel} aria-label={`Cancel ${appointment.service.name}`}>
              Cancel
            </button>
          )}
        </div>
      )}
    </li>
  );
}

/** /customer/bookings: upcoming and past bookings, each upcoming one movable to another free time or cancellable with a reason. */
export default function CustomerBookingsPage({ title }: PageProps) {
  const [tab, setTab] = useState<BookingsTab>('upcoming');
  const [cancelling, setCancelling] = useState<Appointment | null>(null);
  const [moving, setMoving] = useState<Appointment | null>(null);
  const bookings = useMyAppointments(tab);
  const tabs: { id: BookingsTab; label: string }[] = [
    { id: 'upcoming', label: 'Upcoming' },
    { id: 'past', label: 'Past' },
  ];

  return (
    <section className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      <div role="tablist" aria-label="Bookings" className="mt-6 inline-flex rounded-xl bg-slate-100 p-1">
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`bookings-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls="bookings-panel"
            onClick={() => setTab(t.id)}
            className={`rounded-lg px-4 py-1.5 text-sm font-medium ${tab === t.id ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div id="bookings-panel" role="tabpanel" aria-labelledby={`bookings-tab-${tab}`} className="mt-6">
        {bookings.isPending ? (
          <p role="status" className="flex items-center gap-2 text-slate-600">
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> Loading your bookings…
          </p>
        ) : bookings.isError ? (
          <LoadError error={bookings.error} what="your bookings" onRetry={() => void bookings.refetch()} />
        ) : bookings.data.results.length === 0 ? (
          <EmptyState
            icon={CalendarDays}
            title={tab === 'upcoming' ? 'No bookings to come' : 'No past bookings'}
            actions={
              <Link to={paths.servicesBrowse} className="btn-primary">
                Browse services
              </Link>
            }
          >
            {tab === 'upcoming' ? 'Book a haircut, a massage or a lesson near you, and it shows up here.' : 'Bookings you have had or cancelled show up here.'}
          </EmptyState>
        ) : (
          <ul className="space-y-3">
            {bookings.data.results.map((appointment) => (
              <BookingRow key={appointment.id} appointment={appointment} onCancel={() => setCancelling(appointment)} onReschedule={() => setMoving(appointment)} />
            ))}
          </ul>
        )}
      </div>
      <CancelAppointmentDialog
        appointment={cancelling}
        onClose={() => setCancelling(null)}
        onCancelled={() => {
          setCancelling(null);
          toast.success('Your booking is cancelled. The shop has been told.');
        }}
      />
      <RescheduleAppointmentDialog
        appointment={moving}
        onClose={() => setMoving(null)}
        onRescheduled={(moved) => {
          setMoving(null);
          toast.success(`Your booking is moved to ${dayAndTime(moved.starts_at, moved.time_zone)}. The shop has been told.`);
        }}
      />
    </section>
  );
}
