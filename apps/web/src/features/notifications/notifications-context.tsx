import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { logError } from '../../lib/log-error.ts';
import { toast } from '../../lib/toast.ts';
import { useAccountId } from '../../session/auth-context.tsx';
import { getAccessToken } from '../../session/storage.ts';
import type { FeedState } from './notifications-feed.tsx';

// Loaded once an account is signed in: it brings the API client and the contract's schemas.
const NotificationsFeed = lazy(() => import('./notifications-feed.tsx').then((module) => ({ default: module.NotificationsFeed })));

const noFeed: FeedState = { unread: false, loaded: 0, failed: false };

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
  /** The panel's last load failed (the panel says so, with a retry). */
  loadFailed: boolean;
  /** Loads the panel's list again. */
  retry: () => void;
};

const NotificationsContext = createContext<NotificationsValue | null>(null);

/**
 * Notifications for the shell: the panel's open state (the layout shifts the main area while it is open) and, for a
 * signed-in account, what its feed reports (the unread dot, the panel's loading), fed by NotificationsFeed. Pushes
 * refresh its queries through app/realtime-effects.ts.
 */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const accountId = useAccountId();
  const signedIn = accountId !== '';
  const [panelOpen, setPanelOpen] = useState(false);
  const [openings, setOpenings] = useState(0);
  const [feed, setFeed] = useState<FeedState>(noFeed);

  // The panel, and what the feed said, belong to the account that opened it.
  const [openFor, setOpenFor] = useState(accountId);
  if (openFor !== accountId) {
    setOpenFor(accountId);
    setPanelOpen(false);
    setOpenings(0);
    setFeed(noFeed);
  }

  const openPanel = useCallback(() => {
    if (!getAccessToken()) {
      toast.warning('Please login to view notifications.');
      return;
    }
    setPanelOpen(true);
    setOpenings((count) => count + 1);
  }, []);

  const closePanel = useCallback(() => setPanelOpen(false), []);
  const retry = useCallback(() => setOpenings((count) => count + 1), []);
  const togglePanel = useCallback(() => {
    if (panelOpen) closePanel();
    else openPanel();
  }, [panelOpen, openPanel, closePanel]);

  const value = useMemo(
    () => ({
      accountId,
      unread: signedIn && feed.unread,
      panelOpen: signedIn && panelOpen,
      openPanel,
      closePanel,
      togglePanel,
      // From the click until the feed has the answer, even while the feed itself is still loading.
      loading: signedIn && openings > feed.loaded,
      loadFailed: signedIn && feed.failed,
      retry,
    }),
    [accountId, signedIn, feed, openings, panelOpen, openPanel, closePanel, togglePanel, retry],
  );
  return (
    <NotificationsContext.Provider value={value}>
      {signedIn && (
        // A feed that cannot load (offline, a deploy replaced its file) leaves the dot dark; the page goes on.
        <ErrorBoundary fallback={null} onError={(error) => logError('Could not start the notifications', error)}>
          <Suspense fallback={null}>
            <NotificationsFeed key={accountId} accountId={accountId} openings={openings} onChange={setFeed} />
          </Suspense>
        </ErrorBoundary>
      )}
      {children}
    </NotificationsContext.Provider>
  );
}

export function useNotifications(): NotificationsValue {
  const value = useContext(NotificationsContext);
  if (!value) throw new Error('useNotifications() needs a <NotificationsProvider> above it.');
  return value;
}
