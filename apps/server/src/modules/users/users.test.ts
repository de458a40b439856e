import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@localloop/contract';
import { media, users } from '../../db/schema.ts';
import { createTestApp, inject, login, raw, signedInAccount, testClock, type TestContext } from '../../../test/helper.ts';

const clock = testClock();
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const signedIn = () => signedInAccount(t);

async function codeFor(to: string) {
  const res = await inject(t.app, endpoints.devOutbox, { query: { to } });
  return String(res.json()[0]?.code);
}

describe('the profile', () => {
  it('is the caller\'s own account; without a token it is refused', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const mine = await inject(t.app, endpoints.profile, { access: a.access });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ id: a.user.id, email: a.email, has_password: true, vendor_id: null, profile_image: null });
    expect((await inject(t.app, endpoints.profile, { access: b.access })).json().id).toBe(b.user.id);
    expect((await inject(t.app, endpoints.profile)).statusCode).toBe(401);
    expect((await inject(t.app, endpoints.updateProfile, { body: { first_name: 'X' } })).statusCode).toBe(401);
  });

  it('changes names and username; a taken username is refused under its field', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const res = await inject(t.app, endpoints.updateProfile, { access: a.access, body: { first_name: 'Ada', last_name: 'Lovelace', username: `ada_${Date.now()}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace' });
    const clash = await inject(t.app, endpoints.updateProfile, { access: a.access, body: { username: b.user.username?.toUpperCase() } });
    expect(clash.statusCode).toBe(409);
    expect(clash.error()).toMatchObject({ code: 'USERNAME_TAKEN', fields: { username: expect.any(String) } });
  });

  it('answers a PATCH of nothing with the profile unchanged, not a 500', async () => {
    const a = await signedIn();
    const res = await inject(t.app, endpoints.updateProfile, { access: a.access, body: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: a.user.id, email: a.email });
  });

  it('takes as profile image only an image the account uploaded itself', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const [mine] = await t.database.db
      .insert(media)
      .values({ ownerId: a.user.id, storageKey: `images/${crypto.randomUUID()}.jpg`, thumbnailKey: `images/${crypto.randomUUID()}.thumb.webp`, contentType: 'image/jpeg', width: 10, height: 10, bytes: 100 })
      .returning();
    const [theirs] = await t.database.db
      .insert(media)
      .values({ ownerId: b.user.id, storageKey: `images/${crypto.randomUUID()}.jpg`, thumbnailKey: `images/${crypto.randomUUID()}.thumb.webp`, contentType: 'image/jpeg', width: 10, height: 10, bytes: 100 })
      .returning();
    const ok = await inject(t.app, endpoints.updateProfile, { access: a.access, body: { profile_image: `/media/${mine?.storageKey}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ profile_image: `/media/${mine?.storageKey}`, profile_thumbnail: `/media/${mine?.thumbnailKey}` });
    const stolen = await inject(t.app, endpoints.updateProfile, { access: a.access, body: { profile_image: `/media/${theirs?.storageKey}` } });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.error().fields?.profile_image).toBeDefined();
    expect((await inject(t.app, endpoints.updateProfile, { access: a.access, body: { profile_image: null } })).json().profile_image).toBeNull();
  });
});

describe('changing the e-mail or phone number', () => {
  it('keeps the old e-mail until the code sent to the new one comes back', async () => {
    const a = await signedIn();
    const newEmail = `moved-${Date.now()}@example.test`;
    const sent = await inject(t.app, endpoints.sendVerificationOtp, { access: a.access, body: { email: newEmail } });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().channel).toBe('email');
    expect((await inject(t.app, endpoints.profile, { access: a.access })).json()).toMatchObject({ email: a.email, pending_email: newEmail });

    const wrong = await inject(t.app, endpoints.verifyContact, { access: a.access, body: { channel: 'email', otp: '000000' === (await codeFor(newEmail)) ? '111111' : '000000' } });
    expect(wrong.error().code).toBe('OTP_INVALID');
    const done = await inject(t.app, endpoints.verifyContact, { access: a.access, body: { channel: 'email', otp: await codeFor(newEmail) } });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ email: newEmail, pending_email: null });
    await login(t.app, newEmail, a.password);
  });

  it('changes the phone number by a code sent by SMS; a number in use is refused', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const taken = await inject(t.app, endpoints.sendVerificationOtp, { access: a.access, body: { phone_number: b.user.phoneNumber ?? '' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.error().code).toBe('PHONE_TAKEN');
    const phone = `+1333${String(Date.now()).slice(-7)}`;
    expect((await inject(t.app, endpoints.sendVerificationOtp, { access: a.access, body: { phone_number: phone } })).json().channel).toBe('sms');
    const done = await inject(t.app, endpoints.verifyContact, { access: a.access, body: { channel: 'sms', otp: await codeFor(phone) } });
    expect(done.json().phone_number).toBe(phone);
  });

  it('/resend-otp/ resends the signed-in account\'s pending change', async () => {
    const a = await signedIn();
    const newEmail = `again-${Date.now()}@example.test`;
    await inject(t.app, endpoints.sendVerificationOtp, { access: a.access, body: { email: newEmail } });
    clock.advance(61_000);
    const resent = await inject(t.app, endpoints.resendOtp, { access: a.access });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().sent_to).toMatch(/^a\*\*\*@example\.test$/);
  });
});

