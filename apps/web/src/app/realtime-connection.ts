import type { QueryClient } from '@tanstack/react-query';
import { createRealtimeConnection, type RealtimeConnection } from '../api/realtime.ts';
import { applyRealtimeEvent, refreshAfterGap } from './realtime-effects.ts';

/**
 * The signed-in person's socket, each push applied through the effects table and everything it covers refetched
 * after a reconnect or the server's resync. Loaded only once someone is signed in (it brings the contract's schemas).
 */
export function openRealtime(queryClient: QueryClient, accountId: string): RealtimeConnection {
  const scope = { accountId };
  return createRealtimeConnection({
    onEvent: (event) => applyRealtimeEvent(queryClient, event, scope),
    onOpen: (reconnected) => {
      if (reconnected) refreshAfterGap(queryClient, scope);
    },
    onResync: () => refreshAfterGap(queryClient, scope),
  });
}
