import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@localloop/contract';
import { users } from '../../db/schema.ts';
import { createTestApp, inject, login, signedInAccount, testClock, type TestContext } from '../../../test/helper.ts';
import { REAUTH_WINDOW_SECONDS, UNDO_DAYS } from './service.ts';

/**
 * What a stolen access token can do: since issue 9, not take the account. Changing where codes go needs the password
 * (or a fresh sign-in); the old contact can undo a change; ending sessions ends access tokens and tickets at once.
 */
const clock = testClock();
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const signedIn = () => signedInAccount(t);

async function outbox(to: string) {
  return (await inject(t.app, endpoints.devOutbox, { query: { to } })).json();
}

/** Moves past the window in which a fresh sign-in counts as proof, as for a token stolen a while after login. */
const later = () => clock.advance((REAUTH_WINDOW_SECONDS + 60) * 1000);
/** A refreshed access token: same session, same (old) sign-in time. */
async function refreshed(refresh: string) {
  const res = await inject(t.app, endpoints.tokenRefresh, { body: { refresh } });
  expect(res.statusCode).toBe(200);
  return res.json();
}
let counter = 0;
const newEmail = () => `moved-${Date.now().toString(36)}-${(counter += 1)}@example.test`;

describe('changing the e-mail or phone number with a session that is not fresh', () => {
  it('needs the current password: a stolen access token alone cannot redirect the account\'s codes', async () => {
    const a = await signedIn();
    later();
    const { access } = await refreshed(a.session.refresh);
    const target = newEmail();
    const without = await inject(t.app, endpoints.sendVerificationOtp, { access, body: { email: target } });
    expect(without.statusCode).toBe(400);
    expect(without.error()).toMatchObject({ code: 'CURRENT_PASSWORD_REQUIRED', fields: { current_password: 'Enter your current password.' } });
    const wrong = await inject(t.app, endpoints.sendVerificationOtp, { access, body: { email: target, current_password: 'not-my-password-1' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.error()).toMatchObject({ code: 'CURRENT_PASSWORD_WRONG', fields: { current_password: expect.any(String) } });
    expect(await outbox(target)).toEqual([]);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, a.user.id));
    expect(row?.pendingEmail).toBeNull();

    const right = await inject(t.app, endpoints.sendVerificationOtp, { access, body: { email: target, current_password: a.password } });
    expect(right.statusCode).toBe(200);
  });

  it('needs no password within five minutes of signing in', async () => {
    const a = await signedIn();
    expect((await inject(t.app, endpoints.sendVerificationOtp, { access: a.access, body: { email: newEmail() } })).statusCode).toBe(200);
  });

  it('an account without a password (Google) must sign in again', async () => {
    const a = await signedIn();
    await t.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, a.user.id));
    later();
    const { access } = await refreshed(a.session.refresh);
    const res = await inject(t.app, endpoints.sendVerificationOtp, { access, body: { phone_number: '+15557770001' } });
    expect(res.statusCode).toBe(403);
    expect(res.error().code).toBe('REAUTH_REQUIRED');
  });

  it('is limited per account, so a token cannot be used to guess the password', async () => {
    const a = await signedIn();
    later();
    const { access } = await refreshed(a.session.refresh);
    const codes: number[] = [];
    for (let i = 0; i < 11; i += 1) codes.push((await inject(t.app, endpoints.sendVerificationOtp, { access, body: { email: newEmail(), current_password: `guess-number-${i}` } })).statusCode);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(codes[10]).toBe(429);
    // Another account is not held back by it.
    const b = await signedIn();
    expect((await inject(t.app, endpoints.sendVerificationOtp, { access: b.access, body: { email: newEmail() } })).statusCode).toBe(200);
  });
});

