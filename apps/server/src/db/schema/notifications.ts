import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';


/** What a notification opens when clicked (the contract's NotificationTarget kinds). */
export const notificationTargetKind = pgEnum('notification_target_kind', ['vendor_application', 'vendor_page', 'account_settings', 'customer_bookings', 'shop_appointments', 'customer_purchases', 'shop_sales', 'activity', 'support_request']);

/**
 * Notifications of one user; `notify()` writes them inside the caller's transaction. `target_kind` and `target_id`
 * say what it is about (an id, never a URL): a vendor page names its owner's account, an activity itself; the other kinds
 * need no id.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    notificationType: text('notification_type').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    targetKind: notificationTargetKind('target_kind'),
    targetId: uuid('target_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    // A chat room's notices in the last minutes, with whom they went to, in one range (modules/chat/messages.ts whomToTell).
    index('notifications_chat_room_idx')
      .on(sql`(${t.data} ->> 'room_id')`, t.createdAt, t.userId)
      .where(sql`${t.notificationType} = 'chat_message'`),
    check('notifications_lengths', sql`length(${t.title}) <= 200 AND length(${t.body}) <= 2000`),
    // As text: a value added by ALTER TYPE cannot be used in the transaction that adds it (migration 0016).
    check('notifications_target', sql`CASE WHEN ${t.targetKind}::text IN ('vendor_page', 'activity', 'support_request') THEN ${t.targetId} IS NOT NULL ELSE ${t.targetId} IS NULL END`),
  ],
);
