import { appointmentsEndpoints } from '@localloop/contract';
import { callBlob } from '../../../api/client.ts';
import { saveFile } from '../../../lib/save-file.ts';

/** Saves a booking as an .ics file (the call carries the session, so a plain link cannot fetch it). */
export async function downloadCalendarFile(appointment: { id: string; starts_at: string }): Promise<void> {
  const blob = await callBlob(appointmentsEndpoints.appointmentCalendarFile, { params: { id: appointment.id } });
  saveFile(blob, `booking-${appointment.starts_at.slice(0, 10)}.ics`, 'text/calendar');
}