describe('the old contact after a change', () => {
  async function changeEmail(a: Awaited<ReturnType<typeof signedIn>>, to: string, access = a.access) {
    expect((await inject(t.app, endpoints.sendVerificationOtp, { access, body: { email: to, current_password: a.password } })).statusCode).toBe(200);
    const [message] = await outbox(to);
    const done = await inject(t.app, endpoints.verifyContact, { access, body: { channel: 'email', otp: message?.code ?? '' } });
    expect(done.statusCode).toBe(200);
  }
  const undoTokenIn = async (oldAddress: string) => {
    const [notice] = await outbox(oldAddress);
    const token = /\/undo-change#([\w-]+)/.exec(notice?.body ?? '')?.[1];
    if (!token) throw new Error(`no undo link sent to ${oldAddress}`);
    return { notice, token };
  };

  it('is told, with a link that undoes the change: the address comes back, every session ends, the password is gone', async () => {
    const a = await signedIn();
    const intruder = newEmail();
    await changeEmail(a, intruder);
    const { notice, token } = await undoTokenIn(a.email);
    expect(notice).toMatchObject({ subject: 'Your LocalLoop e-mail address was changed', code: null });
    expect(notice?.body).toContain(`within ${UNDO_DAYS} days`);
    expect(notice?.body).not.toContain(intruder); // masked

    const undone = await inject(t.app, endpoints.undoContactChange, { body: { token } });
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toMatchObject({ channel: 'email', restored_to: `${a.email[0]}***@example.test` });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, a.user.id));
    expect(row).toMatchObject({ email: a.email, passwordHash: null, googleSub: null });
    expect((await inject(t.app, endpoints.profile, { access: a.access })).statusCode).toBe(401);
    expect((await inject(t.app, endpoints.tokenRefresh, { body: { refresh: a.session.refresh } })).statusCode).toBe(401);
    expect((await inject(t.app, endpoints.login, { body: { email: a.email, password: a.password } })).statusCode).toBe(401);

    // The owner chooses a new password through the restored address.
    expect((await inject(t.app, endpoints.forgotPassword, { body: { email: a.email } })).statusCode).toBe(200);
    // The link works once.
    expect((await inject(t.app, endpoints.undoContactChange, { body: { token } })).error().code).toBe('UNDO_INVALID');
  });

  it('undoing the first of two changes voids the second one\'s link, so the intruder cannot put theirs back', async () => {
    const a = await signedIn();
    const first = newEmail();
    const second = newEmail();
    await changeEmail(a, first);
    const original = await undoTokenIn(a.email);
    await changeEmail(a, second);
    const intruders = await undoTokenIn(first);
    expect((await inject(t.app, endpoints.undoContactChange, { body: { token: original.token } })).statusCode).toBe(200);
    expect((await inject(t.app, endpoints.undoContactChange, { body: { token: intruders.token } })).error().code).toBe('UNDO_INVALID');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, a.user.id));
    expect(row?.email).toBe(a.email);
  });

  it('a phone added where there was none is told to the e-mail; undoing puts back both contacts as they were', async () => {
    const a = await signedIn();
    await t.database.db.update(users).set({ phoneNumber: null }).where(eq(users.id, a.user.id));
    // An intruder adds their phone (told to the e-mail), then moves the e-mail (told to the old one).
    const phone = `+1666${String(Date.now()).slice(-7)}`;
    expect((await inject(t.app, endpoints.sendVerificationOtp, { access: a.access, body: { phone_number: phone, current_password: a.password } })).statusCode).toBe(200);
    const [text] = await outbox(phone);
    expect((await inject(t.app, endpoints.verifyContact, { access: a.access, body: { channel: 'sms', otp: text?.code ?? '' } })).statusCode).toBe(200);
    const added = await undoTokenIn(a.email);
    expect(added.notice).toMatchObject({ subject: 'A phone number was added to your LocalLoop account' });
    await changeEmail(a, newEmail());

    // The owner uses the first link they got: the phone goes and the e-mail comes back.
    const undone = await inject(t.app, endpoints.undoContactChange, { body: { token: added.token } });
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toMatchObject({ channel: 'sms', restored_to: null, message: expect.stringMatching(/undone too/) });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, a.user.id));
    expect(row).toMatchObject({ email: a.email, phoneNumber: null, passwordHash: null });
    // The intruder cannot log in by a code to their phone any more.
    expect((await inject(t.app, endpoints.login, { body: { phone_number: phone } })).statusCode).toBe(200);
    expect((await outbox(phone)).filter((m) => m.body.includes('login code'))).toEqual([]);
  });

  it('refuses an unknown or expired link with 400, and a restored address someone else took meanwhile with 409', async () => {
    expect((await inject(t.app, endpoints.undoContactChange, { body: { token: 'x'.repeat(43) } })).error()).toMatchObject({ code: 'UNDO_INVALID' });
    const a = await signedIn();
    await changeEmail(a, newEmail());
    const { token } = await undoTokenIn(a.email);
    // Someone else now uses the old address.
    const b = await signedIn();
    await t.database.db.update(users).set({ email: a.email }).where(eq(users.id, b.user.id));
    const conflict = await inject(t.app, endpoints.undoContactChange, { body: { token } });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.error().code).toBe('UNDO_CONFLICT');

    const c = await signedIn();
    await changeEmail(c, newEmail());
    const expired = await undoTokenIn(c.email);
    clock.advance((UNDO_DAYS * 24 + 1) * 3600_000);
    expect((await inject(t.app, endpoints.undoContactChange, { body: { token: expired.token } })).error().code).toBe('UNDO_INVALID');
  });
});

