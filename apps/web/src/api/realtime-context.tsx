import type { ChannelName } from '@localloop/contract';
import { createContext, use, useEffect, useRef } from 'react';
import type { ChannelListener, RealtimeConnection } from './realtime.ts';

/** The signed-in person's realtime connection (null when signed out); provided once by the app. */
export const RealtimeContext = createContext<RealtimeConnection | null>(null);

/**
 * Listens on a channel (e.g. a chat room's `room:<id>`) while the component is mounted and `channel` is set; the
 * server checks membership on the subscribe and on every delivery. The listener may change between renders.
 */
export function useRealtimeChannel(channel: ChannelName | null, listener: ChannelListener): void {
  const connection = use(RealtimeContext);
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    if (!connection || !channel) return;
    return connection.subscribe(channel, {
      onEvent: (event) => latest.current.onEvent(event),
      onRefused: (reason) => latest.current.onRefused?.(reason),
      onCatchUp: () => latest.current.onCatchUp?.(),
    });
  }, [connection, channel]);
}
