import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@localloop/contract';
import { users } from '../../db/schema.ts';
import type { App } from '../../lib/http.ts';
import { clientOf, closeBoth, createAccount, createTestApp, inject, login, testClock, twoAppsOnOneDatabase, type Client, type TestContext } from '../../../test/helper.ts';
import { MAX_CODES_PER_DESTINATION_HOUR, MAX_CODES_PER_REQUESTER_HOUR, MAX_WRONG_TRIES_PER_DESTINATION_HOUR } from './otp.ts';

const clock = testClock();
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

let n = 0;
function newPerson() {
  n += 1;
  const tag = `${Date.now().toString(36)}${n}`;
  return {
    email: `new-${tag}@example.test`,
    phone_number: `+1444${String(Date.now() % 1e7).padStart(7, '0').slice(0, 5)}${String(n).padStart(2, '0')}`,
    username: `new_${tag}`,
    password: 'a-long-walk-home-42',
  };
}

/**
 * One browser at one address: it keeps the flow cookie between calls, as a person's browser does. Without one, a call
 * carries no cookie (another device, or an attacker). Each browser has an address of its own unless given one.
 */
let addresses = 0;
function browser(app: App | App[] = t.app, remoteAddress = `198.18.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`): Client & { cookie(): string } {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  // Several apps (server processes behind a balancer): each call goes to the next, the cookies travel with the browser.
  const sends = (Array.isArray(app) ? app : [app]).map((one) =>
    clientOf(one, () => ({ remoteAddress, headers: jar.size ? { cookie: cookie() } : {} }), (res) => {
      const set = res.headers['set-cookie'];
      for (const line of Array.isArray(set) ? set : set ? [set] : []) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        if (at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
    }),
  );
  let turn = 0;
  const send: Client = (endpoint, ...rest) => (sends[turn++ % sends.length] as Client)(endpoint, ...rest);
  return Object.assign(send, { cookie });
}

async function outboxOf(app: App, to: string) {
  return (await inject(app, endpoints.devOutbox, { query: { to } })).json();
}

/** The newest code the dev outbox holds for this address, as a person would read it at /dev/outbox. */
async function codeFor(app: App, to: string): Promise<string> {
  const [latest] = await outboxOf(app, to);
  if (!latest?.code) throw new Error(`no code for ${to}`);
  return latest.code;
}

function wrongCode(code: string) {
  return code === '000000' ? '111111' : '000000';
}

const nextMinute = () => clock.advance(61_000);

describe('sign-up, new flow (/register/v3/ → /verify/register/otp/v3/ → /create-user/)', () => {
  it('e-mails a code, checks it and creates the account, logged in', async () => {
    const p = newPerson();
    const post = browser();
    const start = await post(endpoints.register, { body: p });
    expect(start.statusCode).toBe(200);
    expect(start.json()).toMatchObject({ channel: 'email', sent_to: expect.stringMatching(/^n\*\*\*@example\.test$/), expires_in: 600, resend_in: 60 });

    const verified = await post(endpoints.verifyRegistration, { body: { email: p.email, otp: await codeFor(t.app, p.email) } });
    expect(verified.statusCode).toBe(200);
    const { verification_token } = verified.json();

    const created = await post(endpoints.createUser, { body: { verification_token } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ user: { email: p.email, phone_number: p.phone_number }, vendor_id: null, kyc_status: null, notice: null });
    const inbox = await inject(t.app, endpoints.notifications, { access: created.json().access });
    expect(inbox.json()).toEqual([expect.objectContaining({ title: `Welcome to LocalLoop, ${p.username}!`, notification_type: 'welcome', is_read: false })]);
    await login(t.app, p.email, p.password);

    const again = await post(endpoints.createUser, { body: { verification_token } });
    expect(again.statusCode).toBe(400);
    expect(again.error().code).toBe('STEP_TOKEN_INVALID');
  });

  it('checks a code only in the browser that started the sign-up (its flow cookie)', async () => {
    const p = newPerson();
    const mine = browser();
    await mine(endpoints.register, { body: p });
    const code = await codeFor(t.app, p.email);
    const elsewhere = await browser()(endpoints.verifyRegistration, { body: { email: p.email, otp: code } });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.error().code).toBe('OTP_INVALID');
    expect((await mine(endpoints.verifyRegistration, { body: { email: p.email, otp: code } })).statusCode).toBe(200);
  });

  it('a second sign-up for the same address cannot take over the first: the first keeps its own password and phone', async () => {
    const victim = newPerson();
    const victimBrowser = browser(t.app, '198.51.100.10');
    await victimBrowser(endpoints.register, { body: victim });
    const victimCode = await codeFor(t.app, victim.email);

    // 61 s later an attacker signs up with the victim's address, their own password and phone.
    nextMinute();
    const attackerBrowser = browser(t.app, '203.0.113.66');
    const attacker = { ...newPerson(), email: victim.email, username: `${victim.username}_x`, password: 'attackers-own-secret-1' };
    expect((await attackerBrowser(endpoints.register, { body: attacker })).statusCode).toBe(200);
    const attackerCode = await codeFor(t.app, victim.email);
    expect(attackerCode).not.toBe(victimCode);

    // The victim enters the newest code in their inbox (the attacker's flow's): it is not this browser's code.
    if (attackerCode !== victimCode) expect((await victimBrowser(endpoints.verifyRegistration, { body: { email: victim.email, otp: attackerCode } })).statusCode).toBe(400);
    // Their own code still works and creates the account with their own details.
    const verified = await victimBrowser(endpoints.verifyRegistration, { body: { email: victim.email, otp: victimCode } });
    expect(verified.statusCode).toBe(200);
    const created = await victimBrowser(endpoints.createUser, { body: { verification_token: verified.json().verification_token } });
    expect(created.statusCode).toBe(201);
    expect(created.json().user).toMatchObject({ email: victim.email, phone_number: victim.phone_number });
    await login(t.app, victim.email, victim.password);
    expect((await browser()(endpoints.login, { body: { email: victim.email, password: attacker.password } })).statusCode).toBe(401);
    // Even with its code, the attacker's sign-up cannot replace the account or make a second one for the address.
    const theirs = await attackerBrowser(endpoints.verifyRegistration, { body: { email: victim.email, otp: attackerCode } });
    expect(theirs.statusCode).toBe(200);
    const second = await attackerBrowser(endpoints.createUser, { body: { verification_token: theirs.json().verification_token } });
    expect(second.statusCode).toBe(409);
    expect(second.error().code).toBe('EMAIL_TAKEN');
  });

  it('answers a sign-up with an address that has an account exactly like a new one, and only tells the owner', async () => {
    const existing = await createAccount(t.database);
    const fresh = newPerson();
    const taken = await browser()(endpoints.register, { body: { ...newPerson(), email: existing.email.toUpperCase() } });
    const free = await browser()(endpoints.register, { body: fresh });
    expect(taken.statusCode).toBe(200);
    expect(Object.keys(taken.json()).sort()).toEqual(Object.keys(free.json()).sort());
    expect(taken.json().message).toBe(`We sent a 6-digit code to ${existing.email[0]}***@example.test.`);
    const [mail] = await outboxOf(t.app, existing.email);
    expect(mail).toMatchObject({ subject: 'You already have a LocalLoop account', code: null });
    expect(mail?.body).toContain('/ForgotPassword');
  });

  it('still refuses a taken username (usernames are public) with 409 on the field', async () => {
    const existing = await createAccount(t.database);
    const res = await browser()(endpoints.register, { body: { ...newPerson(), username: existing.user.username ?? '' } });
    expect(res.statusCode).toBe(409);
    expect(res.error()).toMatchObject({ code: 'USERNAME_TAKEN', fields: { username: expect.any(String) } });
  });

  it('creates the account without a phone number another account uses, and says so', async () => {
    const existing = await createAccount(t.database);
    const p = { ...newPerson(), phone_number: existing.user.phoneNumber ?? '' };
    const post = browser();
    expect((await post(endpoints.register, { body: p })).statusCode).toBe(200);
    const verified = await post(endpoints.verifyRegistration, { body: { email: p.email, otp: await codeFor(t.app, p.email) } });
    const created = await post(endpoints.createUser, { body: { verification_token: verified.json().verification_token } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ user: { email: p.email, phone_number: null }, notice: expect.stringMatching(/phone number is used by another account/) });
  });

  it.each([
    ['short', 'abc12', 'at least 8'],
    ['numeric', '8675309123', 'entirely numeric'],
    ['common', 'password1', 'too common'],
    ['like the e-mail', 'similarperson1', 'too similar to your e-mail'],
  ])('refuses a weak password (%s)', async (_label, password, message) => {
    const p = { ...newPerson(), email: 'similarperson1@example.test', password };
    const res = await browser()(endpoints.register, { body: p });
    expect(res.statusCode).toBe(400);
    expect(res.error().fields?.password).toContain(message);
  });

  it('counts wrong codes: a wrong one says how many tries are left, the fifth kills the code', async () => {
    const p = newPerson();
    const post = browser();
    await post(endpoints.register, { body: p });
    const code = await codeFor(t.app, p.email);
    const first = await post(endpoints.verifyRegistration, { body: { email: p.email, otp: wrongCode(code) } });
    expect(first.statusCode).toBe(400);
    expect(first.error()).toMatchObject({ code: 'OTP_INVALID', error: 'That code is wrong. You have 4 tries left.' });
    for (let i = 0; i < 3; i += 1) await post(endpoints.verifyRegistration, { body: { email: p.email, otp: wrongCode(code) } });
    const fifth = await post(endpoints.verifyRegistration, { body: { email: p.email, otp: wrongCode(code) } });
    expect(fifth.error().code).toBe('OTP_TOO_MANY_ATTEMPTS');
    const sixth = await post(endpoints.verifyRegistration, { body: { email: p.email, otp: code } });
    expect(sixth.statusCode).toBe(400);
    expect(sixth.error().code).toBe('OTP_TOO_MANY_ATTEMPTS');
  });

  it('counts wrong tries and resends in the database: two server processes, calls alternating, share each count', async () => {
    const apps = await twoAppsOnOneDatabase({ clock });
    try {
      const post = browser(apps.map((a) => a.app));
      const p = newPerson();
      await post(endpoints.register, { body: p });
      const code = await codeFor(apps[0].app, p.email);
      // Resent too soon at the other process: the minute is counted once for both.
      expect((await post(endpoints.resendRegistrationOtp, { body: { email: p.email } })).error().code).toBe('OTP_RESEND_TOO_SOON');
      const tries = [];
      for (let i = 0; i < 5; i += 1) tries.push((await post(endpoints.verifyRegistration, { body: { email: p.email, otp: wrongCode(code) } })).error().code);
      expect(tries).toEqual(['OTP_INVALID', 'OTP_INVALID', 'OTP_INVALID', 'OTP_INVALID', 'OTP_TOO_MANY_ATTEMPTS']);
      // Five wrong tries in all, whichever process heard them: the right code no longer works at either.
      expect((await post(endpoints.verifyRegistration, { body: { email: p.email, otp: code } })).error().code).toBe('OTP_TOO_MANY_ATTEMPTS');
      expect((await post(endpoints.verifyRegistration, { body: { email: p.email, otp: code } })).error().code).toBe('OTP_TOO_MANY_ATTEMPTS');
    } finally {
      await closeBoth(apps);
    }
  });

  it('refuses a code after 10 minutes', async () => {
    const p = newPerson();
    const post = browser();
    await post(endpoints.register, { body: p });
    const code = await codeFor(t.app, p.email);
    clock.advance(10 * 60_000 + 1000);
    const res = await post(endpoints.verifyRegistration, { body: { email: p.email, otp: code } });
    expect(res.statusCode).toBe(400);
    expect(res.error()).toMatchObject({ code: 'OTP_EXPIRED', fields: { otp: expect.any(String) } });
  });

  it('resends at most once a minute and five times an hour; a new code replaces the old one', async () => {
    const p = newPerson();
    const post = browser();
    await post(endpoints.register, { body: p });
    const first = await codeFor(t.app, p.email);
    const tooSoon = await post(endpoints.resendRegistrationOtp, { body: { email: p.email } });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.error()).toMatchObject({ code: 'OTP_RESEND_TOO_SOON', error: expect.stringMatching(/in \d+ seconds/) });

    for (let i = 0; i < 4; i += 1) {
      nextMinute();
      expect((await post(endpoints.resendRegistrationOtp, { body: { email: p.email } })).statusCode).toBe(200);
    }
    nextMinute();
    const sixth = await post(endpoints.resendRegistrationOtp, { body: { email: p.email } });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.error().code).toBe('OTP_RESEND_LIMIT');

    const latest = await codeFor(t.app, p.email);
    if (latest !== first) {
      const old = await post(endpoints.verifyRegistration, { body: { email: p.email, otp: first } });
      expect(old.error().code).toBe('OTP_INVALID');
    }
    expect((await post(endpoints.verifyRegistration, { body: { email: p.email, otp: latest } })).statusCode).toBe(200);
  });

  it('resends only the sign-up this browser started; another browser has nothing to resend', async () => {
    const p = newPerson();
    await browser()(endpoints.register, { body: p });
    nextMinute();
    const stranger = await browser()(endpoints.resendRegistrationOtp, { body: { email: p.email } });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.error().code).toBe('NO_PENDING_CODE');
  });

  it('/resend-otp/ without a body resends the code of the flow in this browser (its cookie)', async () => {
    const p = newPerson();
    const post = browser();
    const start = await post(endpoints.register, { body: p });
    expect(String(start.headers['set-cookie'])).toMatch(/HttpOnly/i);
    nextMinute();
    const resent = await post(endpoints.resendOtp);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().channel).toBe('email');

    const nothing = await browser()(endpoints.resendOtp);
    expect(nothing.statusCode).toBe(400);
    expect(nothing.error().code).toBe('NO_PENDING_CODE');
  });
});

