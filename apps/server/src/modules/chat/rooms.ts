import { and, asc, count, desc, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import type { ActivityPerson, ChatRoom, ChatRoomKind } from '@localloop/contract';
import { activities, activityParticipants, chatMessages, chatReads, chatRequests, chatRooms, users } from '../../db/schema.ts';
import { avatar, inRoom, noSuchActivity, personColumns, selectMessages, toMessage, toPerson, type ChatDeps, type Reader } from './shared.ts';

/** The most members a room's entry lists; `member_count` says how many there are. */
const LISTED_MEMBERS = 50;

/** The caller's read receipt in a room, and how many messages of others came after it. */
export async function unreadOf(db: Reader, roomId: string, userId: string): Promise<{ lastReadSeq: number; unread: number }> {
  const [read] = await db
    .select({ seq: chatReads.lastReadSeq })
    .from(chatReads)
    .where(and(eq(chatReads.roomId, roomId), eq(chatReads.userId, userId)));
  const lastReadSeq = Number(read?.seq ?? 0);
  const [unread] = await db
    .select({ n: count() })
    .from(chatMessages)
    .where(and(eq(chatMessages.roomId, roomId), gt(chatMessages.seq, lastReadSeq), ne(chatMessages.senderId, userId)));
  return { lastReadSeq, unread: unread?.n ?? 0 };
}

/** The rooms of an activity that the caller is in: the group room first, then one-to-one rooms oldest first; 404 when none. */
export async function roomsOf(deps: ChatDeps, userId: string, activityId: string): Promise<ChatRoom[]> {
  const rooms = await deps.db
    .select({ room: chatRooms, title: activities.title, hostId: activities.hostId, participantCount: activities.participantCount, requesterId: chatRequests.requesterId })
    .from(chatRooms)
    .innerJoin(activities, eq(activities.id, chatRooms.activityId))
    .leftJoin(chatRequests, eq(chatRequests.id, chatRooms.chatRequestId))
    .where(and(eq(chatRooms.activityId, activityId), inRoom(userId)))
    .orderBy(sql`${chatRooms.kind} = 'group' DESC`, asc(chatRooms.createdAt), asc(chatRooms.id));
  if (rooms.length === 0) throw noSuchActivity();
  return Promise.all(
    rooms.map(async (r): Promise<ChatRoom> => {
      const kind = r.room.kind as ChatRoomKind;
      const memberIds = kind === 'direct' ? [r.hostId, r.requesterId ?? r.hostId] : null;
      const people = await deps.db
        .select(personColumns)
        .from(users)
        .leftJoin(avatar, eq(avatar.id, users.profileImageId))
        .where(
          memberIds
            ? inArray(users.id, memberIds)
            : or(
                eq(users.id, r.hostId),
                inArray(
                  users.id,
                  deps.db
                    .select({ id: activityParticipants.userId })
                    .from(activityParticipants)
                    .where(and(eq(activityParticipants.activityId, activityId), eq(activityParticipants.status, 'joined'))),
                ),
              ),
        )
        .orderBy(sql`${users.id} = ${r.hostId} DESC`, asc(users.firstName), asc(users.id))
        .limit(LISTED_MEMBERS);
      const members: ActivityPerson[] = people.map((p) => toPerson(p, deps.mediaUrl));
      const [last] = await selectMessages(deps.db).where(eq(chatMessages.roomId, r.room.id)).orderBy(desc(chatMessages.seq)).limit(1);
      const { lastReadSeq, unread } = await unreadOf(deps.db, r.room.id, userId);
      const receipts = await deps.db
        .select({ userId: chatReads.userId, seq: chatReads.lastReadSeq })
        .from(chatReads)
        .where(and(eq(chatReads.roomId, r.room.id), inArray(chatReads.userId, members.map((m) => m.id))));
      const other = members.find((m) => m.id !== userId);
      return {
        id: r.room.id,
        activity_id: activityId,
        kind,
        title: kind === 'group' ? r.title : (other?.name ?? r.title),
        members,
        member_count: kind === 'group' ? 1 + r.participantCount : 2,
        last_message: last ? toMessage(last, deps.mediaUrl) : null,
        unread_count: unread,
        last_read_seq: lastReadSeq,
        read_receipts: receipts.map((x) => ({ user_id: x.userId, last_read_seq: Number(x.seq) })),
      };
    }),
  );
}
