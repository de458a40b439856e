import { appointmentsEndpoints } from '@localloop/contract';
import type { AppointmentStatus } from '@localloop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { myAppointmentsKeyPrefix } from './get-my-appointments.ts';
import { timeSlotsKeyPrefix } from './get-time-slots.ts';
import { vendorAppointmentsKeyPrefix } from './get-vendor-appointments.ts';

export type StatusChange = { id: string; status: Exclude<AppointmentStatus, 'pending'>; reason?: string };

/** A status change (the shop's) or a cancellation (either side's); every list of bookings and slots is fetched again. */
export function useUpdateAppointmentStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, reason }: StatusChange) => call(appointmentsEndpoints.updateAppointmentStatus, { params: { id }, body: { status, ...(reason ? { reason } : {}) } }),
    onSettled: async () => {
      await Promise.all(
        [myAppointmentsKeyPrefix, vendorAppointmentsKeyPrefix, timeSlotsKeyPrefix].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
