import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { deals, purchases, supportMessages, supportRequests, users } from '../schema.ts';
import { claimSeedKeys } from './keys.ts';

/**
 * The demo user's answered support request about their order, so /ContactSupport and the operators' Support section
 * show a conversation from the first start. No notification comes with it: other tests count the demo user's.
 */
export async function seedSupport(tx: Tx): Promise<number> {
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'user@example.com'));
  const [operator] = await tx.select({ id: users.id }).from(users).where(and(eq(users.email, 'admin@example.com'), eq(users.isOperator, true)));
  if (!user || !operator) return 0;
  if ((await claimSeedKeys(tx, ['support:user@example.com'])).size === 0) return 0;
  const [order] = await tx
    .select({ id: purchases.id, createdAt: purchases.createdAt, title: deals.title })
    .from(purchases)
    .innerJoin(deals, eq(deals.id, purchases.dealId))
    .where(eq(purchases.customerId, user.id))
    .orderBy(desc(purchases.createdAt))
    .limit(1);
  const asked = new Date(Date.now() - 26 * 3_600_000);
  const answered = new Date(Date.now() - 20 * 3_600_000);
  const day = (d: Date) => d.toLocaleDateString('en-US', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const [request] = await tx
    .insert(supportRequests)
    .values({
      userId: user.id,
      topic: 'orders',
      message: 'Hi! Can I give my deal to a friend, or does the person who bought it have to show the QR code at the shop?',
      ...(order ? { referenceKind: 'purchase', referenceId: order.id, referenceLabel: `Order · ${order.title} · ${day(order.createdAt)}`, referenceCreatedAt: order.createdAt } : {}),
      lastMessageAt: answered,
      createdAt: asked,
    })
    .returning({ id: supportRequests.id });
  if (!request) return 0;
  const [reply] = await tx
    .insert(supportMessages)
    .values({
      requestId: request.id,
      author: 'support',
      authorId: operator.id,
      body: 'Hello! Yes: anyone holding the QR code can redeem it once at the shop. Open My Orders, show the code on your phone or send a screenshot to your friend. Enjoy!',
      createdAt: answered,
    })
    .returning({ id: supportMessages.id });
  if (!reply) return 0;
  await tx.update(supportRequests).set({ status: 'answered', answerId: reply.id }).where(eq(supportRequests.id, request.id));
  return 1;
}
