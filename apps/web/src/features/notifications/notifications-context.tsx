import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { logError } from '../../lib/log-error.ts';
import { toast } from '../../lib/toast.ts';
import { useAccountId } from '../../session/auth-context.tsx';
import { getAccessToken } from '../../session/storage.ts';
import { fetchFirstPage, hasUnread, newestUnreadQueryOptions, notificationsQueryOptions } from './api.ts';

type NotificationsValue = {
  /** The signed-in account ('' when signed out). */
  accountId: string;
  unread: boolean;
  panelOpen: boolean;
  /** The bell: warns without a stored access token, else opens the panel and loads the list. */
  openPanel: () => void;
  closePanel: () => void;
  togglePanel: () => void;
  /** True while the bell's load runs (the panel shows a spinner if it has nothing yet). */
  loading: boolean;
};

const NotificationsContext = createContext<NotificationsValue | null>(null);

/**
 * Notifications for the shell: the unread dot's query (on page load, so the dot is right at once) and
 * the panel's open state (the layout shifts the main area while it is open). Pushes refresh it through
 * app/realtime-effects.ts.
 */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const accountId = useAccountId();
  const signedIn = accountId !== '';
  const queryClient = useQueryClient();
  const options = notificationsQueryOptions(accountId);
  const query = useQuery({ ...options, enabled: signedIn && getAccessToken() !== null });
  const newestUnread = useQuery({ ...newestUnreadQueryOptions(accountId), enabled: signedIn && getAccessToken() !== null });
  const [panelOpen, setPanelOpen] = useState(false);
  const [loading, setLoading] = useState(false);

  // A failed load outside the panel (the dot's query) is told; the panel's own failures are only logged.
  const { isError, errorUpdatedAt } = query;
  useEffect(() => {
    if (isError) toast.error('Failed to load notifications', { toastId: 'notifications-load-failed' });
  }, [isError, errorUpdatedAt]);

  // The panel belongs to the account that opened it.
  const [openFor, setOpenFor] = useState(accountId);
  if (openFor !== accountId) {
    setOpenFor(accountId);
    setPanelOpen(false);
  }

  const openPanel = useCallback(() => {
    if (!getAccessToken()) {
      toast.warning('Please login to view notifications.');
      return;
    }
    setPanelOpen(true);
    setLoading(true);
    // Its own call, not a refetch of the query: a failure here is only logged, and must not toast.
    fetchFirstPage()
      .then((list) => queryClient.setQueryData(notificationsQueryOptions(accountId).queryKey, list))
      .catch((error: unknown) => logError('Could not load notifications', error))
      .finally(() => setLoading(false));
  }, [queryClient, accountId]);

  const closePanel = useCallback(() => setPanelOpen(false), []);
  const togglePanel = useCallback(() => {
    if (panelOpen) closePanel();
    else openPanel();
  }, [panelOpen, openPanel, closePanel]);

  const value = useMemo(
    () => ({
      accountId,
      unread: hasUnread(query.data, newestUnread.data),
      panelOpen: signedIn && panelOpen,
      openPanel,
      closePanel,
      togglePanel,
      loading,
    }),
    [accountId, query.data, newestUnread.data, signedIn, panelOpen, openPanel, closePanel, togglePanel, loading],
  );
  return <NotificationsContext.Provider value={value}>{children}</NotificationsContext.Provider>;
}

export function useNotifications(): NotificationsValue {
  const value = useContext(NotificationsContext);
  if (!value) throw new Error('useNotifications() needs a <NotificationsProvider> above it.');
  return value;
}
