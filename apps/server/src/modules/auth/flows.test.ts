import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../lib/http.ts';
import { createAccount, createTestApp, login, testClock, type TestContext } from '../../../test/helper.ts';

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

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

/** The newest code the dev outbox holds for this address, as a person would read it at /dev/outbox. */
async function codeFor(app: App, to: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  const [latest] = res.json();
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
    const start = await post('/api/register/v3/', p);
    expect(start.statusCode).toBe(200);
    expect(start.json()).toMatchObject({ channel: 'email', sent_to: expect.stringMatching(/^n\*\*\*@example\.test$/), expires_in: 600, resend_in: 60 });

    const verified = await post('/api/verify/register/otp/v3/', { email: p.email, otp: await codeFor(t.app, p.email) });
    expect(verified.statusCode).toBe(200);
    const { verification_token } = verified.json();

    const created = await post('/api/create-user/', { verification_token });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ user: { email: p.email, phone_number: p.phone_number }, vendor_id: null, kyc_status: null });
    const inbox = await t.app.inject({ method: 'GET', url: '/api/notifications/', headers: { authorization: `Bearer ${created.json().access}` } });
    expect(inbox.json()).toEqual([expect.objectContaining({ title: `Welcome to LocalLoop, ${p.username}!`, notification_type: 'welcome', is_read: false })]);
    await login(t.app, p.email, p.password);

    const again = await post('/api/create-user/', { verification_token });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('STEP_TOKEN_INVALID');
  });

  it('refuses a taken e-mail, phone number or username with 409 and a message per field', async () => {
    const existing = await createAccount(t.database);
    const p = newPerson();
    const res = await post('/api/register/v3/', { ...p, email: existing.email.toUpperCase(), phone_number: existing.user.phoneNumber, username: existing.user.username });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'EMAIL_TAKEN',
      fields: { email: expect.any(String), phone_number: expect.any(String), username: expect.any(String) },
    });
  });

  it.each([
    ['short', 'abc12', 'at least 8'],
    ['numeric', '8675309123', 'entirely numeric'],
    ['common', 'password1', 'too common'],
    ['like the e-mail', 'similarperson1', 'too similar to your e-mail'],
  ])('refuses a weak password (%s)', async (_label, password, message) => {
    const p = { ...newPerson(), email: 'similarperson1@example.test', password };
    const res = await post('/api/register/v3/', p);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.password).toContain(message);
  });

  it('counts wrong codes: a wrong one says how many tries are left, the fifth kills the code', async () => {
    const p = newPerson();
    await post('/api/register/v3/', p);
    const code = await codeFor(t.app, p.email);
    const first = await post('/api/verify/register/otp/v3/', { email: p.email, otp: wrongCode(code) });
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({ code: 'OTP_INVALID', error: 'That code is wrong. You have 4 tries left.' });
    for (let i = 0; i < 3; i += 1) await post('/api/verify/register/otp/v3/', { email: p.email, otp: wrongCode(code) });
    const fifth = await post('/api/verify/register/otp/v3/', { email: p.email, otp: wrongCode(code) });
    expect(fifth.json().code).toBe('OTP_TOO_MANY_ATTEMPTS');
    const sixth = await post('/api/verify/register/otp/v3/', { email: p.email, otp: code });
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().code).toBe('OTP_TOO_MANY_ATTEMPTS');
  });

  it('refuses a code after 10 minutes', async () => {
    const p = newPerson();
    await post('/api/register/v3/', p);
    const code = await codeFor(t.app, p.email);
    clock.advance(10 * 60_000 + 1000);
    const res = await post('/api/verify/register/otp/v3/', { email: p.email, otp: code });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'OTP_EXPIRED', fields: { otp: expect.any(String) } });
  });

  it('resends at most once a minute and five times an hour; a new code replaces the old one', async () => {
    const p = newPerson();
    await post('/api/register/v3/', p);
    const first = await codeFor(t.app, p.email);
    const tooSoon = await post('/api/resend/register/otp/', { email: p.email });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ code: 'OTP_RESEND_TOO_SOON', error: expect.stringMatching(/in \d+ seconds/) });

    for (let i = 0; i < 4; i += 1) {
      nextMinute();
      expect((await post('/api/resend/register/otp/', { email: p.email })).statusCode).toBe(200);
    }
    nextMinute();
    const sixth = await post('/api/resend/register/otp/', { email: p.email });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('OTP_RESEND_LIMIT');

    const latest = await codeFor(t.app, p.email);
    if (latest !== first) {
      const old = await post('/api/verify/register/otp/v3/', { email: p.email, otp: first });
      expect(old.json().code).toBe('OTP_INVALID');
    }
    expect((await post('/api/verify/register/otp/v3/', { email: p.email, otp: latest })).statusCode).toBe(200);
  });

  it('/resend-otp/ without a body resends the code of the flow in this browser (its cookie)', async () => {
    const p = newPerson();
    const start = await post('/api/register/v3/', p);
    const cookie = String(start.headers['set-cookie']).split(';')[0] ?? '';
    expect(String(start.headers['set-cookie'])).toMatch(/HttpOnly/i);
    nextMinute();
    const resent = await post('/api/resend-otp/', undefined, { cookie });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().channel).toBe('email');

    const nothing = await post('/api/resend-otp/');
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().code).toBe('NO_PENDING_CODE');
  });
});

