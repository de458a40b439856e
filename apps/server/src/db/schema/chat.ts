import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgEnum, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { activities } from './activities.ts';
import { timestamps } from './columns.ts';

/**
 * Chat (docs/decisions/0021): requests for a one-to-one chat with an activity's host, rooms (one group room per
 * activity, made by a trigger with the activity; one direct room per accepted request), messages and read receipts.
 * Who is in a room is not stored: it is computed from the activity's host, its joined participants and the accepted
 * request, so a person removed or leaving is out of the group room with the same statement.
 */
export const chatRequestStatus = pgEnum('chat_request_status', ['pending', 'accepted', 'rejected']);

export const chatRequests = pgTable(
  'chat_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull().default(''),
    status: chatRequestStatus('status').notNull().default('pending'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    unique('chat_requests_activity_requester').on(t.activityId, t.requesterId),
    index('chat_requests_activity_status_idx').on(t.activityId, t.status, t.createdAt),
    index('chat_requests_requester_idx').on(t.requesterId),
    check('chat_requests_message_length', sql`char_length(${t.message}) <= 500`),
    check('chat_requests_decided', sql`(${t.status} = 'pending') = (${t.decidedAt} IS NULL)`),
  ],
);

export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The accepted request a direct room was opened for; null for the group room. */
    chatRequestId: uuid('chat_request_id').references(() => chatRequests.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('chat_rooms_one_group_idx').on(t.activityId).where(sql`${t.kind} = 'group'`),
    uniqueIndex('chat_rooms_request_idx').on(t.chatRequestId),
    check('chat_rooms_kind', sql`(${t.kind} = 'group' AND ${t.chatRequestId} IS NULL) OR (${t.kind} = 'direct' AND ${t.chatRequestId} IS NOT NULL)`),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The sender's id for the message: a retry with the same one finds the first instead of writing a copy. */
    clientId: uuid('client_id').notNull(),
    /** The order of messages (one sequence for all rooms): the history's cursor. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('chat_messages_client_id').on(t.roomId, t.senderId, t.clientId),
    uniqueIndex('chat_messages_room_seq_idx').on(t.roomId, t.seq),
    check('chat_messages_text_length', sql`char_length(${t.text}) BETWEEN 1 AND 2000`),
  ],
);

/** A member's read receipt in a room: the seq of the last message read. */
export const chatReads = pgTable(
  'chat_reads',
  {
    roomId: uuid('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] }), index('chat_reads_user_idx').on(t.userId)],
);
