import { sql } from 'drizzle-orm';
import { bigserial, check, foreignKey, index, pgTable, text, timestamp, unique, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Help & Support: a person's requests and their threads. The request row holds the first message; later messages (the
 * person's follow-ups, the operators' answers) are support_messages. An answered request names its latest answer, a
 * message of its own thread (a composite foreign key), so "answered" cannot exist without an answer. The reference is
 * a snapshot (kind, id, label) of the order or booking as it was when the request was sent.
 */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The number people quote ("request #1042"). */
    number: bigserial('number', { mode: 'number' }).notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    message: text('message').notNull(),
    referenceKind: text('reference_kind'),
    referenceId: uuid('reference_id'),
    referenceLabel: text('reference_label'),
    referenceCreatedAt: timestamp('reference_created_at', { withTimezone: true }),
    status: text('status').notNull().default('open'),
    /** The answer that made the request answered; null unless status is answered. */
    answerId: uuid('answer_id'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_requests_user_created_idx').on(t.userId, t.createdAt),
    index('support_requests_status_last_idx').on(t.status, t.lastMessageAt),
    foreignKey({ name: 'support_requests_answer_fk', columns: [t.answerId, t.id], foreignColumns: [supportMessages.id, supportMessages.requestId] }),
    check('support_requests_topic', sql`${t.topic} IN ('orders', 'bookings', 'activities', 'account', 'vendor_account', 'payments', 'other')`),
    check('support_requests_status', sql`${t.status} IN ('open', 'answered', 'closed')`),
    check('support_requests_message_length', sql`char_length(${t.message}) BETWEEN 10 AND 4000`),
    check(
      'support_requests_reference',
      sql`(${t.referenceKind} IS NULL AND ${t.referenceId} IS NULL AND ${t.referenceLabel} IS NULL AND ${t.referenceCreatedAt} IS NULL)
        OR (${t.referenceKind} IN ('purchase', 'appointment') AND ${t.referenceId} IS NOT NULL AND ${t.referenceLabel} IS NOT NULL AND ${t.referenceCreatedAt} IS NOT NULL)`,
    ),
    check('support_requests_answered', sql`(${t.status} = 'answered') = (${t.answerId} IS NOT NULL)`),
    check('support_requests_closed', sql`(${t.status} = 'closed') = (${t.closedAt} IS NOT NULL)`),
  ],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references((): AnyPgColumn => supportRequests.id, { onDelete: 'cascade' }),
    /** `person`: the request's owner; `support`: an operator. */
    author: text('author').notNull(),
    /** Kept when the operator's account goes (the answer stays). */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('support_messages_id_request').on(t.id, t.requestId),
    index('support_messages_request_idx').on(t.requestId, t.createdAt),
    check('support_messages_author', sql`${t.author} IN ('person', 'support')`),
    check('support_messages_body_length', sql`char_length(${t.body}) BETWEEN 1 AND 4000`),
  ],
);
