import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../client.ts';
import { seedAccounts } from './accounts.ts';
import { seedNotifications } from './notifications.ts';
import { seedVendors } from './vendors.ts';

/** Said at every start of a production server that was asked to add the demo data. */
export const demoInProductionWarning = [
  'SEED_DEMO=true with NODE_ENV=production: the DEMO ACCOUNTS ARE ADDED, including the operator admin@example.com,',
  `all with the published password demo-password-1. Anyone can log in as them and approve vendors. Unset SEED_DEMO`,
  'for a real install, and delete those accounts (deleted demo accounts are never added again).',
].join(' ');

/**
 * Demo data, one file a domain; each step adds only what no seed has added before (claimSeedKeys), so running it
 * again changes nothing. Later domains add their step here. Off by default in production (config.ts).
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
