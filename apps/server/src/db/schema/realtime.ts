import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** One-use tickets that open the realtime socket, so no token travels in a URL or a log. */
export const wsTickets = pgTable('ws_tickets', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  ticketHash: text('ticket_hash').notNull().unique(),
  /** The account's token version when the ticket was issued: a ticket older than a logout everywhere opens nothing. */
  tokenVersion: integer('token_version').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
