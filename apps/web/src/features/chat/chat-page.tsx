import { IdParams, TYPING_SHOWN_MS, type ActivityPerson, type ChatRoom, type RoomEvent } from '@localloop/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, LoaderCircle, MessageCircleOff, MessagesSquare, Users } from 'lucide-react';
import { use, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { RealtimeContext, useRealtimeChannel } from '../../api/realtime-context.tsx';
import { EmptyState, LoadError } from '../../components/page-states.tsx';
import type { PageProps } from '../../components/page-props.ts';
import { useNow } from '../../lib/relative-time.ts';
import { paths, to } from '../../paths.ts';
import { useAccountId } from '../../session/auth-context.tsx';
import { useChatActivity } from './api/get-chat-activity.ts';
import { chatRoomsKeyPrefix, useChatRooms } from './api/get-chat-rooms.ts';
import { markRoomRead } from './api/mark-room-read.ts';
import { Composer } from './components/composer.tsx';
import { MessageList } from './components/message-list.tsx';
import { RoomTabs } from './components/room-tabs.tsx';
import { namesList, typingLine } from './format.ts';
import { useRoomMessages } from './use-room-messages.ts';

/** The page fills the visible viewport under the sticky header (4rem), so a phone's open keyboard never hides the box. */
function Frame({ children }: { children: ReactNode }) {
  return <section className="mx-auto flex h-[calc(100dvh-4rem)] min-h-[24rem] max-w-4xl flex-col sm:px-6 sm:py-4">{children}</section>;
}

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      <div className="mt-6">{children}</div>
    </section>
  );
}

/** Watches a room the page does not show, to keep its unread count in the header true. */
function RoomWatcher({ roomId, meId, onNews }: { roomId: string; meId: string; onNews: () => void }) {
  useRealtimeChannel(`chat:${roomId}`, {
    onEvent: (event) => {
      if (event.type === 'chat_message' && event.sender_id !== meId) onNews();
    },
  });
  return null;
}

/**
 * /chat/{activityId}/{chatroomId}: one room of an activity's chat. The history loads newest first (older pages on
 * scrolling up); new messages arrive over the realtime channel `chat:<room id>` as ids, and the page fetches what came
 * after the newest it has: on each event, on each confirmed subscription (so a reconnect loses nothing) and on a
 * resync. Sending shows the message at once with a client id, so retries make no copies. The header switches rooms
 * with their unread counts; the read receipt moves while the newest message is in view; who is typing shows above
 * the box.
 */
export default function ChatPage({ title }: PageProps) {
  const { activityId = '', chatroomId = '' } = useParams();
  const valid = IdParams.safeParse({ id: activityId }).success && IdParams.safeParse({ id: chatroomId }).success;
  const rooms = useChatRooms(activityId, valid);
  const activity = useChatActivity(activityId, valid);
  const meId = useAccountId();

  const notYours = (
    <Notice title={title}>
      <EmptyState
        icon={MessageCircleOff}
        title="This chat is not available"
        actions={
          <Link to={valid ? to.activitiesDetails(activityId) : paths.localActivities} className="btn-primary">
            {valid ? 'Back to the activity' : 'Browse activities'}
          </Link>
        }
      >
        Only the host and the people taking part can read an activity&rsquo;s chat. The link may not be complete, or you are no longer in this chat.
      </EmptyState>
    </Notice>
  );
  if (!valid) return notYours;
  if (rooms.isPending) {
    return (
      <Notice title={title}>
        <p role="status" className="flex items-center gap-2 text-slate-600">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> Loading…
        </p>
      </Notice>
    );
  }
  const gone = rooms.isError && rooms.error instanceof ApiError && rooms.error.status === 404;
  if (!rooms.data) {
    if (gone) return notYours;
    return (
      <Notice title={title}>
        <LoadError error={rooms.error} what="this chat" onRetry={() => void rooms.refetch()} />
      </Notice>
    );
  }
  const room = rooms.data.find((r) => r.id === chatroomId);
  if (!room || !meId) return notYours;
  const me = room.members.find((m) => m.id === meId) ?? { id: meId, name: 'You', avatar: null };
  // Shut out while reading (the rooms answer 404 now): what was said stays on the screen, the box closes.
  return <Room key={room.id} room={room} rooms={rooms.data} me={me} activityId={activityId} activityTitle={activity.data?.title ?? null} shutOut={gone} />;
}

type RoomProps = { room: ChatRoom; rooms: ChatRoom[]; me: ActivityPerson; activityId: string; activityTitle: string | null; shutOut: boolean };

