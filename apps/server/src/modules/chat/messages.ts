import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ChatMessage, ChatMessageInput, ChatMessagePage, ChatMessagesQuery, ChatReadResult } from '@localloop/contract';
import { batched } from '../../db/batched.ts';
import type { Tx } from '../../db/client.ts';
import { activities, activityParticipants, chatMessages, chatReads, chatRequests, chatRooms, media, notifications, users } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { literalLimit, preparedShapes } from '../../lib/prepared.ts';
import { publish, publishCommitted } from '../../lib/realtime.ts';
import { notifyStatement } from '../notifications/index.ts';
import { unreadOf } from './rooms.ts';
import { iso, isUuid, messageOfRoom, noSuchRoom, requireMember, roomHasMember, selectMessages, toMessage, toPerson, type ChatDeps, type MessageRow, type PersonBits, type Reader } from './shared.ts';

/**
 * A room's messages (docs/decisions/0021): members only (anyone else gets 404), membership asked of the database on
 * each call. A new message is published on `chat:<room id>` once its transaction has committed (publishCommitted), so
 * the event leaves (to every server process, by NOTIFY) only once the message is stored.
 */

/** The page's bounds and direction: each is its own prepared statement (a generic plan per shape). */
type HistoryShape = { before: boolean; after: boolean; rows: number };
const historyPage = preparedShapes(
  (s: HistoryShape) => `chat_history_${s.before ? 'b' : ''}${s.after ? 'a' : ''}_${s.rows}`,
  (db, s) =>
    selectMessages(db)
      .where(
        and(
          eq(chatMessages.roomId, sql.placeholder('room_id')),
          // Only for a member: a one-time filter ahead of the page, so that a page with rows needs no statement of its own.
          roomHasMember(sql.placeholder('room_id'), sql.placeholder('user_id')),
          s.before ? lt(chatMessages.seq, sql.placeholder('before')) : undefined,
          s.after ? gt(chatMessages.seq, sql.placeholder('after')) : undefined,
        ),
      )
      .orderBy(s.after ? asc(chatMessages.seq) : desc(chatMessages.seq))
      .limit(literalLimit(s.rows)),
);

/**
 * A page of history: the newest page before `before`, or what came after `after`; each page oldest to newest.
 *
 * Pages back in time (the newest, and before a message) are the same for every member and kept for the next one
 * (kept-pages.ts): the caller's membership is asked on its own, every time, and the page is read only when it is not
 * kept. Catching up (`after`) is always read afresh, and so is every page when nothing is kept: one prepared statement,
 * planned once, that answers rows only to a member (one row past the page says whether there is more); only an empty
 * answer asks the membership on its own, to tell an empty page from a room of others (404).
 */
export async function roomMessages(deps: ChatDeps, userId: string, roomId: string, query: z.output<typeof ChatMessagesQuery>): Promise<ChatMessagePage> {
  if (!isUuid(roomId)) throw noSuchRoom();
  if (query.after !== undefined || !deps.pages.keeps) return readPage(deps, userId, roomId, query);
  await requireMember(deps.db, userId, roomId);
  return deps.pages.get(roomId, `${query.before ?? 'newest'}:${query.limit}`, () => readPage(deps, userId, roomId, query));
}

async function readPage(deps: ChatDeps, userId: string, roomId: string, query: z.output<typeof ChatMessagesQuery>): Promise<ChatMessagePage> {
  const forward = query.after !== undefined;
  const shape = { before: query.before !== undefined, after: forward, rows: query.limit + 1 };
  const rows: MessageRow[] = await historyPage(shape)(deps.db).execute({ room_id: roomId, user_id: userId, before: query.before, after: query.after });
  if (rows.length === 0) await requireMember(deps.db, userId, roomId);
  const page = rows.slice(0, query.limit);
  if (!forward) page.reverse();
  return { results: page.map((r) => toMessage(r, deps.mediaUrl)), has_more: rows.length > query.limit };
}

/**
 * Posts a message. The same client id from the same sender in the same room answers the first message (`replayed`),
 * so a retry after a lost answer or a reconnect writes no copy. The sender's read receipt moves to their own message.
 *
 * Two messages to the database (db/batched.ts), at 100 posts a second in a room of 200: the message written only if
 * the sender is in the room now, with what the answer shows of the sender, and whom to tell of it; then the read
 * receipt and the notices, with the commit. Then the event for the room's sockets, in a transaction of its own that
 * writes nothing (publishCommitted, lib/realtime.ts: why).
 */
