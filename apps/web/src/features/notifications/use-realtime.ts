import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { connectRealtime } from '../../api/realtime.ts';
import { toast } from '../../lib/toast.ts';
import { addToCache, notificationsRootKey } from './api.ts';

/** Spec §9: notification toasts. */
export const notificationToast = { position: 'top-center', autoClose: 1000 } as const;

/**
 * The realtime channel of a signed-in person, mounted once by the shell: a pushed notification toasts
 * and lights the dot. Whatever was missed is refetched after the socket reconnects, and when the server
 * says it missed events itself (`resync`: it lost its database connection for a while). Closed on logout
 * (enabled false) and on unmount.
 */
export function useRealtime({ enabled, accountId }: { enabled: boolean; accountId: string }): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || accountId === '') return;
    const refetch = () => void queryClient.invalidateQueries({ queryKey: notificationsRootKey });
    return connectRealtime({
      onEvent: (event) => {
        if (event.type === 'resync') return refetch();
        if (event.type !== 'notification') return;
        toast(event.notification.title, notificationToast);
        addToCache(queryClient, accountId, event.notification);
      },
      onOpen: (reconnected) => {
        if (reconnected) refetch();
      },
    });
  }, [enabled, accountId, queryClient]);
}