function Room({ room, rooms, me, activityId, activityTitle, shutOut }: RoomProps) {
  const queryClient = useQueryClient();
  const connection = use(RealtimeContext);
  const roomHistory = useRoomMessages(room.id);
  const history = shutOut && !roomHistory.lost ? { ...roomHistory, lost: true } : roomHistory;
  const now = useNow(60_000);
  const channel = `chat:${room.id}` as const;
  const refreshRooms = useCallback(() => void queryClient.invalidateQueries({ queryKey: [...chatRoomsKeyPrefix, activityId] }), [queryClient, activityId]);

  const [receipts, setReceipts] = useState(() => new Map(room.read_receipts.map((r) => [r.user_id, r.last_read_seq])));
  const [typing, setTyping] = useState(() => new Map<string, number>());
  const [atBottom, setAtBottom] = useState(true);
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  const readSeq = useRef(room.last_read_seq);
  const { catchUp, markLost } = history;

  useRealtimeChannel(channel, {
    onEvent: (event) => {
      const e = event as RoomEvent;
      if (e.type === 'chat_message') {
        setTyping((t) => {
          if (!t.has(e.sender_id)) return t;
          const next = new Map(t);
          next.delete(e.sender_id);
          return next;
        });
        void catchUp();
      } else if (e.type === 'chat_read') {
        setReceipts((r) => (Math.max(r.get(e.user_id) ?? 0, e.seq) === r.get(e.user_id) ? r : new Map(r).set(e.user_id, e.seq)));
      } else if (e.type === 'chat_typing' && e.user_id !== me.id) {
        setTyping((t) => new Map(t).set(e.user_id, Date.now() + TYPING_SHOWN_MS));
      }
    },
    onCatchUp: () => void catchUp(),
    onRefused: (reason) => {
      if (reason === 'revoked' || reason === 'CHANNEL_FORBIDDEN') {
        markLost();
        refreshRooms();
      }
    },
  });

  // Typing hints fade TYPING_SHOWN_MS after the last one.
  useEffect(() => {
    if (typing.size === 0) return;
    const soonest = Math.min(...typing.values());
    const timer = setTimeout(() => setTyping((t) => new Map([...t].filter(([, until]) => until > Date.now()))), Math.max(50, soonest - Date.now()));
    return () => clearTimeout(timer);
  }, [typing]);

  useEffect(() => {
    const onVisibility = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  // The read receipt follows what is in view: the newest message, once the list is at the bottom and the tab is seen.
  const newest = history.messages.at(-1);
  useEffect(() => {
    if (!newest || !atBottom || !visible || history.lost || newest.seq <= readSeq.current) return;
    const seq = newest.seq;
    readSeq.current = seq;
    markRoomRead(room.id, newest.id).then(
      (result) => {
        readSeq.current = Math.max(readSeq.current, result.last_read_seq);
        if (room.unread_count > 0) refreshRooms();
      },
      () => {
        // Asked again with the next message or visit.
        if (readSeq.current === seq) readSeq.current = 0;
      },
    );
  }, [newest, atBottom, visible, history.lost, room.id, room.unread_count, refreshRooms]);

  const names = useMemo(() => new Map(room.members.map((m) => [m.id, m.name])), [room.members]);
  const lastMine = [...history.messages].reverse().find((m) => m.sender.id === me.id);
  const seenBy = useMemo(() => {
    if (!lastMine) return null;
    const readers = room.members.filter((m) => m.id !== me.id && (receipts.get(m.id) ?? 0) >= lastMine.seq).map((m) => m.name);
    if (readers.length === 0) return null;
    return room.kind === 'direct' ? 'Seen' : `Seen by ${namesList(readers)}`;
  }, [lastMine, room.members, room.kind, me.id, receipts]);
  const typingNames = [...typing.keys()].map((id) => names.get(id) ?? 'Someone');
  const others = rooms.filter((r) => r.id !== room.id);
  const heading = room.kind === 'group' ? room.title : `Chat with ${room.title}`;

  return (
    <Frame>
      {others.map((r) => (
        <RoomWatcher key={r.id} roomId={r.id} meId={me.id} onNews={refreshRooms} />
      ))}
      <header className="border-b border-slate-200 bg-white px-4 pb-3 pt-4 sm:rounded-t-2xl sm:border sm:border-b-slate-200">
        <Link to={to.activitiesDetails(activityId)} className="inline-flex max-w-full items-center gap-1 text-sm font-medium text-teal-800 hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4 shrink-0" />
          <span className="truncate">{activityTitle ?? 'Back to the activity'}</span>
        </Link>
        <div className="mt-1 flex min-w-0 items-center gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-teal-50 text-teal-700">
            <MessagesSquare aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0">
            <h1 className="truncate text-lg font-bold tracking-tight text-slate-900 sm:text-xl">{heading}</h1>
            <p className="flex items-center gap-1 text-xs text-slate-600">
              <Users aria-hidden="true" className="size-3.5" />
              {room.kind === 'group' ? `${room.member_count} ${room.member_count === 1 ? 'member' : 'members'}` : 'Only the two of you'}
            </p>
          </div>
        </div>
        {rooms.length > 1 && <RoomTabs rooms={rooms} currentId={room.id} activityId={activityId} />}
      </header>
      <div className="flex min-h-0 flex-1 flex-col bg-slate-50 sm:border-x sm:border-slate-200">
        {history.status === 'error' && !history.lost ? (
          <div className="flex-1 overflow-y-auto p-4">
            <LoadError error={history.error} what="the messages" onRetry={() => void history.reload()} />
          </div>
        ) : history.status === 'loading' ? (
          <div className="flex flex-1 items-center justify-center bg-slate-50">
            <p role="status" className="flex items-center gap-2 text-slate-600">
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> Loading messages…
            </p>
          </div>
        ) : (
          <MessageList
            me={me}
            messages={history.messages}
            pending={history.pending}
            hasOlder={history.hasOlder}
            loadingOlder={history.loadingOlder}
            onLoadOlder={() => void history.loadOlder()}
            onRetry={history.retry}
            seenBy={seenBy}
            onAtBottom={setAtBottom}
            now={now}
          />
        )}
        <p className="min-h-6 bg-slate-50 px-4 pb-1 text-xs italic text-slate-600 sm:px-5" aria-hidden={typingNames.length === 0}>
          {typingLine(typingNames)}
        </p>
      </div>
      {history.lost && (
        <p role="alert" className="border-t border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-950">
          You are no longer in this chat: you can read what was said, but not write.
        </p>
      )}
      <div className="sm:overflow-hidden sm:rounded-b-2xl sm:border sm:border-t-0 sm:border-slate-200">
        <Composer disabled={history.lost} onSend={history.send} onTyping={() => connection?.typing(channel)} />
      </div>
    </Frame>
  );
}
