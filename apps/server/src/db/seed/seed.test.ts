import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, vendors } from '../schema.ts';
import { createTestApp, login, type TestContext } from '../../../test/helper.ts';
import { DEMO_PASSWORD } from './accounts.ts';
import { seedDemoData } from './index.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db);
});
afterAll(() => t.close());

describe('demo data', () => {
  it('is idempotent: a second run adds nothing', async () => {
    const before = await t.database.db.select({ n: count() }).from(users);
    await seedDemoData(t.database.db);
    const after = await t.database.db.select({ n: count() }).from(users);
    expect(after).toEqual(before);
  });

  it('has a user, an approved vendor near New York, a pending vendor and an operator', async () => {
    const user = await login(t.app, 'user@example.com', DEMO_PASSWORD);
    expect(user).toMatchObject({ user: { phone_number: '+15550000001' }, vendor_id: null });

    const vendor = await login(t.app, 'vendor@example.com', DEMO_PASSWORD);
    expect(vendor).toMatchObject({ user: { phone_number: '+15550000002' }, is_approved: true, kyc_status: 'approved' });
    const [profile] = await t.database.db.select().from(vendors).where(eq(vendors.id, vendor.vendor_id ?? ''));
    expect(profile).toMatchObject({ latitude: 40.7128, longitude: -74.006 });

    expect(await login(t.app, 'pending@example.com', DEMO_PASSWORD)).toMatchObject({ is_approved: false, kyc_status: 'pending' });

    const [operator] = await t.database.db.select().from(users).where(eq(users.email, 'admin@example.com'));
    expect(operator?.isOperator).toBe(true);
  });
});
