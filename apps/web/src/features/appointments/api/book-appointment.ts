import { appointmentsEndpoints } from '@localloop/contract';
import type { BookAppointmentInput } from '@localloop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { myAppointmentsKeyPrefix } from './get-my-appointments.ts';
import { timeSlotsKeyPrefix } from './get-time-slots.ts';

/** Books a slot; the slots and the person's bookings are fetched again whatever the answer (a 409 means they changed). */
export function useBookAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BookAppointmentInput) => call(appointmentsEndpoints.bookAppointment, { body }),
    onSettled: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: timeSlotsKeyPrefix }), queryClient.invalidateQueries({ queryKey: myAppointmentsKeyPrefix })]);
    },
  });
}
