import { appointmentsEndpoints } from '@localloop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { myAppointmentsKeyPrefix } from './get-my-appointments.ts';
import { timeSlotsKeyPrefix } from './get-time-slots.ts';
import { vendorAppointmentsKeyPrefix } from './get-vendor-appointments.ts';

/**
 * Moves a booking to another free slot of the same provider and service, in one step. Whatever the answer, the
 * bookings (the list and each one's page) and the free times are fetched again: a 409 means the slots changed.
 */
export function useRescheduleAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, startsAt }: { id: string; startsAt: string }) => call(appointmentsEndpoints.rescheduleAppointment, { params: { id }, body: { starts_at: startsAt } }),
    onSettled: async () => {
      await Promise.all([myAppointmentsKeyPrefix, vendorAppointmentsKeyPrefix, timeSlotsKeyPrefix].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
