import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { notifications, users } from '../schema.ts';

/** `shopOf`: the demo account whose shop the notification is about; clicking it opens that shop's page. */
const demo: { title: string; body: string; notificationType: string; minutesAgo: number; shopOf?: string }[] = [
  { title: 'Welcome to LocalLoop, demo_user!', body: 'Find activities, deals and services near you. Set your location to see what is close by.', notificationType: 'welcome', minutesAgo: 60 * 24 },
  {
    title: 'A new deal near you',
    body: 'Hudson Corner Studio posted "2 yoga classes for the price of 1".',
    notificationType: 'deal',
    minutesAgo: 90,
    shopOf: 'vendor@example.com',
  },
  { title: 'Sunrise yoga this Saturday', body: 'Riverside Park, 7:30 am. 12 people are going.', notificationType: 'activity', minutesAgo: 12 },
];

/** The demo user starts with a few unread notifications; added once. */
export async function seedNotifications(tx: Tx): Promise<number> {
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'user@example.com'));
  if (!user) return 0;
  const existing = await tx.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, user.id)).limit(1);
  if (existing.length > 0) return 0;
  const now = Date.now();
  const shopOwners = await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, demo.flatMap((n) => (n.shopOf ? [n.shopOf] : []))));
  await tx.insert(notifications).values(
    demo.map((n) => {
      const owner = shopOwners.find((o) => o.email === n.shopOf);
      return {
        userId: user.id,
        title: n.title,
        body: n.body,
        notificationType: n.notificationType,
        createdAt: new Date(now - n.minutesAgo * 60_000),
        ...(owner ? { targetKind: 'vendor_page' as const, targetId: owner.id } : {}),
      };
    }),
  );
  return demo.length;
}