describe('sign-up, older flow (/register/v2/ → /verify/create/v2/)', () => {
  it('creates and logs in the account in the second step', async () => {
    const p = newPerson();
    expect((await post('/api/register/v2/', p)).statusCode).toBe(200);
    const res = await post('/api/verify/create/v2/', { email: p.email, otp: await codeFor(t.app, p.email) });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.email).toBe(p.email);
  });
});

describe('phone login (/login/v2/ with a phone number → /login-otp/)', () => {
  it('texts a code and logs in with it', async () => {
    const { user } = await createAccount(t.database);
    const phone = user.phoneNumber ?? '';
    const start = await post('/api/login/v2/', { phone_number: phone });
    expect(start.statusCode).toBe(200);
    expect(start.json()).toMatchObject({ channel: 'sms' });
    const res = await post('/api/login-otp/', { phone_number: phone, otp: await codeFor(t.app, phone) });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(user.id);
  });

  it('refuses an unknown phone number, a wrong code and a resend within a minute', async () => {
    expect((await post('/api/login/v2/', { phone_number: '+19999999999' })).json().code).toBe('PHONE_UNKNOWN');
    const { user } = await createAccount(t.database);
    const phone = user.phoneNumber ?? '';
    await post('/api/login/v2/', { phone_number: phone });
    const code = await codeFor(t.app, phone);
    expect((await post('/api/login-otp/', { phone_number: phone, otp: wrongCode(code) })).json().code).toBe('OTP_INVALID');
    expect((await post('/api/resend/login/otp/', { phone_number: phone })).json().code).toBe('OTP_RESEND_TOO_SOON');
    nextMinute();
    expect((await post('/api/resend/login/otp/', { phone_number: phone })).statusCode).toBe(200);
  });

  it('accepts a formatted phone number', async () => {
    const { user } = await createAccount(t.database);
    const phone = user.phoneNumber ?? '';
    const formatted = `${phone.slice(0, 2)} (${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`;
    expect((await post('/api/login/v2/', { phone_number: formatted })).statusCode).toBe(200);
  });
});

describe('/login/ (older clients)', () => {
  it('logs in with the e-mail or the phone number and the password', async () => {
    const { email, password, user } = await createAccount(t.database);
    expect((await post('/api/login/', { email, password })).statusCode).toBe(200);
    expect((await post('/api/login/', { phone_number: user.phoneNumber, password })).statusCode).toBe(200);
    expect((await post('/api/login/', { phone_number: user.phoneNumber, password: 'nope-nope-nope' })).statusCode).toBe(401);
    expect((await post('/api/login/', { password })).json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { email: expect.any(String) } });
  });
});

