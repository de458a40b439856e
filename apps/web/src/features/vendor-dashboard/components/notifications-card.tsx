import type { VendorDashboard } from '@localloop/contract';
import { Bell } from 'lucide-react';
import { formatRelative, useNow } from '../../../lib/relative-time.ts';
import { DashboardCard } from './dashboard-card.tsx';

export function NotificationsCard({ data }: { data: VendorDashboard }) {
  const now = useNow();
  const items = data.recent_notifications;
  return (
    <DashboardCard title="Recent notifications" icon={Bell}>
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">No notifications yet.</p>
      ) : (
        <ul className="-my-3 divide-y divide-slate-100">
          {items.map((item) => (
            <li key={item.id} className="flex gap-3 py-3">
              <span aria-hidden="true" className={`mt-1.5 size-2 shrink-0 rounded-full ${item.is_read ? 'bg-transparent' : 'bg-teal-600'}`} />
              <div className="min-w-0">
                <p className="text-sm font-medium text-slate-900">
                  {item.title}
                  {!item.is_read && <span className="sr-only"> (unread)</span>}
                </p>
                {/* A long comment stays a preview here; the notifications panel shows it whole. */}
                <p className="line-clamp-3 text-sm text-slate-600">{item.body}</p>
                <p className="mt-0.5 text-xs text-slate-500">{formatRelative(item.created_at, now)}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  );
}
