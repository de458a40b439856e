import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, LoginResponse } from '@localloop/contract';
import { refreshTokens } from '../../db/schema.ts';
import { createAccount, createTestApp, inject, login, raw, testClock, type TestContext } from '../../../test/helper.ts';

const clock = testClock();
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

describe('POST /api/login/v2/', () => {
  it('answers a user with exactly the login response of the spec', async () => {
    const { email, password, user } = await createAccount(t.database);
    const res = await inject(t.app, endpoints.login, { body: { email, password } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['access', 'is_approved', 'kyc_status', 'refresh', 'user', 'vendor_id']);
    expect('user' in body && Object.keys(body.user).sort()).toEqual(['email', 'id', 'phone_number']);
    expect(LoginResponse.parse(body)).toMatchObject({
      user: { id: user.id, email, phone_number: user.phoneNumber },
      vendor_id: null,
      is_approved: false,
      kyc_status: null,
    });
  });

  it('tells a vendor its vendor id, approval and KYC status', async () => {
    const approved = await createAccount(t.database, { vendor: { isApproved: true, kycStatus: 'approved' } });
    const pending = await createAccount(t.database, { vendor: { isApproved: false, kycStatus: 'pending' } });
    const a = await login(t.app, approved.email, approved.password);
    const p = await login(t.app, pending.email, pending.password);
    expect(a).toMatchObject({ vendor_id: approved.vendorId, is_approved: true, kyc_status: 'approved' });
    expect(p).toMatchObject({ vendor_id: pending.vendorId, is_approved: false, kyc_status: 'pending' });
  });

  it('accepts the e-mail in any letter case', async () => {
    const { email, password } = await createAccount(t.database);
    const res = await inject(t.app, endpoints.login, { body: { email: email.toUpperCase(), password } });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown e-mail with the same generic 401', async () => {
    const { email } = await createAccount(t.database);
    const wrong = await inject(t.app, endpoints.login, { body: { email, password: 'not-the-password' } });
    const unknown = await inject(t.app, endpoints.login, { body: { email: 'nobody-here@example.test', password: 'whatever-1' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.error()).toEqual({ error: 'The e-mail or password is incorrect.', code: 'INVALID_CREDENTIALS' });
    expect(unknown.error()).toEqual(wrong.error());
  });

  it('refuses a deactivated account', async () => {
    const { email, password } = await createAccount(t.database, { isActive: false });
    const res = await inject(t.app, endpoints.login, { body: { email, password } });
    expect(res.statusCode).toBe(401);
  });

  it('answers a body that fails its schema with 400 and a message per field', async () => {
    const res = await inject(t.app, endpoints.login, { body: { email: 'not-an-email' } });
    expect(res.statusCode).toBe(400);
    expect(res.error()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { email: 'Enter a valid e-mail address.', password: expect.any(String) },
    });
  });

  it('answers empty fields and a 255-character e-mail in a person\'s words, not zod\'s', async () => {
    const empty = await inject(t.app, endpoints.register, { body: { email: '', phone_number: '', username: '', password: '' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.error().fields).toEqual({
      email: 'Enter your e-mail address.',
      phone_number: 'Enter your phone number.',
      username: 'Choose a username.',
      password: 'Choose a password.',
    });
    const email = `${'m'.repeat(64)}@${'d'.repeat(178)}.example.com`;
    const long = await inject(t.app, endpoints.forgotPassword, { body: { email } });
    expect(long.statusCode).toBe(400);
    expect(long.error().fields).toEqual({ email: 'An e-mail address has at most 254 characters.' });
  });
});

describe('POST /api/token/refresh/', () => {
  it('rotates: answers a new access and refresh token and spends the old one', async () => {
    const { email, password } = await createAccount(t.database);
    const session = await login(t.app, email, password);
    const res = await inject(t.app, endpoints.tokenRefresh, { body: { refresh: session.refresh } });
    expect(res.statusCode).toBe(200);
    const rotated = res.json();
    expect(Object.keys(rotated).sort()).toEqual(['access', 'refresh']);
    expect(rotated.refresh).not.toBe(session.refresh);
    const again = await inject(t.app, endpoints.tokenRefresh, { body: { refresh: rotated.refresh } });
    expect(again.statusCode).toBe(200);
  });

  it('stores refresh tokens only as hashes', async () => {
    const { email, password, user } = await createAccount(t.database);
    const session = await login(t.app, email, password);
    const rows = await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toContain(session.refresh);
    expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('treats a reused refresh token as theft and revokes its whole family', async () => {
    const { email, password } = await createAccount(t.database);
    const session = await login(t.app, email, password);
    const other = await login(t.app, email, password); // a second device: another family
    const rotated = (await inject(t.app, endpoints.tokenRefresh, { body: { refresh: session.refresh } })).json();

    const reuse = await inject(t.app, endpoints.tokenRefresh, { body: { refresh: session.refresh } });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.error().code).toBe('REFRESH_REUSED');

    const descendant = await inject(t.app, endpoints.tokenRefresh, { body: { refresh: rotated.refresh } });
    expect(descendant.statusCode).toBe(401);
    expect(descendant.error().code).toBe('REFRESH_INVALID');

    const otherDevice = await inject(t.app, endpoints.tokenRefresh, { body: { refresh: other.refresh } });
    expect(otherDevice.statusCode).toBe(200);
  });

  it('lets exactly one of two simultaneous rotations of one token win', async () => {
    const { email, password } = await createAccount(t.database);
    const session = await login(t.app, email, password);
    const results = await Promise.all([
      inject(t.app, endpoints.tokenRefresh, { body: { refresh: session.refresh } }),
      inject(t.app, endpoints.tokenRefresh, { body: { refresh: session.refresh } }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('refuses an unknown token and a token older than 30 days', async () => {
    const unknown = await inject(t.app, endpoints.tokenRefresh, { body: { refresh: 'made-up-token' } });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.error()).toMatchObject({ code: 'REFRESH_INVALID' });

    const { email, password } = await createAccount(t.database);
    const session = await login(t.app, email, password);
    clock.advance(30 * 24 * 60 * 60 * 1000 + 1000);
    const expired = await inject(t.app, endpoints.tokenRefresh, { body: { refresh: session.refresh } });
    expect(expired.statusCode).toBe(401);
  });

  it('answers a missing token with 400', async () => {
    const res = await inject(t.app, endpoints.tokenRefresh, { body: raw({}) });
    expect(res.statusCode).toBe(400);
    expect(res.error()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { refresh: expect.any(String) } });
  });
});

describe('POST /api/logout/', () => {
  it('ends the session: its refresh token no longer works', async () => {
    const { email, password } = await createAccount(t.database);
    const session = await login(t.app, email, password);
    const res = await inject(t.app, endpoints.logout, { body: { refresh: session.refresh } });
    expect(res.statusCode).toBe(200);
    const after = await inject(t.app, endpoints.tokenRefresh, { body: { refresh: session.refresh } });
    expect(after.statusCode).toBe(401);
  });

  it('accepts an unknown token without revealing anything', async () => {
    const res = await inject(t.app, endpoints.logout, { body: { refresh: 'no-such-token' } });
    expect(res.statusCode).toBe(200);
  });
});