describe('settings', () => {
  it('changes the password only with the current one, and ends every other session', async () => {
    const a = await signedIn();
    const other = await login(t.app, a.email, a.password);
    const wrong = await inject(t.app, endpoints.changePassword, { access: a.access, body: { current_password: 'not-it-at-all', new_password: 'fresh-start-2026' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.error().fields?.current_password).toBeDefined();
    const weak = await inject(t.app, endpoints.changePassword, { access: a.access, body: { current_password: a.password, new_password: 'qwertyuiop' } });
    expect(weak.error().fields?.new_password).toMatch(/too common/);

    const ok = await inject(t.app, endpoints.changePassword, { access: a.access, body: { current_password: a.password, new_password: 'fresh-start-2026', refresh: a.session.refresh } });
    expect(ok.statusCode).toBe(200);
    expect((await inject(t.app, endpoints.tokenRefresh, { body: { refresh: a.session.refresh } })).statusCode).toBe(200);
    expect((await inject(t.app, endpoints.tokenRefresh, { body: { refresh: other.refresh } })).statusCode).toBe(401);
    await login(t.app, a.email, 'fresh-start-2026');
  });

  it('logs out every device', async () => {
    const a = await signedIn();
    const other = await login(t.app, a.email, a.password);
    expect((await inject(t.app, endpoints.logoutAll, { access: a.access })).statusCode).toBe(200);
    for (const refresh of [a.session.refresh, other.refresh]) {
      expect((await inject(t.app, endpoints.tokenRefresh, { body: { refresh } })).statusCode).toBe(401);
    }
  });

  it('deletes the account after the password: personal data gone, the row kept anonymised, the e-mail free again', async () => {
    const a = await signedIn();
    const noConfirm = await inject(t.app, endpoints.deleteAccount, { access: a.access, body: raw({ password: a.password }) });
    expect(noConfirm.statusCode).toBe(400);
    const wrong = await inject(t.app, endpoints.deleteAccount, { access: a.access, body: { password: 'not-it-at-all', confirm: true } });
    expect(wrong.statusCode).toBe(400);

    const done = await inject(t.app, endpoints.deleteAccount, { access: a.access, body: { password: a.password, confirm: true } });
    expect(done.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, a.user.id));
    expect(row).toMatchObject({ email: null, phoneNumber: null, username: null, passwordHash: null, isActive: false });
    expect(row?.deletedAt).toBeInstanceOf(Date);

    expect((await inject(t.app, endpoints.profile, { access: a.access })).statusCode).toBe(401);
    // The access token outlives the account by up to 15 minutes; it opens nothing, not only in this module.
    for (const e of [endpoints.wsTicket, endpoints.notifications, endpoints.favoriteVendors, endpoints.logoutAll]) {
      const res = await inject(t.app, e, { access: a.access });
      expect(res.statusCode, e.path).toBe(401);
      expect(res.error().code).toBe('UNAUTHENTICATED');
    }
    expect((await inject(t.app, endpoints.tokenRefresh, { body: { refresh: a.session.refresh } })).statusCode).toBe(401);
    expect((await inject(t.app, endpoints.login, { body: { email: a.email, password: a.password } })).statusCode).toBe(401);
    const again = await inject(t.app, endpoints.register, { body: { email: a.email, phone_number: a.user.phoneNumber ?? '', username: `back_${Date.now()}`, password: 'second-life-2026' } });
    expect(again.statusCode).toBe(200);
  });
});
