import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@localloop/contract';
import { clientOf, createAccount, createTestApp, inject, testClock, type Answer, type TestContext } from '../../../test/helper.ts';
import { PER_SOURCE_FAILURES, SLOWDOWN_SECONDS, UNTRUSTED_FAILURES } from './throttle.ts';

const clock = testClock();
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

type Try = { email?: string; phone_number?: string; password: string };
/** A log-in from one address, with the browser's cookies (the device cookie) when given. */
const attempt = (body: Try, from: string, cookie?: string, endpoint: typeof endpoints.login | typeof endpoints.legacyLogin = endpoints.login) =>
  inject(t.app, endpoint, { remoteAddress: from, headers: cookie ? { cookie } : {}, body });
const deviceCookieOf = (res: Pick<Answer<typeof endpoints.login>, 'headers'>) =>
  String(res.headers['set-cookie'] ?? '')
    .split(/,(?=\s*\w+=)/)
    .map((c) => c.trim().split(';')[0] ?? '')
    .find((c) => c.startsWith('ll_device=')) ?? '';

let hosts = 0;
const newAddress = () => `203.0.113.${(hosts += 1)}`;

describe('password guessing against one account', () => {
  it(`stops one network after ${PER_SOURCE_FAILURES} wrong passwords, with Retry-After; the owner elsewhere still logs in`, async () => {
    const a = await createAccount(t.database);
    const guesser = newAddress();
    for (let i = 0; i < PER_SOURCE_FAILURES; i += 1) expect((await attempt({ email: a.email, password: `guess-${i}-abc` }, guesser)).statusCode).toBe(401);
    const refused = await attempt({ email: a.email, password: a.password }, guesser);
    expect(refused.statusCode).toBe(429);
    expect(refused.error()).toMatchObject({ code: 'LOGIN_THROTTLED', error: expect.stringMatching(/reset your password/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await attempt({ email: a.email, password: a.password }, newAddress())).statusCode).toBe(200);
    // The window passes and the network may try again.
    clock.advance(16 * 60_000);
    expect((await attempt({ email: a.email, password: a.password }, guesser)).statusCode).toBe(200);
  });

  it('counts a trusted browser apart from a stranger on the same network (an office, a carrier\'s NAT)', async () => {
    const a = await createAccount(t.database);
    const shared = newAddress();
    const laptop = deviceCookieOf(await attempt({ email: a.email, password: a.password }, shared));
    for (let i = 0; i < PER_SOURCE_FAILURES; i += 1) await attempt({ email: a.email, password: `stranger-${i}-guess` }, shared);
    expect((await attempt({ email: a.email, password: a.password }, shared)).error().code).toBe('LOGIN_THROTTLED');
    expect((await attempt({ email: a.email, password: a.password }, shared, laptop)).statusCode).toBe(200);
  });

  it('answers an address without an account the same way, so the throttle tells nobody who has one', async () => {
    const guesser = newAddress();
    const nobody = `nobody-${Date.now()}@example.test`;
    for (let i = 0; i < PER_SOURCE_FAILURES; i += 1) expect((await attempt({ email: nobody, password: `guess-${i}-abc` }, guesser)).statusCode).toBe(401);
    expect((await attempt({ email: nobody, password: 'guess-x-abc' }, guesser)).error().code).toBe('LOGIN_THROTTLED');
  });

  it('counts the e-mail and the phone number of one account together (the older /login/ takes either)', async () => {
    const a = await createAccount(t.database);
    const guesser = newAddress();
    for (let i = 0; i < PER_SOURCE_FAILURES; i += 1) {
      const by = i % 2 === 0 ? { email: a.email } : { phone_number: a.user.phoneNumber ?? '' };
      expect((await attempt({ ...by, password: `guess-${i}-abc` }, guesser, undefined, endpoints.legacyLogin)).statusCode).toBe(401);
    }
    expect((await attempt({ phone_number: a.user.phoneNumber ?? '', password: a.password }, guesser, undefined, endpoints.legacyLogin)).error().code).toBe('LOGIN_THROTTLED');
  });

  it('counts parallel guesses too: of twenty at once from one network, at most five reach the password check', async () => {
    const a = await createAccount(t.database);
    const guesser = newAddress();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt({ email: a.email, password: `parallel-${i}-abc` }, guesser)));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(PER_SOURCE_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - PER_SOURCE_FAILURES);
  });

  it(`slows new devices down after ${UNTRUSTED_FAILURES} wrong passwords from anywhere, but never the owner's own browser`, async () => {
    const a = await createAccount(t.database);
    // The owner logged in from their laptop once: it carries the device cookie.
    const first = await attempt({ email: a.email, password: a.password }, newAddress());
    const laptop = deviceCookieOf(first);
    expect(laptop).toMatch(/^ll_device=/);

    // A botnet guesses from many addresses, each below its own limit.
    for (let i = 0; i < UNTRUSTED_FAILURES; i += 1) expect((await attempt({ email: a.email, password: `botnet-${i}-guess` }, newAddress())).statusCode).toBe(401);
    const slowed = await attempt({ email: a.email, password: 'botnet-next-guess' }, newAddress());
    expect(slowed.statusCode).toBe(429);
    expect(slowed.error().code).toBe('LOGIN_SLOWED');
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(SLOWDOWN_SECONDS);

    // The owner's laptop is not slowed down, nor is a forged cookie honoured.
    expect((await attempt({ email: a.email, password: a.password }, newAddress(), laptop)).statusCode).toBe(200);
    const forged = `${laptop.slice(0, -4)}AAAA`;
    expect((await attempt({ email: a.email, password: a.password }, newAddress(), forged)).error().code).toBe('LOGIN_SLOWED');

    // A slowdown, not a lock: once the pause has passed, a new device may try (and the owner on a new phone gets in).
    clock.advance((SLOWDOWN_SECONDS + 1) * 1000);
    expect((await attempt({ email: a.email, password: a.password }, newAddress())).statusCode).toBe(200);
  });

  it('a browser that reset the password through the e-mailed code is trusted for the account', async () => {
    const a = await createAccount(t.database);
    for (let i = 0; i < UNTRUSTED_FAILURES; i += 1) await attempt({ email: a.email, password: `botnet-${i}-guess` }, newAddress());
    const from = newAddress();
    let cookie = '';
    const post = clientOf(t.app, () => ({ remoteAddress: from, headers: cookie ? { cookie } : {} }), (res) => {
      const flow = String(res.headers['set-cookie'] ?? '').match(/ll_code_flow=[^;]+/)?.[0];
      const device = deviceCookieOf(res);
      cookie = [flow ?? cookie.match(/ll_code_flow=[^;]+/)?.[0], device || cookie.match(/ll_device=[^;]+/)?.[0]].filter(Boolean).join('; ');
    });
    await post(endpoints.forgotPassword, { body: { email: a.email } });
    const [mail] = (await inject(t.app, endpoints.devOutbox, { query: { to: a.email } })).json();
    const { reset_token } = (await post(endpoints.verifyReset, { body: { email: a.email, otp: mail?.code ?? '' } })).json();
    expect((await post(endpoints.resetPassword, { body: { reset_token, password: 'reset-and-trusted-42' } })).statusCode).toBe(200);
    expect(cookie).toMatch(/ll_device=/);
    expect((await post(endpoints.login, { body: { email: a.email, password: 'reset-and-trusted-42' } })).statusCode).toBe(200);
  });
});