export async function postMessage(deps: ChatDeps, userId: string, roomId: string, input: z.output<typeof ChatMessageInput>): Promise<{ message: ChatMessage; replayed: boolean }> {
  if (!isUuid(roomId) || !isUuid(userId)) throw noSuchRoom();
  const posted = await batched(deps.db, async (batch) => {
    const [[written] = [], [room] = []] = (await batch.send(writeMessage(roomId, userId, input), whomToTell(roomId, userId))) as [WrittenRow[], TellRow[]];
    if (!written?.member) throw noSuchRoom();
    if (!written.id) return (await batch.commitWith(), null);
    const seq = Number(written.seq);
    await batch.commitWith(markReadStatement(deps.db, roomId, userId, seq), ...tellStatements(deps, roomId, room));
    const message: ChatMessage = {
      id: written.id,
      room_id: roomId,
      seq,
      client_id: input.client_id,
      sender: toPerson(written.sender, deps.mediaUrl),
      text: input.text,
      created_at: iso(written.created_at),
    };
    return message;
  });
  if (!posted) {
    // Posted before with this client id: that message is the answer.
    const [row] = await selectMessages(deps.db).where(and(eq(chatMessages.roomId, roomId), eq(chatMessages.senderId, userId), eq(chatMessages.clientId, input.client_id)));
    if (!row) throw new Error('the message was not written');
    return { message: toMessage(row, deps.mediaUrl), replayed: true };
  }
  // Committed: this process forgets the room's kept pages now, the others when the bus tells them.
  deps.pages.changed(roomId);
  // Told once stored, outside the write's transaction (publishCommitted: the lock a notifying commit holds through its
  // flush is what a busy room's posts queued on). Not told, the message is still stored and answered: listeners see it
  // at their next fetch.
  const event = { type: 'chat_message', room_id: roomId, id: posted.id, seq: posted.seq, sender_id: userId, client_id: input.client_id } as const;
  try {
    await publishCommitted(deps.db, `chat:${roomId}`, event);
  } catch (err) {
    deps.log?.warn({ err, room_id: roomId }, 'chat: a stored message could not be told to the room');
  }
  return { message: posted, replayed: false };
}

type WrittenRow = { member: boolean; id: string | null; seq: string | number | null; created_at: Date | string; sender: PersonBits };

/**
 * The message, inserted only when the sender is in the room now (nothing when they posted it before with this client
 * id), with whether they are, and the sender as the answer shows them.
 */
function writeMessage(roomId: string, userId: string, input: z.output<typeof ChatMessageInput>) {
  return sql`WITH member AS (SELECT ${roomHasMember(roomId, userId)} AS yes),
    inserted AS (
      INSERT INTO ${chatMessages} (room_id, sender_id, client_id, text)
      SELECT ${roomId}, ${userId}, ${input.client_id}, ${input.text} FROM member WHERE member.yes
      ON CONFLICT (room_id, sender_id, client_id) DO NOTHING
      RETURNING id, seq, created_at)
    SELECT member.yes AS member, inserted.id, inserted.seq, inserted.created_at,
      (SELECT json_build_object('id', u.id, 'firstName', u.first_name, 'username', u.username, 'avatarKey', m.storage_key,
          'avatarWidth', m.width, 'avatarHeight', m.height, 'avatarVariants', m.variants)
        FROM ${users} u LEFT JOIN ${media} m ON m.id = u.profile_image_id WHERE u.id = ${userId}) AS sender
    FROM member LEFT JOIN inserted ON true`;
}

type TellRow = { kind: 'group' | 'direct'; activity_id: string; title: string; sender_first_name: string | null; sender_username: string | null; to_tell: string[] | null };

/** At most one "new messages" notification per member and room in this window, however many messages come. */
export const CHAT_NOTIFICATION_WINDOW_MINUTES = 5;

