import { Bell } from 'lucide-react';
import { useNotifications } from './notifications-context.tsx';

/** The header's bell: a red dot while any notification is unread; opens (or closes) the panel. */
export function NotificationBell() {
  const { unread, panelOpen, togglePanel } = useNotifications();
  return (
    <button
      type="button"
      onClick={togglePanel}
      aria-label={unread ? 'Notifications (unread)' : 'Notifications'}
      aria-expanded={panelOpen}
      aria-controls={panelOpen ? 'notifications-panel' : undefined}
      className="relative rounded-full p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
    >
      <Bell aria-hidden="true" className="size-5" />
      {unread && (
        <span
          data-testid="unread-dot"
          aria-hidden="true"
          className="absolute top-1.5 right-1.5 size-2.5 rounded-full bg-red-600 ring-2 ring-white"
        />
      )}
    </button>
  );
}
