import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media, users } from '../../db/schema.ts';
import { caller, createTestApp, login, signedInAccount, testClock, type TestContext } from '../../../test/helper.ts';

const clock = testClock();
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const call: ReturnType<typeof caller> = (...args) => caller(t.app)(...args);

const signedIn = () => signedInAccount(t);

async function codeFor(to: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  return String(res.json()[0]?.code);
}

describe('the profile', () => {
  it('is the caller\'s own account; without a token it is refused', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const mine = await call('GET', '/api/profile/', a.access);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ id: a.user.id, email: a.email, has_password: true, vendor_id: null, profile_image: null });
    expect((await call('GET', '/api/profile/', b.access)).json().id).toBe(b.user.id);
    expect((await call('GET', '/api/profile/')).statusCode).toBe(401);
    expect((await call('PATCH', '/api/profile/', undefined, { first_name: 'X' })).statusCode).toBe(401);
  });

  it('changes names and username; a taken username is refused under its field', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const res = await call('PATCH', '/api/profile/', a.access, { first_name: 'Ada', last_name: 'Lovelace', username: `ada_${Date.now()}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace' });
    const clash = await call('PATCH', '/api/profile/', a.access, { username: b.user.username?.toUpperCase() });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ code: 'USERNAME_TAKEN', fields: { username: expect.any(String) } });
  });

  it('answers a PATCH of nothing with the profile unchanged, not a 500', async () => {
    const a = await signedIn();
    const res = await call('PATCH', '/api/profile/', a.access, {});
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
    const ok = await call('PATCH', '/api/profile/', a.access, { profile_image: `/media/${mine?.storageKey}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ profile_image: `/media/${mine?.storageKey}`, profile_thumbnail: `/media/${mine?.thumbnailKey}` });
    const stolen = await call('PATCH', '/api/profile/', a.access, { profile_image: `/media/${theirs?.storageKey}` });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().fields.profile_image).toBeDefined();
    expect((await call('PATCH', '/api/profile/', a.access, { profile_image: null })).json().profile_image).toBeNull();
  });
});

describe('changing the e-mail or phone number', () => {
  it('keeps the old e-mail until the code sent to the new one comes back', async () => {
    const a = await signedIn();
    const newEmail = `moved-${Date.now()}@example.test`;
    const sent = await call('POST', '/api/send-verification-otp/', a.access, { email: newEmail });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().channel).toBe('email');
    expect((await call('GET', '/api/profile/', a.access)).json()).toMatchObject({ email: a.email, pending_email: newEmail });

    const wrong = await call('POST', '/api/profile/verify-contact/', a.access, { channel: 'email', otp: '000000' === (await codeFor(newEmail)) ? '111111' : '000000' });
    expect(wrong.json().code).toBe('OTP_INVALID');
    const done = await call('POST', '/api/profile/verify-contact/', a.access, { channel: 'email', otp: await codeFor(newEmail) });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ email: newEmail, pending_email: null });
    await login(t.app, newEmail, a.password);
  });

  it('changes the phone number by a code sent by SMS; a number in use is refused', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const taken = await call('POST', '/api/send-verification-otp/', a.access, { phone_number: b.user.phoneNumber });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('PHONE_TAKEN');
    const phone = `+1333${String(Date.now()).slice(-7)}`;
    expect((await call('POST', '/api/send-verification-otp/', a.access, { phone_number: phone })).json().channel).toBe('sms');
    const done = await call('POST', '/api/profile/verify-contact/', a.access, { channel: 'sms', otp: await codeFor(phone) });
    expect(done.json().phone_number).toBe(phone);
  });

  it('/resend-otp/ resends the signed-in account\'s pending change', async () => {
    const a = await signedIn();
    const newEmail = `again-${Date.now()}@example.test`;
    await call('POST', '/api/send-verification-otp/', a.access, { email: newEmail });
    clock.advance(61_000);
    const resent = await call('POST', '/api/resend-otp/', a.access);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().sent_to).toMatch(/^a\*\*\*@example\.test$/);
  });
});

describe('settings', () => {
  it('changes the password only with the current one, and ends every other session', async () => {
    const a = await signedIn();
    const other = await login(t.app, a.email, a.password);
    const wrong = await call('POST', '/api/change-password/', a.access, { current_password: 'not-it-at-all', new_password: 'fresh-start-2026' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.current_password).toBeDefined();
    const weak = await call('POST', '/api/change-password/', a.access, { current_password: a.password, new_password: 'qwertyuiop' });
    expect(weak.json().fields.new_password).toMatch(/too common/);

    const ok = await call('POST', '/api/change-password/', a.access, { current_password: a.password, new_password: 'fresh-start-2026', refresh: a.session.refresh });
    expect(ok.statusCode).toBe(200);
    expect((await call('POST', '/api/token/refresh/', undefined, { refresh: a.session.refresh })).statusCode).toBe(200);
    expect((await call('POST', '/api/token/refresh/', undefined, { refresh: other.refresh })).statusCode).toBe(401);
    await login(t.app, a.email, 'fresh-start-2026');
  });

  it('logs out every device', async () => {
    const a = await signedIn();
    const other = await login(t.app, a.email, a.password);
    expect((await call('POST', '/api/logout-all/', a.access)).statusCode).toBe(200);
    for (const refresh of [a.session.refresh, other.refresh]) {
      expect((await call('POST', '/api/token/refresh/', undefined, { refresh })).statusCode).toBe(401);
    }
  });

  it('deletes the account after the password: personal data gone, the row kept anonymised, the e-mail free again', async () => {
    const a = await signedIn();
    const noConfirm = await call('DELETE', '/api/profile/', a.access, { password: a.password });
    expect(noConfirm.statusCode).toBe(400);
    const wrong = await call('DELETE', '/api/profile/', a.access, { password: 'not-it-at-all', confirm: true });
    expect(wrong.statusCode).toBe(400);

    const done = await call('DELETE', '/api/profile/', a.access, { password: a.password, confirm: true });
    expect(done.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, a.user.id));
    expect(row).toMatchObject({ email: null, phoneNumber: null, username: null, passwordHash: null, isActive: false });
    expect(row?.deletedAt).toBeInstanceOf(Date);

    expect((await call('GET', '/api/profile/', a.access)).statusCode).toBe(401);
    // The access token outlives the account by up to 15 minutes; it opens nothing, not only in this module.
    for (const [method, url] of [
      ['POST', '/api/ws/ticket/'],
      ['GET', '/api/notifications/'],
      ['GET', '/api/vendor/favorites/'],
      ['POST', '/api/logout-all/'],
    ] as const) {
      const res = await call(method, url, a.access);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    }
    expect((await call('POST', '/api/token/refresh/', undefined, { refresh: a.session.refresh })).statusCode).toBe(401);
    expect((await call('POST', '/api/login/v2/', undefined, { email: a.email, password: a.password })).statusCode).toBe(401);
    const again = await call('POST', '/api/register/v3/', undefined, { email: a.email, phone_number: a.user.phoneNumber, username: `back_${Date.now()}`, password: 'second-life-2026' });
    expect(again.statusCode).toBe(200);
  });
});