describe('forgotten password (/send/email/forgot-password/ → /verify/otp/forgot-password/ → /reset-password/v2/)', () => {
  it('answers the same whether or not the e-mail has an account', async () => {
    const { email } = await createAccount(t.database);
    const known = await post('/api/send/email/forgot-password/', { email });
    const unknown = await post('/api/send/email/forgot-password/', { email: 'no-account-here@example.test' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    const outbox = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=no-account-here@example.test' });
    expect(outbox.json()).toEqual([]);
    // Within the minute, the known address is rate limited; the answer still reveals nothing.
    expect((await post('/api/send/email/forgot-password/', { email })).json()).toEqual(known.json());
  });

  it('sets a new password, ends every session, and the reset token works once', async () => {
    const { email, password } = await createAccount(t.database);
    const session = await login(t.app, email, password);
    await post('/api/send/email/forgot-password/', { email });
    const verified = await post('/api/verify/otp/forgot-password/', { email, otp: await codeFor(t.app, email) });
    expect(verified.statusCode).toBe(200);
    const { reset_token } = verified.json();

    const weak = await post('/api/reset-password/v2/', { reset_token, password: '12345678' });
    expect(weak.statusCode).toBe(400);

    await post('/api/send/email/forgot-password/', { email }); // too soon: ignored, the pending token stays valid
    nextMinute();
    await post('/api/send/email/forgot-password/', { email });
    const verified2 = await post('/api/verify/otp/forgot-password/', { email, otp: await codeFor(t.app, email) });
    const token2 = verified2.json().reset_token;
    const done = await post('/api/reset-password/v2/', { reset_token: token2, password: 'brand-new-secret-77' });
    expect(done.statusCode).toBe(200);

    expect((await post('/api/token/refresh/', { refresh: session.refresh })).statusCode).toBe(401);
    expect((await post('/api/login/v2/', { email, password })).statusCode).toBe(401);
    await login(t.app, email, 'brand-new-secret-77');
    expect((await post('/api/reset-password/v2/', { reset_token: token2, password: 'another-secret-88' })).json().code).toBe('STEP_TOKEN_INVALID');
  });

  it('resends through /resend-otp/ with the flow cookie, known address or not', async () => {
    const { email } = await createAccount(t.database);
    const known = await post('/api/send/email/forgot-password/', { email });
    const unknown = await post('/api/send/email/forgot-password/', { email: 'still-nobody@example.test' });
    nextMinute();
    const cookieOf = (res: Awaited<ReturnType<typeof post>>) => String(res.headers['set-cookie']).split(';')[0] ?? '';
    expect((await post('/api/resend-otp/', undefined, { cookie: cookieOf(known) })).statusCode).toBe(200);
    expect((await post('/api/resend-otp/', undefined, { cookie: cookieOf(unknown) })).statusCode).toBe(200);
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
      const res = await post('/api/resend-otp/', undefined, { cookie: forged(flow) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'NO_PENDING_CODE' });
    }
  });
});

describe('a reset asked for too soon after another code', () => {
  it('is not lost: /resend-otp/ sends it once the minute has passed', async () => {
    const { email } = await createAccount(t.database);
    // Another code went to the same address a moment ago (say, someone confirming it as their new e-mail).
    await t.database.db.transaction(async (tx) => {
      const { issueCode } = await import('./otp.ts');
      const { createMessenger } = await import('../../lib/messaging.ts');
      await issueCode({ db: t.database.db, clock, messenger: createMessenger({ mail: { smtpUrl: undefined, from: 'x' }, sms: undefined, devOutbox: true }), secret: 's' }, tx, {
        purpose: 'verify_email',
        channel: 'email',
        destination: email,
      });
    });
    const asked = await post('/api/send/email/forgot-password/', { email });
    expect(asked.statusCode).toBe(200);
    const before = (await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${email}` })).json().length;

    nextMinute();
    const cookie = String(asked.headers['set-cookie']).split(';')[0] ?? '';
    const resent = await post('/api/resend-otp/', undefined, { cookie });
    expect(resent.statusCode).toBe(200);
    const outbox = (await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${email}` })).json();
    expect(outbox.length).toBe(before + 1);
    expect(outbox[0].subject).toMatch(/password reset/);
    expect((await post('/api/verify/otp/forgot-password/', { email, otp: outbox[0].code })).statusCode).toBe(200);
  });

  it('a signed-in account resends its pending contact change, not an older flow of this browser', async () => {
    const p = newPerson();
    const start = await post('/api/register/v3/', p);
    const created = await post('/api/create-user/', {
      verification_token: (await post('/api/verify/register/otp/v3/', { email: p.email, otp: await codeFor(t.app, p.email) })).json().verification_token,
    });
    const { access } = created.json();
    const cookie = String(start.headers['set-cookie']).split(';')[0] ?? '';
    const phone = `+1222${String(Date.now()).slice(-7)}`;
    await t.app.inject({ method: 'POST', url: '/api/send-verification-otp/', headers: { authorization: `Bearer ${access}` }, payload: { phone_number: phone } });
    nextMinute();
    const resent = await post('/api/resend-otp/', undefined, { cookie, authorization: `Bearer ${access}` });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().channel).toBe('sms');
    expect(resent.headers['set-cookie']).toBeUndefined();
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
      expect((await mailed.app.inject({ method: 'POST', url: '/api/register/v3/', payload: p })).statusCode).toBe(200);
      expect(received).toHaveLength(1);
      const code = /code is (\d{6})/.exec(received[0] ?? '')?.[1] ?? '';
      expect(received[0]).toContain(`To: ${p.email}`);
      const res = await mailed.app.inject({ method: 'POST', url: '/api/verify/register/otp/v3/', payload: { email: p.email, otp: code } });
      expect(res.statusCode).toBe(200);
      // Nothing went to the dev outbox: the real transport was used.
      expect((await mailed.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${p.email}` })).json()).toEqual([]);
    } finally {
      await mailed.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });

  it('sends SMS through the HTTP provider when SMS_* is set, and answers 503 when it fails', async () => {
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
    const texted = await createTestApp({ config: { sms: { url, token: 'sms-secret', from: 'LocalLoop' } } });
    try {
      const { user } = await createAccount(texted.database);
      const phone = user.phoneNumber ?? '';
      expect((await texted.app.inject({ method: 'POST', url: '/api/login/v2/', payload: { phone_number: phone } })).statusCode).toBe(200);
      expect(requests[0]).toMatchObject({ auth: 'Bearer sms-secret', body: { to: phone, from: 'LocalLoop' } });
      const code = /is (\d{6})/.exec(requests[0]?.body.body ?? '')?.[1] ?? '';
      expect((await texted.app.inject({ method: 'POST', url: '/api/login-otp/', payload: { phone_number: phone, otp: code } })).statusCode).toBe(200);

      fail = true;
      const other = await createAccount(texted.database);
      const down = await texted.app.inject({ method: 'POST', url: '/api/login/v2/', payload: { phone_number: other.user.phoneNumber } });
      expect(down.statusCode).toBe(503);
      // The failed send left no code behind, so asking again at once is not "too soon".
      fail = false;
      expect((await texted.app.inject({ method: 'POST', url: '/api/login/v2/', payload: { phone_number: other.user.phoneNumber } })).statusCode).toBe(200);
    } finally {
      await texted.close();
      await new Promise<void>((resolve) => provider.close(() => resolve()));
    }
  });
});

describe('rate limits per IP address', () => {
  it('refuses the log-in and code endpoints with 429 past the limit, in the one error shape', async () => {
    const limited = await createTestApp({ config: { authRateLimitPerMinute: 3 } });
    try {
      const attempt = () => limited.app.inject({ method: 'POST', url: '/api/login/v2/', payload: { email: 'x@example.test', password: 'whatever-1' } });
      for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ code: 'RATE_LIMITED', error: expect.stringMatching(/Too many attempts/) });
    } finally {
      await limited.close();
    }
  });
});
