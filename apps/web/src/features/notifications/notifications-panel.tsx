import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useQuery } from '@tanstack/react-query';
import { CheckCheck, ChevronRight, LoaderCircle, RotateCw, X } from 'lucide-react';
import { useRef } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Notification } from '@localloop/contract';
import { formatRelative, useNow } from '../../lib/relative-time.ts';
import { notificationsQueryOptions, notificationPath, useMarkAllRead, useMarkRead } from './api.ts';
import { useNotifications } from './notifications-context.tsx';

/**
 * The side drawer "Notifications" (spec §2): w-96 on wide screens beside the main area (the layout shifts by lg:mr-96),
 * the whole width on phones. While it is open, focus stays in it (Tab cycles through it) and the page behind does not
 * take clicks or keys; Escape, the close button or a click outside closes it, and focus returns to the bell.
 */
export function NotificationsPanel() {
  const { accountId, panelOpen, closePanel, loading, loadFailed, retry } = useNotifications();
  const list = useQuery({ ...notificationsQueryOptions(accountId), enabled: false }).data;
  const markRead = useMarkRead(accountId);
  const markAll = useMarkAllRead(accountId);
  const now = useNow();
  const anyUnread = list?.some((notification) => !notification.is_read) ?? false;
  const closeRef = useRef<HTMLButtonElement>(null);

  const open = (notification: Notification) => {
    if (!notification.is_read && !markRead.isPending) markRead.mutate(notification.id);
    // Going to what it is about closes the drawer; one about nothing to open stays, now read.
    if (notificationPath(notification)) closePanel();
  };

  let body: ReactNode;
  if (list === undefined && loading) {
    body = (
      <p className="flex items-center gap-2 p-4 text-sm text-slate-500" role="status">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        Loading…
      </p>
    );
  } else if (loadFailed && !loading && (!list || list.length === 0)) {
    body = <LoadFailed onRetry={retry} />;
  } else if (!list || list.length === 0) {
    body = <p className="p-4 text-sm text-slate-500">No notifications found.</p>;
  } else {
    body = (
      <>
        {loadFailed && <LoadFailed onRetry={retry} busy={loading} stale />}
        <ul className="divide-y divide-slate-100">
          {list.map((notification) => (
            <li key={notification.id}>
              <NotificationItem notification={notification} now={now} onOpen={() => open(notification)} />
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <Dialog
      open={panelOpen}
      onClose={closePanel}
      className="fixed top-16 right-0 bottom-0 z-30 flex w-full flex-col border-l border-slate-200 bg-white shadow-xl lg:w-96"
    >
      <DialogPanel id="notifications-panel" className="flex min-h-0 flex-1 flex-col">
        <div className="flex min-h-14 flex-wrap items-center justify-between gap-x-2 border-b border-slate-100 px-4 py-2">
          <DialogTitle as="h2" className="text-base font-semibold text-slate-900">
            Notifications
          </DialogTitle>
          <div className="flex items-center gap-1">
            {anyUnread && (
              <button
                type="button"
                // Up to the newest shown; once done the button goes, so focus moves on to the close button.
                onClick={() => markAll.mutate(list?.[0]?.created_at, { onSuccess: () => closeRef.current?.focus() })}
                disabled={markAll.isPending}
                aria-busy={markAll.isPending}
                className="btn-ghost gap-1.5 px-2 py-1.5 text-sm text-teal-800"
              >
                {markAll.isPending ? (
                  <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
                ) : (
                  <CheckCheck aria-hidden="true" className="size-4" />
                )}
                Mark all as read
              </button>
            )}
            <button ref={closeRef} type="button" onClick={closePanel} className="btn-ghost -mr-2 p-2" aria-label="Close notifications" data-autofocus>
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
          {markAll.isError && (
            <p role="alert" className="w-full pb-1 text-sm text-red-700">
              They could not be marked as read. Try again.
            </p>
          )}
        </div>
        <div className="flex-1 overflow-y-auto">{body}</div>
      </DialogPanel>
    </Dialog>
  );
}

function LoadFailed({ onRetry, busy = false, stale = false }: { onRetry: () => void; busy?: boolean; stale?: boolean }) {
  return (
    <div role="alert" className="m-4 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      <p className="font-medium">{stale ? 'Your notifications could not be refreshed.' : 'Your notifications could not be loaded.'}</p>
      <p className="mt-0.5 text-red-700">{stale ? 'These may be out of date. ' : ''}Check your connection and try again.</p>
      <button type="button" onClick={onRetry} disabled={busy} aria-busy={busy} className="btn-secondary mt-2 px-3 py-1.5 text-sm">
        {busy ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <RotateCw aria-hidden="true" className="size-4" />}
        Try again
      </button>
    </div>
  );
}

function NotificationItem({ notification, now, onOpen }: { notification: Notification; now: number; onOpen: () => void }) {
  const unread = !notification.is_read;
  const path = notificationPath(notification);
  const className = `flex w-full items-start gap-2 px-4 py-3 text-left ${unread ? 'bg-teal-50 hover:bg-teal-100/70' : 'bg-white hover:bg-slate-50'}`;
  const content = (
    <>
      <span className="min-w-0 flex-1">
        <span className="flex items-start justify-between gap-2">
          <span className={`min-w-0 text-sm ${unread ? 'font-semibold text-slate-900' : 'font-medium text-slate-700'}`}>
            {notification.title}
          </span>
          {unread && <span className="sr-only">(unread)</span>}
          {unread && <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-teal-600" />}
        </span>
        <span className="mt-0.5 block text-sm text-slate-600">{notification.body}</span>
        <span className="mt-1 flex flex-wrap justify-between gap-x-2 text-xs text-slate-500">
          <span className="break-all">Type: {notification.notification_type}</span>
          <time dateTime={notification.created_at}>{formatRelative(notification.created_at, now)}</time>
        </span>
      </span>
      {path && <ChevronRight aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />}
    </>
  );
  const data = { 'data-testid': 'notification-item', 'data-unread': unread ? 'true' : undefined };
  if (path) {
    return (
      <Link to={path} onClick={onOpen} className={className} {...data}>
        {content}
      </Link>
    );
  }
  return (
    <button type="button" onClick={onOpen} className={className} {...data}>
      {content}
    </button>
  );
}
