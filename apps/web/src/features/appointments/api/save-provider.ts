import { appointmentsEndpoints } from '@localloop/contract';
import type { GenerateSlotsInput, ProviderInput } from '@localloop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { myProvidersKeyPrefix } from './get-my-providers.ts';
import { myServicesKeyPrefix } from './get-my-services.ts';
import { timeSlotsKeyPrefix } from './get-time-slots.ts';

const refresh = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all([myProvidersKeyPrefix, myServicesKeyPrefix, timeSlotsKeyPrefix].map((queryKey) => queryClient.invalidateQueries({ queryKey })));

/** Adds a provider (no id) or changes one. */
export function useSaveProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ProviderInput }) =>
      id ? call(appointmentsEndpoints.updateProvider, { params: { id }, body }) : call(appointmentsEndpoints.createProvider, { body }),
    onSuccess: () => refresh(queryClient),
  });
}

/** Removes a provider; the server refuses one with bookings to come. */
export function useDeleteProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(appointmentsEndpoints.deleteProvider, { params: { id } }),
    onSettled: () => refresh(queryClient),
  });
}

/** Makes a provider's slots for one service over a range of days. */
export function useGenerateSlots() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ providerId, body }: { providerId: string; body: GenerateSlotsInput }) => call(appointmentsEndpoints.generateSlots, { params: { provider_id: providerId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timeSlotsKeyPrefix }),
  });
}
