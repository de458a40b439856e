import { appointmentsEndpoints } from '@localloop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { myAppointmentsKeyPrefix } from './get-my-appointments.ts';

export function getAppointmentQueryOptions(appointmentId: string) {
  return queryOptions({
    queryKey: [...myAppointmentsKeyPrefix, 'detail', appointmentId],
    queryFn: ({ signal }) => call(appointmentsEndpoints.appointmentDetails, { params: { id: appointmentId }, signal }),
  });
}

/** One booking, for its customer or its shop. */
export function useAppointment(appointmentId: string) {
  return useQuery(getAppointmentQueryOptions(appointmentId));
}
