import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { ChatMessage } from '@localloop/contract';
import type { FastifyBaseLogger } from 'fastify';
import { isTransaction, type Db, type Tx } from '../../db/client.ts';
import { activities, activityParticipants, chatMessages, chatRequests, chatRooms, users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { prepared } from '../../lib/prepared.ts';
import { isUuid, uuidArray } from '../../lib/uuid.ts';
import type { KeptPages } from './kept-pages.ts';
import { avatar, personColumns, toPerson, type PersonBits } from '../users/index.ts';

export type ChatDeps = { db: Db; clock: Clock; mediaUrl: (key: string) => string; pages: KeptPages; log?: Pick<FastifyBaseLogger, 'warn'> };
export type Reader = Db | Tx;

export const iso = (d: Date | string) => new Date(d).toISOString();
export const noSuchRoom = () => AppError.notFound('That chat room');
export const noSuchActivity = () => AppError.notFound('That activity');

export { isUuid };

/**
 * Whether the person is in the room now: its activity's host; a joined participant (group room); the requester of the
 * accepted request (direct room). Computed from those rows each time, so a removal or a leave takes effect at once, on
 * HTTP and on the socket (the hub asks this on subscribe and before every delivery).
 */
export function inRoom(userId: string | Placeholder | SQL) {
  return sql<boolean>`EXISTS (
    SELECT 1 FROM ${activities} a
    LEFT JOIN ${chatRequests} q ON q.id = ${chatRooms.chatRequestId}
    WHERE a.id = ${chatRooms.activityId} AND (
      a.host_id = ${userId}
      OR (${chatRooms.kind} = 'group' AND EXISTS (SELECT 1 FROM ${activityParticipants} p WHERE p.activity_id = a.id AND p.user_id = ${userId} AND p.status = 'joined'))
      OR (${chatRooms.kind} = 'direct' AND q.requester_id = ${userId} AND q.status = 'accepted')
    ))`;
}

/** Whether the room exists and the person is in it now: a condition for a statement about the room's rows. */
export function roomHasMember(roomId: string | Placeholder, userId: string | Placeholder) {
  return sql<boolean>`EXISTS (SELECT 1 FROM ${chatRooms} WHERE ${chatRooms.id} = ${roomId} AND ${inRoom(userId)})`;
}

const membershipQuery = (db: Reader) =>
  db
    .select({ id: chatRooms.id })
    .from(chatRooms)
    .where(and(eq(chatRooms.id, sql.placeholder('room_id')), inRoom(sql.placeholder('user_id'))));
/** Asked on every read of a room and every socket subscription: planned once, outside transactions. */
const membership = prepared('chat_room_membership', membershipQuery);

export async function isRoomMember(db: Reader, userId: string, roomId: string): Promise<boolean> {
  if (!isUuid(roomId) || !isUuid(userId)) return false;
  const values = { room_id: roomId, user_id: userId };
  const [row] = isTransaction(db) ? await membershipQuery(db).execute(values) : await membership(db).execute(values);
  return row !== undefined;
}


const membersAmongQuery = (db: Reader) =>
  db
    .select({ id: sql<string>`u.id` })
    .from(sql`unnest(${sql.placeholder('ids')}::uuid[]) AS u(id)`)
    .innerJoin(chatRooms, eq(chatRooms.id, sql.placeholder('room_id')))
    .where(inRoom(sql`u.id`));
/** Asked before each delivery of a room's event, by every process with a socket in the room: planned once. */
const membersAmong = prepared('chat_room_members_among', membersAmongQuery);

/**
 * Which of these people are in the room now, in one statement (the hub asks it before each delivery for everyone
 * listening on its process): the same rule as inRoom, for a list of people, as one prepared statement with the list as
 * one array (at 100 messages a second to 200 listeners, building a statement of 200 parameters for each delivery was
 * most of the delivery's cost).
 */
export async function roomMembersAmong(db: Reader, userIds: string[], roomId: string): Promise<Set<string>> {
  const ids = userIds.filter((id) => isUuid(id));
  if (!isUuid(roomId) || ids.length === 0) return new Set();
  const values = { ids: uuidArray(ids), room_id: roomId };
  const rows = isTransaction(db) ? await membersAmongQuery(db).execute(values) : await membersAmong(db).execute(values);
  return new Set(rows.map((r) => r.id));
}

/** Answers 404 unless the person is in the room (a room of others is as one that does not exist). */
export async function requireMember(db: Reader, userId: string, roomId: string): Promise<void> {
  if (!(await isRoomMember(db, userId, roomId))) throw noSuchRoom();
}

// People as others see them come from the users module (one projection for activities and chat).
export { avatar, personColumns, toPerson, type PersonBits };

/** Messages with their senders. */
export function selectMessages(db: Reader) {
  return db
    .select({ message: chatMessages, sender: personColumns })
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.senderId))
    .leftJoin(avatar, eq(avatar.id, users.profileImageId));
}

export type MessageRow = { message: typeof chatMessages.$inferSelect; sender: PersonBits };

export function toMessage(r: MessageRow, mediaUrl: (key: string) => string): ChatMessage {
  return {
    id: r.message.id,
    room_id: r.message.roomId,
    seq: Number(r.message.seq),
    client_id: r.message.clientId,
    sender: toPerson(r.sender, mediaUrl),
    text: r.message.text,
    created_at: iso(r.message.createdAt),
  };
}

export const messageOfRoom = (roomId: string, id: string) => and(eq(chatMessages.roomId, roomId), eq(chatMessages.id, id));
