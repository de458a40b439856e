import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../client.ts';
import { seedAccounts } from './accounts.ts';
import { seedNotifications } from './notifications.ts';
import { seedVendors } from './vendors.ts';

/**
 * Demo data, one file a domain; each step adds only what is missing, so running it again
 * changes nothing. Later domains add their step here.
 */
export async function seedDemoData(db: Db, log?: Pick<FastifyBaseLogger, 'info'>): Promise<void> {
  await db.transaction(async (tx) => {
    const accounts = await seedAccounts(tx);
    if (accounts > 0) log?.info(`demo data: ${accounts} accounts created`);
    const notes = await seedNotifications(tx);
    if (notes > 0) log?.info(`demo data: ${notes} notifications created`);
    const shops = await seedVendors(tx);
    if (shops > 0) log?.info(`demo data: ${shops} vendors with addresses, hours and ratings`);
  });
}
