import { appointmentsEndpoints } from '@localloop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { errorMessageOf } from '../../../components/server-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { favoriteServicesKeyPrefix } from './get-favorite-services.ts';
import { serviceListKeyPrefix } from './get-services-near.ts';
import { serviceKeyPrefix } from './get-service.ts';

type Target = { id: string; name: string; is_favorite: boolean };

/** Hearts a service or takes the heart away; every list and page that shows it is fetched again. */
export function useToggleFavoriteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (service: Target) => call(appointmentsEndpoints.toggleFavoriteService, { params: { id: service.id } }),
    onError: (error, service) => {
      toast.error(`We could not ${service.is_favorite ? 'remove' : 'add'} ${service.name} ${service.is_favorite ? 'from' : 'to'} your favorites. ${errorMessageOf(error)}`);
    },
    onSettled: async () => {
      await Promise.all([favoriteServicesKeyPrefix, serviceKeyPrefix, serviceListKeyPrefix].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
