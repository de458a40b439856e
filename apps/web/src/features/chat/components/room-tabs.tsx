import type { ChatRoom } from '@localloop/contract';
import { Link } from 'react-router';
import { to } from '../../../paths.ts';

/** The activity's rooms the caller is in, each with its unread count: the group chat first, then one-to-one chats. */
export function RoomTabs({ rooms, currentId, activityId }: { rooms: ChatRoom[]; currentId: string; activityId: string }) {
  return (
    <nav aria-label="Chats of this activity" className="-mx-4 mt-3 overflow-x-auto px-4">
      <ul className="flex gap-2">
        {rooms.map((r) => {
          const current = r.id === currentId;
          const unread = current ? 0 : r.unread_count;
          const label = r.kind === 'group' ? 'Group chat' : r.title;
          return (
            <li key={r.id} className="shrink-0">
              <Link
                to={to.chat(activityId, r.id)}
                aria-current={current ? 'page' : undefined}
                className={`inline-flex max-w-[14rem] items-center gap-2 rounded-full px-3 py-1.5 text-sm font-medium ring-1 ${current ? 'bg-teal-700 text-white ring-teal-700' : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50'}`}
              >
                <span className="truncate">{label}</span>
                {unread > 0 && (
                  <>
                    <span aria-hidden="true" className="rounded-full bg-red-700 px-1.5 text-xs font-semibold text-white">
                      {unread > 99 ? '99+' : unread}
                    </span>
                    <span className="sr-only"> ({unread} unread)</span>
                  </>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
