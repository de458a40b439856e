import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '@localloop/contract';
import { users, vendors } from '../src/db/schema.ts';
import { route } from '../src/lib/http.ts';
import { createAccount, createTestApp, inject, login, type TestContext } from './helper.ts';

/** Two endpoints that declare a role in the contract's way; the handler answers who it was given. */
const vendorOnly = endpoint({ method: 'GET', path: '/test/vendor-only', body: undefined, response: z.object({ userId: z.string() }), auth: 'vendor', summary: 'test' });
const operatorOnly = endpoint({ method: 'GET', path: '/test/operator-only', body: undefined, response: z.object({ userId: z.string() }), auth: 'operator', summary: 'test' });

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({
    beforeReady: (app) => {
      void app.register(
        async (api) => {
          route(api, vendorOnly, async ({ userId }) => ({ userId }));
          route(api, operatorOnly, async ({ userId }) => ({ userId }));
        },
        { prefix: '/api' },
      );
    },
  });
});
afterAll(() => t.close());

const as = async (opts: Parameters<typeof createAccount>[1] = {}) => {
  const account = await createAccount(t.database, opts);
  return { ...account, access: (await login(t.app, account.email, account.password)).access };
};

describe('roles declared on the endpoint (auth: vendor | operator)', () => {
  it('lets an approved vendor in, and refuses a customer, a pending or suspended vendor (403) and a visitor (401)', async () => {
    const live = await as({ vendor: { isApproved: true, kycStatus: 'approved' } });
    const yes = await inject(t.app, vendorOnly, { access: live.access });
    expect(yes.statusCode).toBe(200);
    expect(yes.json()).toEqual({ userId: live.user.id });

    const customer = await as();
    const pending = await as({ vendor: { isApproved: false, kycStatus: 'pending' } });
    const suspended = await as({ vendor: { isApproved: true, kycStatus: 'approved' } });
    await t.database.db.update(vendors).set({ isSuspended: true }).where(eq(vendors.userId, suspended.user.id));
    for (const who of [customer, pending, suspended]) {
      const res = await inject(t.app, vendorOnly, { access: who.access });
      expect(res.statusCode).toBe(403);
      expect(res.error()).toMatchObject({ code: 'FORBIDDEN', error: expect.stringMatching(/approved vendors/) });
    }
    expect((await inject(t.app, vendorOnly)).statusCode).toBe(401);
  });

  it('lets an operator in and refuses everyone else; the role is read on each request, no new login needed', async () => {
    const person = await as();
    expect((await inject(t.app, operatorOnly, { access: person.access })).statusCode).toBe(403);
    await t.database.db.update(users).set({ isOperator: true }).where(eq(users.id, person.user.id));
    expect((await inject(t.app, operatorOnly, { access: person.access })).statusCode).toBe(200);
    expect((await inject(t.app, operatorOnly)).statusCode).toBe(401);
  });
});
