import { CalendarCheck, CalendarClock, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { AddToCalendarButton } from '../../components/add-to-calendar-button.tsx';
import { LoadError } from '../../components/page-states.tsx';
import type { PageProps } from '../../components/page-props.ts';
import { toast } from '../../lib/toast.ts';
import { paths } from '../../paths.ts';
import { downloadCalendarFile } from './api/download-calendar-file.ts';
import { useAppointment } from './api/get-appointment.ts';
import { AppointmentStatusBadge } from './components/appointment-status-badge.tsx';
import { RescheduleAppointmentDialog } from './components/reschedule-appointment-dialog.tsx';
import { dayAndTime, formatPrice, formatWhen, zoneLabel } from './format.ts';

/** /appointment/confirmation/{appointmentId}: the booking just made, what happens next, and a way to change its time. */
export default function AppointmentConfirmationPage({ title }: PageProps) {
  const { appointmentId = '' } = useParams();
  const appointment = useAppointment(appointmentId);
  const [moving, setMoving] = useState(false);
  return (
    <section className="mx-auto max-w-xl px-4 py-8 sm:px-6 sm:py-12">
      {appointment.isPending ? (
        <>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          <p role="status" className="mt-6 flex items-center gap-2 text-slate-600">
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> Loading your booking…
          </p>
        </>
      ) : appointment.isError ? (
        <>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          <div className="mt-6">
            <LoadError error={appointment.error} what="your booking" onRetry={() => void appointment.refetch()} />
          </div>
        </>
      ) : (
        <div className="rounded-3xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8">
          <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-teal-50 text-teal-700">
            <CalendarCheck aria-hidden="true" className="size-7" />
          </span>
          <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">You are booked</h1>
          <p className="mt-1 text-slate-600">
            {appointment.data.vendor.business_name} has your booking and confirms it shortly; we will tell you when they do.
          </p>
          <dl className="mt-6 space-y-3 rounded-2xl bg-slate-50 p-4 text-left text-sm">
            <div className="flex justify-between gap-4">
              <dt className="shrink-0 text-slate-600">What</dt>
              <dd className="text-right font-medium text-slate-900 [overflow-wrap:anywhere]">{appointment.data.service.name}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="shrink-0 text-slate-600">With</dt>
              <dd className="text-right font-medium text-slate-900 [overflow-wrap:anywhere]">{appointment.data.provider.name}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="shrink-0 text-slate-600">When</dt>
              <dd className="text-right font-medium text-slate-900">
                {formatWhen(appointment.data.starts_at, appointment.data.ends_at, appointment.data.time_zone)}
                <span className="block text-xs font-normal text-slate-500">{zoneLabel(appointment.data.time_zone)}</span>
              </dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="shrink-0 text-slate-600">Price</dt>
              <dd className="text-right font-medium text-slate-900">{formatPrice(appointment.data.price)}, paid at the shop</dd>
            </div>
            <div className="flex items-center justify-between gap-4">
              <dt className="shrink-0 text-slate-600">Status</dt>
              <dd>
                <AppointmentStatusBadge status={appointment.data.status} />
              </dd>
            </div>
          </dl>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:justify-center">
            <AddToCalendarButton download={() => downloadCalendarFile(appointment.data)} />
            {appointment.data.can_reschedule && (
              <button type="button" className="btn-secondary" onClick={() => setMoving(true)}>
                <CalendarClock aria-hidden="true" className="size-4" /> Change the time
              </button>
            )}
            <Link to={paths.customerBookings} className="btn-primary">
              See my bookings
            </Link>
            <Link to={paths.servicesBrowse} className="btn-secondary">
              Browse more services
            </Link>
          </div>
          <RescheduleAppointmentDialog
            appointment={moving ? appointment.data : null}
            onClose={() => setMoving(false)}
            onRescheduled={(moved) => {
              setMoving(false);
              toast.success(`Your booking is moved to ${dayAndTime(moved.starts_at, moved.time_zone)}. The shop has been told.`);
            }}
          />
        </div>
      )}
    </section>
  );
}