describe('ending sessions ends access tokens and realtime tickets at once', () => {
  it('logout everywhere: an unexpired access token and an unused ticket issued before it open nothing', async () => {
    const a = await signedIn();
    const ticket = (await inject(t.app, endpoints.wsTicket, { access: a.access })).json().ticket;
    expect((await inject(t.app, endpoints.logoutAll, { access: a.access })).statusCode).toBe(200);
    const res = await inject(t.app, endpoints.profile, { access: a.access });
    expect(res.statusCode).toBe(401);
    expect(res.error().code).toBe('TOKEN_INVALID');
    // The socket (GET /api/ws) is no endpoint of the table: it upgrades, so it is called by its path.
    const socket = await t.app.inject({ method: 'GET', url: `/api/ws?ticket=${encodeURIComponent(ticket)}` });
    expect(socket.statusCode).toBe(401);
  });

  it('deleting the account: a ticket issued before it opens nothing', async () => {
    const a = await signedIn();
    const ticket = (await inject(t.app, endpoints.wsTicket, { access: a.access })).json().ticket;
    expect((await inject(t.app, endpoints.deleteAccount, { access: a.access, body: { password: a.password, confirm: true } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/ws?ticket=${encodeURIComponent(ticket)}` })).statusCode).toBe(401);
  });

  it('a ticket issued with a token from before a password change opens nothing, even if made in the same moment', async () => {
    const a = await signedIn();
    const before = a.access;
    expect((await inject(t.app, endpoints.changePassword, { access: a.access, body: { current_password: a.password, new_password: 'another-long-secret-3', refresh: a.session.refresh } })).statusCode).toBe(200);
    expect((await inject(t.app, endpoints.wsTicket, { access: before })).statusCode).toBe(401);
    // This device's session survives: its refresh gives a working token under the new version.
    const { access } = await refreshed(a.session.refresh);
    expect((await inject(t.app, endpoints.profile, { access })).statusCode).toBe(200);
    const ticket = (await inject(t.app, endpoints.wsTicket, { access })).json().ticket;
    expect(ticket).toEqual(expect.any(String));
  });

  it('a session rotating its refresh token in a tight loop does not outlive a logout everywhere (PostgreSQL runs them side by side)', async () => {
    const a = await signedIn();
    let refresh = a.session.refresh;
    let loggedOut = false;
    let rotationsAfter = 0;
    let refusedAt = -1;
    const rotate = async () => {
      for (let i = 0; i < 300; i += 1) {
        const res = await inject(t.app, endpoints.tokenRefresh, { body: { refresh } });
        if (res.statusCode !== 200) {
          refusedAt = i;
          return;
        }
        if (loggedOut) rotationsAfter += 1;
        refresh = res.json().refresh;
      }
    };
    const rotating = rotate();
    await new Promise((r) => setImmediate(r));
    const other = await login(t.app, a.email, a.password);
    expect((await inject(t.app, endpoints.logoutAll, { access: other.access })).statusCode).toBe(200);
    loggedOut = true;
    await rotating;
    expect(refusedAt).toBeGreaterThanOrEqual(0);
    // At most the one rotation that was in flight when the answer came back.
    expect(rotationsAfter).toBeLessThanOrEqual(1);
    expect((await inject(t.app, endpoints.tokenRefresh, { body: { refresh } })).statusCode).toBe(401);
  });

  it('change-password and deleting the account are limited per account (argon2 work for one account cannot starve others)', async () => {
    const a = await signedIn();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await inject(t.app, endpoints.changePassword, { access: a.access, body: { current_password: `wrong-${i}-guess`, new_password: 'whatever-long-secret-9' } })).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    const limited = await inject(t.app, endpoints.changePassword, { access: a.access, body: { current_password: a.password, new_password: 'whatever-long-secret-9' } });
    expect(limited.statusCode).toBe(429);
    expect(limited.error()).toMatchObject({ code: 'RATE_LIMITED', error: expect.stringMatching(/for your account/) });
    const b = await signedIn();
    expect((await inject(t.app, endpoints.deleteAccount, { access: b.access, body: { password: 'not-it-at-all', confirm: true } })).statusCode).toBe(400);
  });
});
