import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { logError } from '../../lib/log-error.ts';
import { toast } from '../../lib/toast.ts';
import { getAccessToken } from '../../session/storage.ts';
import { fetchFirstPage, hasUnread, newestUnreadQueryOptions, notificationsQueryOptions } from './api.ts';

/** `loaded`: how many of the panel's openings (and retries) have had their load answered (or fail); `failed`: the last one failed. */
export type FeedState = { unread: boolean; loaded: number; failed: boolean };

type NotificationsFeedProps = {
  accountId: string;
  /** Counts the panel's openings: each one loads the first page afresh. */
  openings: number;
  onChange: (state: FeedState) => void;
};

/**
 * The data behind the shell's notifications, mounted only for a signed-in account (and loaded with the API client
 * and the contract's schemas, which the first page of a visitor does without): the unread dot's queries (on page
 * load, so the dot is right at once) and the panel's loads. It tells the provider what to show; pushes refresh its
 * queries through app/realtime-effects.ts.
 */
export function NotificationsFeed({ accountId, openings, onChange }: NotificationsFeedProps) {
  const queryClient = useQueryClient();
  const hasToken = getAccessToken() !== null;
  const query = useQuery({ ...notificationsQueryOptions(accountId), enabled: hasToken });
  const newestUnread = useQuery({ ...newestUnreadQueryOptions(accountId), enabled: hasToken });
  const [loaded, setLoaded] = useState(0);
  const [failed, setFailed] = useState(false);

  // A failed load outside the panel (the dot's query) is told; the panel's own failures are only logged.
  const { isError, errorUpdatedAt } = query;
  useEffect(() => {
    if (isError) toast.error('Failed to load notifications', { toastId: 'notifications-load-failed' });
  }, [isError, errorUpdatedAt]);

  useEffect(() => {
    if (openings === 0) return;
    // Its own call, not a refetch of the query: a failure here must not toast; the panel says it, with a retry.
    fetchFirstPage()
      .then((list) => {
        queryClient.setQueryData(notificationsQueryOptions(accountId).queryKey, list);
        setFailed(false);
      })
      .catch((error: unknown) => {
        logError('Could not load notifications', error);
        setFailed(true);
      })
      .finally(() => setLoaded((count) => Math.max(count, openings)));
  }, [openings, queryClient, accountId]);

  const unread = hasUnread(query.data, newestUnread.data);
  useEffect(() => onChange({ unread, loaded, failed }), [unread, loaded, failed, onChange]);
  return null;
}
