import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { ReactNode } from 'react';
import { createRealtimeConnection } from '../api/realtime.ts';
import { RealtimeContext } from '../api/realtime-context.tsx';
import { useAccountId } from '../session/auth-context.tsx';
import { applyRealtimeEvent, refreshAfterGap } from './realtime-effects.ts';

/**
 * The signed-in person's realtime socket: open while signed in (closed on logout and on unmount), each push applied
 * through the effects table, and everything it covers refetched after a reconnect or the server's resync. Features
 * join further channels (chat rooms) with useRealtimeChannel.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const accountId = useAccountId();
  const queryClient = useQueryClient();
  const connection = useMemo(() => {
    if (accountId === '') return null;
    const scope = { accountId };
    return createRealtimeConnection({
      onEvent: (event) => applyRealtimeEvent(queryClient, event, scope),
      onOpen: (reconnected) => {
        if (reconnected) refreshAfterGap(queryClient, scope);
      },
      onResync: () => refreshAfterGap(queryClient, scope),
    });
  }, [accountId, queryClient]);
  useEffect(() => {
    if (!connection) return;
    connection.start();
    return () => connection.stop();
  }, [connection]);
  return <RealtimeContext value={connection}>{children}</RealtimeContext>;
}
