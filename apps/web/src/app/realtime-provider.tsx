import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import type { RealtimeConnection } from '../api/realtime.ts';
import { RealtimeContext } from '../api/realtime-context.tsx';
import { logError } from '../lib/log-error.ts';
import { useAccountId } from '../session/auth-context.tsx';

/**
 * The signed-in person's realtime socket: open while signed in (closed on logout and on unmount). The connection
 * (realtime-connection.ts, with the transport and the effects table) loads once someone is signed in, so a visitor's
 * first page does without it. Features join further channels (chat rooms) with useRealtimeChannel.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const accountId = useAccountId();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<{ accountId: string; connection: RealtimeConnection } | null>(null);
  useEffect(() => {
    if (accountId === '') return;
    let stopped = false;
    let connection: RealtimeConnection | null = null;
    import('./realtime-connection.ts').then(
      ({ openRealtime }) => {
        if (stopped) return;
        connection = openRealtime(queryClient, accountId);
        connection.start();
        setOpen({ accountId, connection });
      },
      // Without it the pages still work; they refresh on their own schedule.
      (error: unknown) => logError('Could not start the realtime connection', error),
    );
    return () => {
      stopped = true;
      connection?.stop();
    };
  }, [accountId, queryClient]);
  // Another account's connection (one signed out, or one that is closing) is nobody's.
  return <RealtimeContext value={open?.accountId === accountId ? open.connection : null}>{children}</RealtimeContext>;
}
