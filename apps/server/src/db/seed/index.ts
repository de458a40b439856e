import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../client.ts';
import { seedAccounts } from './accounts.ts';
import { seedActivities } from './activities.ts';
import { seedAppointments } from './appointments.ts';
import { seedDealPictures, seedDeals } from './deals.ts';
import type { PrivateStorage } from '../../lib/storage.ts';
import { seedNotifications } from './notifications.ts';
import { seedPendingVendorKyc } from './pending-vendor.ts';
import { seedPictures, type PicturesOptions } from './pictures.ts';
import { seedSupport } from './support.ts';
import { seedVendors } from './vendors.ts';

/** Said at every start of a production server that was asked to add the demo data. */
export const demoInProductionWarning = [
  'SEED_DEMO=true with NODE_ENV=production: the DEMO ACCOUNTS ARE ADDED, including the operator admin@example.com,',
  'all with the password the README publishes. Anyone can log in as them and approve vendors. Unset SEED_DEMO',
  'for a real install, and delete those accounts (deleted demo accounts are never added again).',
].join(' ');

export type SeedOptions = {
  log?: Pick<FastifyBaseLogger, 'info'>;
  /** Where the demo vendors' pictures are stored (the uploads' storage); without it they get none. */
  pictures?: PicturesOptions;
  /** Where the pending vendor's KYC documents go (private storage); without it they are skipped. */
  documents?: PrivateStorage;
};

/**
 * Demo data, one file a domain; each step adds only what no seed has added before (claimSeedKeys), so running it
 * again changes nothing. Later domains add their step here. Off by default in production (config.ts).
 */
export async function seedDemoData(db: Db, options: SeedOptions = {}): Promise<void> {
  const { log } = options;
  await db.transaction(async (tx) => {
    const accounts = await seedAccounts(tx);
    if (accounts > 0) log?.info(`demo data: ${accounts} accounts created`);
    const notes = await seedNotifications(tx);
    if (notes > 0) log?.info(`demo data: ${notes} notifications created`);
    const shops = await seedVendors(tx);
    if (shops > 0) log?.info(`demo data: ${shops} vendors with addresses, hours and ratings`);
    const booked = await seedAppointments(tx);
    if (booked > 0) log?.info(`demo data: services, providers and slots for ${booked} vendors`);
    const dealt = await seedDeals(tx);
    if (dealt > 0) log?.info(`demo data: deals and purchases of ${dealt} vendors`);
    const hosted = await seedActivities(tx);
    if (hosted > 0) log?.info(`demo data: activities of ${hosted} demo customers`);
    const helped = await seedSupport(tx);
    if (helped > 0) log?.info('demo data: the demo user\'s answered support request');
    const papers = await seedPendingVendorKyc(tx, options.documents);
    if (papers > 0) log?.info(`demo data: the pending vendor's payout account and ${papers} KYC documents`);
  });
  // After the rows they belong to are committed: drawing them takes a few seconds, outside any transaction.
  if (options.pictures) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const pictured = await seedPictures(db, options.pictures);
    if (pictured > 0) {
      const { user, system } = process.cpuUsage(cpu);
      const seconds = (ms: number) => (ms / 1000).toFixed(1);
      log?.info(`demo data: a logo and photos for ${pictured} vendors in ${seconds(performance.now() - started)} s (${seconds((user + system) / 1000)} s of CPU)`);
    }
    // The demo deals are led by their shop's first photo, once it exists.
    await db.transaction((tx) => seedDealPictures(tx));
  }
}
