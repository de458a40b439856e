import { endpoints } from '@localloop/contract';
import { callBlob } from '../../../api/client.ts';

/** Saves a booking as an .ics file (the call carries the session, so a plain link cannot fetch it). */
export async function downloadCalendarFile(appointment: { id: string; starts_at: string }): Promise<void> {
  const blob = await callBlob(endpoints.appointmentCalendarFile, { params: { id: appointment.id } });
  const url = URL.createObjectURL(new Blob([blob], { type: 'text/calendar' }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = `booking-${appointment.starts_at.slice(0, 10)}.ics`;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the file to the browser.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