/**
 * Whom to tell that there are new messages, in one statement: the room's activity, the sender's name, and the other
 * members to tell (the host, the accepted requester of a direct room, the joined participants of a group room; not
 * those told of this room within the window, nor those whose receipt moved within it: reading the room now. Whether a
 * socket is open is known only to the process holding it, so the receipt stands in for "connected"). Once per member
 * and room per window, not per message.
 *
 * As sets, not member by member: the members, less the room's notices of the window (one range of
 * notifications_chat_room_idx), less the room's receipts that moved within it. Asked at every post: in a room of 200
 * the member-by-member probes (two per member) took 1.0 ms of PostgreSQL's time warm and 1.9 on average at 200 posts a
 * second, 70 % of the chat's statements' time (pg_stat_statements); as sets, 0.4 ms warm.
 */
export function whomToTell(roomId: string, senderId: string) {
  const window = sql`now() - make_interval(mins => ${CHAT_NOTIFICATION_WINDOW_MINUTES})`;
  return sql`
    SELECT r.kind, a.id AS activity_id, a.title, s.first_name AS sender_first_name, s.username AS sender_username,
      (SELECT array_agg(m.id) FROM (
          SELECT a.host_id AS id
          UNION SELECT q.requester_id WHERE q.requester_id IS NOT NULL AND q.status = 'accepted'
          UNION SELECT p.user_id FROM ${activityParticipants} p WHERE r.kind = 'group' AND p.activity_id = a.id AND p.status = 'joined'
          EXCEPT SELECT n.user_id FROM ${notifications} n
            WHERE n.notification_type = 'chat_message' AND n.data->>'room_id' = ${roomId} AND n.created_at > ${window}
          EXCEPT SELECT cr.user_id FROM ${chatReads} cr WHERE cr.room_id = r.id AND cr.updated_at > ${window}
        ) m
        WHERE m.id <> ${senderId}
      ) AS to_tell
    FROM ${chatRooms} r
    JOIN ${activities} a ON a.id = r.activity_id
    LEFT JOIN ${chatRequests} q ON q.id = r.chat_request_id
    LEFT JOIN ${users} s ON s.id = ${senderId}
    WHERE r.id = ${roomId}`;
}

/** The notices to the members whomToTell found. */
function tellStatements(deps: ChatDeps, roomId: string, room: TellRow | undefined) {
  if (!room?.to_tell?.length) return [];
  const name = room.sender_first_name?.trim() || room.sender_username || 'Someone';
  return room.to_tell.map((userId) =>
    notifyStatement(deps.db, userId, {
      title: room.kind === 'group' ? `New messages in ${room.title}` : `New messages from ${name}`,
      body: `${name} wrote in the chat of ${room.title}.`,
      type: 'chat_message',
      data: { activity_id: room.activity_id, room_id: roomId },
      target: { kind: 'activity', activity_id: room.activity_id },
    }),
  );
}

/** Moves a read receipt forward (never back). */
async function markRead(tx: Tx, roomId: string, userId: string, seq: number): Promise<number> {
  const [row] = await markReadQuery(tx, roomId, userId, seq).returning({ seq: chatReads.lastReadSeq });
  return Number(row?.seq ?? seq);
}

const markReadQuery = (db: Reader, roomId: string, userId: string, seq: number) =>
  db
    .insert(chatReads)
    .values({ roomId, userId, lastReadSeq: seq })
    .onConflictDoUpdate({ target: [chatReads.roomId, chatReads.userId], set: { lastReadSeq: sql`GREATEST(${chatReads.lastReadSeq}, excluded.last_read_seq)`, updatedAt: sql`now()` } });

/** markRead's statement, for a transaction that sends it with others. */
const markReadStatement = (db: Reader, roomId: string, userId: string, seq: number) => markReadQuery(db, roomId, userId, seq).getSQL();

/** The caller's read receipt, up to a message of the room; told to the room's sockets. */
export async function readRoom(deps: ChatDeps, userId: string, roomId: string, messageId: string): Promise<ChatReadResult> {
  return deps.db.transaction(async (tx) => {
    await requireMember(tx, userId, roomId);
    const [message] = await tx.select({ seq: chatMessages.seq }).from(chatMessages).where(messageOfRoom(roomId, messageId));
    if (!message) throw new AppError('NOT_FOUND', 'That message was not found in this room.', { message_id: 'Choose a message of this room.' });
    const seq = await markRead(tx, roomId, userId, Number(message.seq));
    await publish(tx, `chat:${roomId}`, { type: 'chat_read', room_id: roomId, user_id: userId, seq });
    const { lastReadSeq, unread } = await unreadOf(tx, roomId, userId);
    return { room_id: roomId, last_read_seq: lastReadSeq, unread_count: unread };
  });
}
