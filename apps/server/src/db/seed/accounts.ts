import { inArray } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { users, vendors } from '../schema.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { claimSeedKeys } from './keys.ts';

export const DEMO_PASSWORD = 'demo-password-1';

let demoHash: Promise<string> | undefined;
/** Every demo account shares the password, so it is hashed once a run (argon2 takes a while on purpose). */
export function demoPasswordHash(): Promise<string> {
  demoHash ??= hashPassword(DEMO_PASSWORD);
  return demoHash;
}

type DemoAccount = {
  email: string;
  phoneNumber: string | null;
  username: string;
  isOperator?: boolean;
  vendor?: { businessName: string; category: string; description: string; latitude: number; longitude: number; kycStatus: 'pending' | 'approved'; isApproved: boolean };
};

export const demoAccounts: DemoAccount[] = [
  { email: 'user@example.com', phoneNumber: '+15550000001', username: 'demo_user' },
  {
    email: 'vendor@example.com',
    phoneNumber: '+15550000002',
    username: 'demo_vendor',
    vendor: {
      businessName: 'Hudson Corner Studio',
      category: 'Beauty & Wellness',
      description: 'Yoga, pilates and massage in Lower Manhattan.',
      latitude: 40.7128,
      longitude: -74.006,
      kycStatus: 'approved',
      isApproved: true,
    },
  },
  {
    email: 'pending@example.com',
    phoneNumber: '+15550000003',
    username: 'pending_vendor',
    vendor: {
      businessName: 'Brooklyn Bike Repair',
      category: 'Home Services',
      description: 'Tune-ups and repairs while you wait.',
      latitude: 40.6782,
      longitude: -73.9442,
      kycStatus: 'pending',
      isApproved: false,
    },
  },
  { email: 'admin@example.com', phoneNumber: '+15550000004', username: 'operator', isOperator: true },
];

export const accountSeedKey = (email: string) => `account:${email}`;

/** The demo accounts: created once, never overwritten, never brought back after a deletion. */
export async function seedAccounts(tx: Tx): Promise<number> {
  const claimed = await claimSeedKeys(tx, demoAccounts.map((a) => accountSeedKey(a.email)));
  const existing = await tx
    .select({ email: users.email })
    .from(users)
    .where(inArray(users.email, demoAccounts.map((a) => a.email)));
  const have = new Set(existing.map((r) => r.email));
  // Someone may have signed up with a demo address before the seed ran: theirs stays theirs.
  const missing = demoAccounts.filter((a) => claimed.has(accountSeedKey(a.email)) && !have.has(a.email));
  for (const account of missing) {
    const [user] = await tx
      .insert(users)
      .values({
        email: account.email,
        phoneNumber: account.phoneNumber,
        username: account.username,
        passwordHash: await demoPasswordHash(),
        isOperator: account.isOperator ?? false,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (user && account.vendor) {
      const reviewedAt = new Date();
      await tx.insert(vendors).values({
        userId: user.id,
        ...account.vendor,
        contactEmail: account.email,
        contactPhone: account.phoneNumber,
        submittedAt: reviewedAt,
        approvedAt: account.vendor.isApproved ? reviewedAt : null,
      });
    }
  }
  return missing.length;
}
