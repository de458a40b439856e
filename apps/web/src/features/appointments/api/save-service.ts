import { appointmentsEndpoints } from '@localloop/contract';
import type { ServiceInput } from '@localloop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { myServicesKeyPrefix } from './get-my-services.ts';
import { myProvidersKeyPrefix } from './get-my-providers.ts';
import { serviceKeyPrefix } from './get-service.ts';

const refresh = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all([myServicesKeyPrefix, serviceKeyPrefix, myProvidersKeyPrefix].map((queryKey) => queryClient.invalidateQueries({ queryKey })));

/** Adds a service (no id) or changes one. */
export function useSaveService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ServiceInput }) =>
      id ? call(appointmentsEndpoints.updateService, { params: { id }, body }) : call(appointmentsEndpoints.createService, { body }),
    onSuccess: () => refresh(queryClient),
  });
}

/** Deletes a service; the server refuses one with bookings to come (409, with what to do instead). */
export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(appointmentsEndpoints.deleteService, { params: { id } }),
    onSettled: () => refresh(queryClient),
  });
}
