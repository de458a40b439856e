import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Case-insensitive text (extension citext): e-mail uniqueness ignores case. */
export const citext = customType<{ data: string }>({ dataType: () => 'citext' });

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};
