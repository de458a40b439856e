import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { Notification } from '@localloop/contract';
import { formatRelative, useNow } from '../../lib/relative-time.ts';
import { notificationsQueryOptions, useMarkRead } from './api.ts';
import { useNotifications } from './notifications-context.tsx';

/**
 * The side drawer "Notifications" (spec §2): w-96 on wide screens beside the main area (the layout
 * shifts by lg:mr-96), the whole width on phones. Not modal: the page stays usable beside it.
 */
export function NotificationsPanel() {
  const { accountId, panelOpen, closePanel, loading } = useNotifications();
  const list = useQuery({ ...notificationsQueryOptions(accountId), enabled: false }).data;
  const markRead = useMarkRead(accountId);
  const now = useNow();
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!panelOpen) return;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closePanel();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [panelOpen, closePanel]);

  if (!panelOpen) return null;
  return (
    <div
      id="notifications-panel"
      role="dialog"
      aria-modal="false"
      aria-labelledby="notifications-title"
      className="fixed top-16 right-0 bottom-0 z-30 flex w-full flex-col border-l border-slate-200 bg-white shadow-xl lg:w-96"
    >
      <div className="flex h-14 items-center justify-between border-b border-slate-100 px-4">
        <h2 id="notifications-title" className="text-base font-semibold text-slate-900">
          Notifications
        </h2>
        <button ref={closeRef} type="button" onClick={closePanel} className="btn-ghost -mr-2 p-2" aria-label="Close notifications">
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
      <div className="flex-1 overflow-y-auto">
        {list === undefined && loading ? (
          <p className="p-4 text-sm text-slate-500" role="status">
            Loading…
          </p>
        ) : !list || list.length === 0 ? (
          <p className="p-4 text-sm text-slate-500">No notifications found.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {list.map((notification) => (
              <li key={notification.id}>
                <NotificationItem
                  notification={notification}
                  now={now}
                  onOpen={() => {
                    if (!notification.is_read && !markRead.isPending) markRead.mutate(notification.id);
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function NotificationItem({ notification, now, onOpen }: { notification: Notification; now: number; onOpen: () => void }) {
  const unread = !notification.is_read;
  return (
    <button
      type="button"
      onClick={onOpen}
      data-testid="notification-item"
      data-unread={unread ? 'true' : undefined}
      className={`block w-full px-4 py-3 text-left ${unread ? 'bg-teal-50 hover:bg-teal-100/70' : 'bg-white hover:bg-slate-50'}`}
    >
      <span className="flex items-start justify-between gap-2">
        <span className={`text-sm ${unread ? 'font-semibold text-slate-900' : 'font-medium text-slate-700'}`}>
          {notification.title}
        </span>
        {unread && <span className="sr-only">(unread)</span>}
        {unread && <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-teal-600" />}
      </span>
      <span className="mt-0.5 block text-sm text-slate-600">{notification.body}</span>
      <span className="mt-1 flex justify-between gap-2 text-xs text-slate-500">
        <span>Type: {notification.notification_type}</span>
        <time dateTime={notification.created_at}>{formatRelative(notification.created_at, now)}</time>
      </span>
    </button>
  );
}
