import { eq } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { notifications, users } from '../schema.ts';

const demo = [
  { title: 'Welcome to LocalLoop, demo_user!', body: 'Find activities, deals and services near you. Set your location to see what is close by.', notificationType: 'welcome', minutesAgo: 60 * 24 },
  { title: 'A new deal near you', body: 'Hudson Corner Studio posted "2 yoga classes for the price of 1".', notificationType: 'deal', minutesAgo: 90 },
  { title: 'Sunrise yoga this Saturday', body: 'Riverside Park, 7:30 am. 12 people are going.', notificationType: 'activity', minutesAgo: 12 },
];

/** The demo user starts with a few unread notifications; added once. */
export async function seedNotifications(tx: Tx): Promise<number> {
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'user@example.com'));
  if (!user) return 0;
  const existing = await tx.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, user.id)).limit(1);
  if (existing.length > 0) return 0;
  const now = Date.now();
  await tx.insert(notifications).values(
    demo.map((n) => ({ userId: user.id, title: n.title, body: n.body, notificationType: n.notificationType, createdAt: new Date(now - n.minutesAgo * 60_000) })),
  );
  return demo.length;
}