describe('sign-up, older flow (/register/v2/ → /verify/create/v2/)', () => {
  it('creates and logs in the account in the second step, in the same browser', async () => {
    const p = newPerson();
    const post = browser();
    expect((await post(endpoints.registerV2, { body: p })).statusCode).toBe(200);
    const code = await codeFor(t.app, p.email);
    expect((await browser()(endpoints.verifyCreateV2, { body: { email: p.email, otp: code } })).statusCode).toBe(400);
    const res = await post(endpoints.verifyCreateV2, { body: { email: p.email, otp: code } });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.email).toBe(p.email);
  });
});

describe('phone login (/login/v2/ with a phone number → /login-otp/)', () => {
  it('texts a code and logs in with it', async () => {
    const { user } = await createAccount(t.database);
    const phone = user.phoneNumber ?? '';
    const post = browser();
    const start = await post(endpoints.login, { body: { phone_number: phone } });
    expect(start.statusCode).toBe(200);
    expect(start.json()).toMatchObject({ channel: 'sms' });
    const res = await post(endpoints.loginOtp, { body: { phone_number: phone, otp: await codeFor(t.app, phone) } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(user.id);
  });

  it('answers a number without an account exactly like one with, texts it nothing, and its check fails like a wrong code', async () => {
    const { user } = await createAccount(t.database);
    const unknownPhone = '+19999999999';
    const known = await browser()(endpoints.login, { body: { phone_number: user.phoneNumber ?? '' } });
    const unknownBrowser = browser();
    const unknown = await unknownBrowser(endpoints.login, { body: { phone_number: unknownPhone } });
    expect(unknown.statusCode).toBe(200);
    expect(Object.keys(unknown.json()).sort()).toEqual(Object.keys(known.json()).sort());
    expect(unknown.json()).toMatchObject({ message: expect.stringMatching(/^We texted a 6-digit code to \+1•+9999\.$/) });
    expect(await outboxOf(t.app, unknownPhone)).toEqual([]);
    const check = await unknownBrowser(endpoints.loginOtp, { body: { phone_number: unknownPhone, otp: '123456' } });
    expect(check.error()).toMatchObject({ code: 'OTP_INVALID', error: 'That code is wrong. You have 4 tries left.' });
    expect((await unknownBrowser(endpoints.resendLoginOtp, { body: { phone_number: unknownPhone } })).error().code).toBe('OTP_RESEND_TOO_SOON');
  });

  it('refuses a wrong code and a resend within a minute', async () => {
    const { user } = await createAccount(t.database);
    const phone = user.phoneNumber ?? '';
    const post = browser();
    await post(endpoints.login, { body: { phone_number: phone } });
    const code = await codeFor(t.app, phone);
    expect((await post(endpoints.loginOtp, { body: { phone_number: phone, otp: wrongCode(code) } })).error().code).toBe('OTP_INVALID');
    expect((await post(endpoints.resendLoginOtp, { body: { phone_number: phone } })).error().code).toBe('OTP_RESEND_TOO_SOON');
    nextMinute();
    expect((await post(endpoints.resendLoginOtp, { body: { phone_number: phone } })).statusCode).toBe(200);
  });

  it('a stranger\'s wrong tries never touch the owner\'s code', async () => {
    const { user } = await createAccount(t.database);
    const phone = user.phoneNumber ?? '';
    const owner = browser();
    await owner(endpoints.login, { body: { phone_number: phone } });
    const code = await codeFor(t.app, phone);
    const stranger = browser(t.app, '203.0.113.9');
    for (let i = 0; i < 6; i += 1) await stranger(endpoints.loginOtp, { body: { phone_number: phone, otp: wrongCode(code) } });
    expect((await owner(endpoints.loginOtp, { body: { phone_number: phone, otp: code } })).statusCode).toBe(200);
  });

  it('accepts a formatted phone number', async () => {
    const { user } = await createAccount(t.database);
    const phone = user.phoneNumber ?? '';
    const formatted = `${phone.slice(0, 2)} (${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`;
    expect((await browser()(endpoints.login, { body: { phone_number: formatted } })).statusCode).toBe(200);
  });
});

describe('code limits per kind and per requester', () => {
  it('a stranger asking five codes cannot lock the owner out of phone log-in or password reset', async () => {
    const { user, email } = await createAccount(t.database);
    const phone = user.phoneNumber ?? '';
    for (let i = 0; i < 5; i += 1) {
      // Each from a new browser, a minute apart, all from one network: the stranger's own budget.
      expect((await browser(t.app, '203.0.113.20')(endpoints.login, { body: { phone_number: phone } })).statusCode).toBe(200);
      nextMinute();
    }
    expect((await browser(t.app, '203.0.113.20')(endpoints.login, { body: { phone_number: phone } })).error().code).toBe('OTP_RESEND_LIMIT');
    const owner = browser(t.app, '198.51.100.20');
    expect((await owner(endpoints.login, { body: { phone_number: phone } })).statusCode).toBe(200);
    expect((await owner(endpoints.loginOtp, { body: { phone_number: phone, otp: await codeFor(t.app, phone) } })).statusCode).toBe(200);
    // Another kind of code to the same person is counted apart.
    expect((await browser(t.app, '203.0.113.20')(endpoints.forgotPassword, { body: { email } })).statusCode).toBe(200);
  });

  it(`sends at most ${MAX_CODES_PER_DESTINATION_HOUR} codes of a kind to one address an hour, whoever asks`, async () => {
    const { email } = await createAccount(t.database);
    for (let i = 0; i < MAX_CODES_PER_DESTINATION_HOUR; i += 1) {
      expect((await browser(t.app, `203.0.113.${100 + i}`)(endpoints.forgotPassword, { body: { email } })).statusCode).toBe(200);
    }
    const capped = await browser(t.app, '203.0.113.200')(endpoints.forgotPassword, { body: { email } });
    expect(capped.statusCode).toBe(429);
    expect(capped.error().code).toBe('OTP_DESTINATION_LIMIT');
  });

  it(`lets one requester ask at most ${MAX_CODES_PER_REQUESTER_HOUR} codes an hour, to any addresses`, async () => {
    const ask = (i: number) => browser(t.app, '192.0.2.77')(endpoints.forgotPassword, { body: { email: `pump-${i}-${Date.now()}@example.test` } });
    for (let i = 0; i < MAX_CODES_PER_REQUESTER_HOUR; i += 1) expect((await ask(i)).statusCode).toBe(200);
    const capped = await ask(MAX_CODES_PER_REQUESTER_HOUR);
    expect(capped.statusCode).toBe(429);
    expect(capped.error().code).toBe('OTP_REQUESTER_LIMIT');
  });
});

describe('guessing codes over many flows', () => {
  it(`stops after ${MAX_WRONG_TRIES_PER_DESTINATION_HOUR} wrong codes for one address in an hour; a browser that logged in to the account before may go on`, async () => {
    const { email, password } = await createAccount(t.database);
    // The owner logged in on their laptop once: it carries the device cookie.
    const laptop = browser(t.app, '198.51.100.77');
    expect((await laptop(endpoints.login, { body: { email, password } })).statusCode).toBe(200);

    // A guesser opens flow after flow for the owner's address, each from another network, five wrong tries each.
    for (let flow = 0; flow < MAX_WRONG_TRIES_PER_DESTINATION_HOUR / 5; flow += 1) {
      const guesser = browser(t.app, `203.0.113.${150 + flow}`);
      await guesser(endpoints.forgotPassword, { body: { email } });
      for (let i = 0; i < 5; i += 1) expect((await guesser(endpoints.verifyReset, { body: { email, otp: String(100000 + i) } })).statusCode).toBe(400);
    }
    const next = browser(t.app, '203.0.113.199');
    await next(endpoints.forgotPassword, { body: { email } });
    const stopped = await next(endpoints.verifyReset, { body: { email, otp: '123456' } });
    expect(stopped.statusCode).toBe(429);
    expect(stopped.error()).toMatchObject({ code: 'OTP_GUESS_LIMIT', fields: { otp: expect.any(String) } });

    // The owner's laptop asks for its own code and it works.
    await laptop(endpoints.forgotPassword, { body: { email } });
    const verified = await laptop(endpoints.verifyReset, { body: { email, otp: await codeFor(t.app, email) } });
    expect(verified.statusCode).toBe(200);
  });
});

describe('/login/ (older clients)', () => {
  it('logs in with the e-mail or the phone number and the password', async () => {
    const { email, password, user } = await createAccount(t.database);
    const post = browser();
    expect((await post(endpoints.legacyLogin, { body: { email, password } })).statusCode).toBe(200);
    expect((await post(endpoints.legacyLogin, { body: { phone_number: user.phoneNumber ?? '', password } })).statusCode).toBe(200);
    expect((await post(endpoints.legacyLogin, { body: { phone_number: user.phoneNumber ?? '', password: 'nope-nope-nope' } })).statusCode).toBe(401);
    expect((await post(endpoints.legacyLogin, { body: { password } })).error()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { email: expect.any(String) } });
  });
});

describe('forgotten password (/send/email/forgot-password/ → /verify/otp/forgot-password/ → /reset-password/v2/)', () => {
  it('answers the same whether or not the e-mail has an account', async () => {
    const { email } = await createAccount(t.database);
    const known = await browser()(endpoints.forgotPassword, { body: { email } });
    const unknown = await browser()(endpoints.forgotPassword, { body: { email: 'no-account-here@example.test' } });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(await outboxOf(t.app, 'no-account-here@example.test')).toEqual([]);
    // Within the minute, both are "too soon" alike.
    const knownAgain = await browser()(endpoints.forgotPassword, { body: { email } });
    const unknownAgain = await browser()(endpoints.forgotPassword, { body: { email: 'no-account-here@example.test' } });
    // Compared as they are, whatever the status (each call is a new browser, so each may be answered 200).
    const codeOf = (res: { body: string }) => (JSON.parse(res.body) as { code?: string }).code;
    expect([knownAgain.statusCode, codeOf(knownAgain)]).toEqual([unknownAgain.statusCode, codeOf(unknownAgain)]);
  });

  it('sets a new password, ends every session, and the reset token works once', async () => {
    const { email, password } = await createAccount(t.database);
    const session = await login(t.app, email, password);
    const post = browser();
    await post(endpoints.forgotPassword, { body: { email } });
    const verified = await post(endpoints.verifyReset, { body: { email, otp: await codeFor(t.app, email) } });
    expect(verified.statusCode).toBe(200);
    const { reset_token } = verified.json();

    const weak = await post(endpoints.resetPassword, { body: { reset_token, password: '12345678' } });
    expect(weak.statusCode).toBe(400);

    nextMinute();
    await post(endpoints.forgotPassword, { body: { email } });
    const verified2 = await post(endpoints.verifyReset, { body: { email, otp: await codeFor(t.app, email) } });
    const token2 = verified2.json().reset_token;
    const done = await post(endpoints.resetPassword, { body: { reset_token: token2, password: 'brand-new-secret-77' } });
    expect(done.statusCode).toBe(200);

    expect((await post(endpoints.tokenRefresh, { body: { refresh: session.refresh } })).statusCode).toBe(401);
    // The access token issued before the reset opens nothing from now on, though it has not expired.
    const profile = await inject(t.app, endpoints.profile, { access: session.access });
    expect(profile.statusCode).toBe(401);
    expect((await post(endpoints.login, { body: { email, password } })).statusCode).toBe(401);
    await login(t.app, email, 'brand-new-secret-77');
    expect((await post(endpoints.resetPassword, { body: { reset_token: token2, password: 'another-secret-88' } })).error().code).toBe('STEP_TOKEN_INVALID');
    expect((await post(endpoints.resetPassword, { body: { reset_token, password: 'another-secret-88' } })).error().code).toBe('STEP_TOKEN_INVALID');
  });

  it('answers before the e-mail is delivered, so its timing says nothing about the account', async () => {
    // An SMTP server that holds every message until the test lets it go.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => void held.then(() => (received.push(raw), callback())));
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const mailed = await createTestApp({ config: { mail: { smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`, from: 'LocalLoop <no-reply@localloop.test>' } } });
    try {
      const { email } = await createAccount(mailed.database);
      const res = await inject(mailed.app, endpoints.forgotPassword, { body: { email } });
      expect(res.statusCode).toBe(200);
      expect(received).toHaveLength(0);
      release();
      await mailed.close(); // shutdown waits for deliveries in flight
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('password reset code');
    } finally {
      release();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });

  it('resends through /resend-otp/ with the flow cookie, known address or not', async () => {
    const { email } = await createAccount(t.database);
    const known = browser();
    const unknown = browser();
    await known(endpoints.forgotPassword, { body: { email } });
    await unknown(endpoints.forgotPassword, { body: { email: 'still-nobody@example.test' } });
    nextMinute();
    expect((await known(endpoints.resendOtp)).statusCode).toBe(200);
    expect((await unknown(endpoints.resendOtp)).statusCode).toBe(200);
  });
});

describe('a forged flow cookie', () => {
  it('is no flow: a NUL byte, a control character or wrong types answer 400, never a 500', async () => {
    const forged = (flow: unknown) => `ll_code_flow=${Buffer.from(JSON.stringify(flow)).toString('base64url')}`;
    for (const flow of [
      { id: crypto.randomUUID(), purpose: 'password_reset', to: 'a\u0000b@example.test' },
      { id: crypto.randomUUID(), purpose: 'password_reset', to: 'a@example.test\r\nBcc: x@example.test' },
      { id: 5, purpose: ['x'], to: null },
    ]) {
      const res = await browser()(endpoints.resendOtp, { headers: { cookie: forged(flow) } });
      expect(res.statusCode).toBe(400);
      expect(res.error()).toMatchObject({ code: 'NO_PENDING_CODE' });
    }
  });
});

describe('a hand-made flow cookie', () => {
  it('cannot give one address a fresh budget per spelling: its address is normalised like the form\'s', async () => {
    const { email } = await createAccount(t.database);
    const forged = (to: string) => `ll_code_flow=${Buffer.from(JSON.stringify({ id: crypto.randomUUID(), purpose: 'password_reset', to })).toString('base64url')}`;
    const from = browser(t.app, '192.0.2.199');
    expect((await from(endpoints.resendOtp, { headers: { cookie: forged(email.toUpperCase()) } })).statusCode).toBe(200);
    const [mail] = await outboxOf(t.app, email);
    expect(mail?.subject).toMatch(/password reset/);
    const again = await from(endpoints.resendOtp, { headers: { cookie: forged(`${email[0]?.toUpperCase()}${email.slice(1)}`) } });
    expect(again.error().code).toBe('OTP_RESEND_TOO_SOON');
  });
});

describe('codes of other kinds to the same address', () => {
  it('do not hold back a reset: another kind of code a moment ago is counted apart', async () => {
    const { email } = await createAccount(t.database);
    // Another code went to the same address a moment ago (say, someone confirming it as their new e-mail).
    await t.database.db.transaction(async (tx) => {
      const { issueCode } = await import('./otp.ts');
      const { createMessenger } = await import('../../lib/messaging.ts');
      await issueCode({ db: t.database.db, clock, messenger: createMessenger({ mail: { smtpUrl: undefined, from: 'x' }, sms: undefined, devOutbox: true }), secret: 's' }, tx, {
        purpose: 'verify_email',
        channel: 'email',
        destination: email,
        requester: 'someone-else',
      });
    });
    const post = browser();
    expect((await post(endpoints.forgotPassword, { body: { email } })).statusCode).toBe(200);
    const outbox = await outboxOf(t.app, email);
    expect(outbox[0]?.subject).toMatch(/password reset/);
    expect((await post(endpoints.verifyReset, { body: { email, otp: outbox[0]?.code ?? '' } })).statusCode).toBe(200);
  });

  it('a signed-in account resends its pending contact change, not an older flow of this browser', async () => {
    const p = newPerson();
    const post = browser();
    await post(endpoints.register, { body: p });
    const created = await post(endpoints.createUser, { body: {
      verification_token: (await post(endpoints.verifyRegistration, { body: { email: p.email, otp: await codeFor(t.app, p.email) } })).json().verification_token,
    } });
    const { access } = created.json();
    const cookieBefore = post.cookie();
    const phone = `+1222${String(Date.now()).slice(-7)}`;
    const asked = await post(endpoints.sendVerificationOtp, { body: { phone_number: phone }, headers: { authorization: `Bearer ${access}` } });
    expect(asked.statusCode).toBe(200);
    nextMinute();
    const resent = await post(endpoints.resendOtp, { headers: { authorization: `Bearer ${access}` } });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().channel).toBe('sms');
    expect(resent.headers['set-cookie']).toBeUndefined();
    expect(post.cookie()).toBe(cookieBefore);
  });
});

describe('delivery', () => {
  it('sends e-mail through a real SMTP server when SMTP_URL is set, and the code in it works', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          received.push(raw);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    const mailed = await createTestApp({ config: { mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'LocalLoop <no-reply@localloop.test>' } } });
    try {
      const p = newPerson();
      const post = browser(mailed.app);
      expect((await post(endpoints.register, { body: p })).statusCode).toBe(200);
      // Nothing went to the dev outbox (asking it also waits for deliveries in flight): the real transport was used.
      expect(await outboxOf(mailed.app, p.email)).toEqual([]);
      expect(received).toHaveLength(1);
      const code = /code is (\d{6})/.exec(received[0] ?? '')?.[1] ?? '';
      expect(received[0]).toContain(`To: ${p.email}`);
      const res = await post(endpoints.verifyRegistration, { body: { email: p.email, otp: code } });
      expect(res.statusCode).toBe(200);
    } finally {
      await mailed.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });

  it('texts through the HTTP provider when SMS_* is set; a failed text is logged and its code kept, as a decoy\'s would be', async () => {
    const requests: Array<{ auth: string | undefined; body: { to: string; from: string; body: string } }> = [];
    let fail = false;
    const provider = createServer((req: IncomingMessage, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        requests.push({ auth: req.headers.authorization, body: JSON.parse(raw) });
        res.writeHead(fail ? 500 : 202).end();
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/messages`;
    const texted = await createTestApp({ clock, config: { sms: { url, token: 'sms-secret', from: 'LocalLoop' } } });
    try {
      const { user } = await createAccount(texted.database);
      const phone = user.phoneNumber ?? '';
      const post = browser(texted.app);
      expect((await post(endpoints.login, { body: { phone_number: phone } })).statusCode).toBe(200);
      await outboxOf(texted.app, phone); // waits for the delivery in flight
      expect(requests[0]).toMatchObject({ auth: 'Bearer sms-secret', body: { to: phone, from: 'LocalLoop' } });
      const code = /is (\d{6})/.exec(requests[0]?.body.body ?? '')?.[1] ?? '';
      expect((await post(endpoints.loginOtp, { body: { phone_number: phone, otp: code } })).statusCode).toBe(200);

      fail = true;
      const other = await createAccount(texted.database);
      const otherBrowser = browser(texted.app);
      expect((await otherBrowser(endpoints.login, { body: { phone_number: other.user.phoneNumber ?? '' } })).statusCode).toBe(200);
      await outboxOf(texted.app, other.user.phoneNumber ?? ''); // waits for the failed delivery
      expect(requests).toHaveLength(2);
      fail = false;
      // Asking again within the minute is "too soon", exactly as for a number without an account: nothing tells them apart.
      expect((await otherBrowser(endpoints.login, { body: { phone_number: other.user.phoneNumber ?? '' } })).error().code).toBe('OTP_RESEND_TOO_SOON');
      clock.advance(61_000);
      expect((await otherBrowser(endpoints.login, { body: { phone_number: other.user.phoneNumber ?? '' } })).statusCode).toBe(200);
    } finally {
      await texted.close();
      await new Promise<void>((resolve) => provider.close(() => resolve()));
    }
  });
});

describe('a server with nowhere to send messages (production without SMTP or SMS)', () => {
  it('answers 503 before making a code, alike for addresses with and without an account', async () => {
    const mute = await createTestApp({ config: { devOutbox: false } });
    try {
      const { email, user } = await createAccount(mute.database);
      const sends = {
        'a reset for an account': () => inject(mute.app, endpoints.forgotPassword, { body: { email } }),
        'a reset for no account': () => inject(mute.app, endpoints.forgotPassword, { body: { email: 'nobody-at-all@example.test' } }),
        'a phone login': () => inject(mute.app, endpoints.login, { body: { phone_number: user.phoneNumber ?? '' } }),
        'a sign-up': () => inject(mute.app, endpoints.register, { body: newPerson() }),
      };
      for (const [what, send] of Object.entries(sends)) {
        const res = await send();
        expect(res.statusCode, what).toBe(503);
        expect(res.error().code).toBe('SERVICE_UNAVAILABLE');
        expect(res.headers['retry-after']).toBeDefined();
      }
    } finally {
      await mute.close();
    }
  });
});

describe('rate limits per IP address', () => {
  it('refuses the log-in and code endpoints with 429 past the limit, in the one error shape', async () => {
    const limited = await createTestApp({ config: { authRateLimitPerMinute: 3 } });
    try {
      const attempt = () => inject(limited.app, endpoints.forgotPassword, { body: { email: `x${Date.now()}@example.test` } });
      for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(200);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.error()).toEqual({ code: 'RATE_LIMITED', error: expect.stringMatching(/Too many attempts/) });
    } finally {
      await limited.close();
    }
  });

  it('gives the two password log-ins one budget: alternating them gains a guesser nothing', async () => {
    const limited = await createTestApp({ config: { authRateLimitPerMinute: 4 } });
    try {
      const v2 = () => inject(limited.app, endpoints.login, { body: { email: 'x@example.test', password: 'whatever-1' } });
      const v1 = () => inject(limited.app, endpoints.legacyLogin, { body: { email: 'x@example.test', password: 'whatever-1' } });
      for (const attempt of [v2, v1, v2, v1]) expect((await attempt()).statusCode).toBe(401);
      expect((await v1()).statusCode).toBe(429);
      expect((await v2()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('the account row after a reset', () => {
  it('has a raised token version', async () => {
    const { email, user } = await createAccount(t.database);
    const post = browser();
    await post(endpoints.forgotPassword, { body: { email } });
    const { reset_token } = (await post(endpoints.verifyReset, { body: { email, otp: await codeFor(t.app, email) } })).json();
    await post(endpoints.resetPassword, { body: { reset_token, password: 'fresh-and-long-secret-5' } });
    const [row] = await t.database.db.select({ version: users.tokenVersion }).from(users).where(eq(users.id, user.id));
    expect(row?.version).toBe(user.tokenVersion + 1);
  });
});
