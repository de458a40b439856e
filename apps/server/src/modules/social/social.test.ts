import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, LoginResponse } from '@localloop/contract';
import { users } from '../../db/schema.ts';
import { createAccount, createTestApp, inject, login, type TestContext } from '../../../test/helper.ts';

const clientId = 'test-client.apps.googleusercontent.com';
const kid = 'test-key-1';
const invalidSentence = 'Google sign-in could not be verified. Please try again.';

let googleKey: CryptoKey;
let jwksServer: Server;
let jwksUrl: string;
let t: TestContext;

/** Google's part, played locally: a key pair and its JWKS on a port of our own. */
beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  googleKey = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid, alg: 'RS256', use: 'sig' };
  jwksServer = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/oauth2/v3/certs`;
  t = await createTestApp({ config: { google: { clientId, jwksUrl } } });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => jwksServer.close(resolve));
});

let counter = 0;
/** A new Google person: a unique subject and e-mail address. */
function person(local = 'jane.doe') {
  counter += 1;
  return { sub: `10${Date.now()}${counter}`, email: `${local}@example${counter}.test`, given_name: 'Jane', family_name: 'Doe', email_verified: true };
}

type TokenOptions = { key?: CryptoKey; kid?: string; issuer?: string; audience?: string; issuedAt?: number; expiresAt?: number };

/** An ID token as Google signs it. */
function idToken(claims: JWTPayload, opts: TokenOptions = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ azp: clientId, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: opts.kid ?? kid, typ: 'JWT' })
    .setIssuer(opts.issuer ?? 'https://accounts.google.com')
    .setAudience(opts.audience ?? clientId)
    .setIssuedAt(opts.issuedAt ?? now)
    .setExpirationTime(opts.expiresAt ?? now + 3600)
    .sign(opts.key ?? googleKey);
}

const socialLogin = (credential: string, body: { client_id?: string; app?: TestContext } = {}) =>
  inject((body.app ?? t).app, endpoints.socialLogin, { body: { credential, client_id: body.client_id ?? clientId, select_by: 'btn' } });

const userByEmail = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email)))[0];

describe('POST /api/social-login/', () => {
  it('creates an account for a new person and logs them in with the login response of the spec', async () => {
    const who = person('jane.doe');
    const res = await socialLogin(await idToken(who));
    expect(res.statusCode).toBe(200);
    const body = LoginResponse.parse(res.json());
    expect(Object.keys(res.json()).sort()).toEqual(['access', 'is_approved', 'kyc_status', 'refresh', 'user', 'vendor_id']);
    expect(body).toMatchObject({ user: { email: who.email, phone_number: null }, vendor_id: null, is_approved: false, kyc_status: null });

    const user = await userByEmail(who.email);
    expect(user).toMatchObject({
      id: body.user.id,
      googleSub: who.sub,
      username: 'jane.doe',
      firstName: 'Jane',
      lastName: 'Doe',
      passwordHash: null,
      phoneNumber: null,
      isActive: true,
    });

    // The session works: the access token is accepted and the refresh token rotates.
    const refreshed = await inject(t.app, endpoints.tokenRefresh, { body: { refresh: body.refresh } });
    expect(refreshed.statusCode).toBe(200);
  });

  it('gives the same person the same account the next time', async () => {
    const who = person('sam');
    const first = LoginResponse.parse((await socialLogin(await idToken(who))).json());
    const again = await socialLogin(await idToken(who));
    expect(again.statusCode).toBe(200);
    expect(again.json().user.id).toBe(first.user.id);
    expect(await t.database.db.select().from(users).where(eq(users.googleSub, who.sub))).toHaveLength(1);
  });

  it('finds the account by Google subject even after the Google e-mail changed', async () => {
    const who = person('moves');
    const first = LoginResponse.parse((await socialLogin(await idToken(who))).json());
    const res = await socialLogin(await idToken({ ...who, email: `renamed-${who.email}` }));
    expect(res.json().user.id).toBe(first.user.id);
  });

  it('links an existing account with the same e-mail instead of making a second one', async () => {
    const existing = await createAccount(t.database);
    const who = { ...person(), email: existing.email.toUpperCase() };
    const res = await socialLogin(await idToken(who));
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: existing.user.id, email: existing.email, phone_number: existing.user.phoneNumber });
    expect(await userByEmail(existing.email)).toMatchObject({ googleSub: who.sub, username: existing.user.username });
    // The password still works, and the next Google sign-in finds the account by its subject.
    await login(t.app, existing.email, existing.password);
    expect((await socialLogin(await idToken(who))).json().user.id).toBe(existing.user.id);
  });

  it('does not link an e-mail already linked to another Google account', async () => {
    const who = person('taken');
    await socialLogin(await idToken(who));
    const res = await socialLogin(await idToken({ ...person(), email: who.email }));
    expect(res.statusCode).toBe(409);
    expect(res.error().code).toBe('SOCIAL_ACCOUNT_CONFLICT');
  });

  it('makes usernames unique from the e-mail: mia, mia2, mia3', async () => {
    const names: (string | null | undefined)[] = [];
    for (let i = 0; i < 3; i += 1) {
      const who = person('Mia');
      await socialLogin(await idToken(who));
      names.push((await userByEmail(who.email))?.username);
    }
    expect(names).toEqual(['mia', 'mia2', 'mia3']);
  });

  it('turns an e-mail local part into a valid username', async () => {
    const cases: [string, string][] = [
      ['o+shop-2024', 'oshop2024'],
      ['jo', 'jouser'],
      ['_.x', 'xuser'],
      ['a_very_long_local_part_that_goes_on_and_on', 'a_very_long_local_part_t'],
    ];
    for (const [local, expected] of cases) {
      const who = person(local);
      expect((await socialLogin(await idToken(who))).statusCode).toBe(200);
      expect((await userByEmail(who.email))?.username).toBe(expected);
    }
  });

  it('lets one person signing in twice at once end up with one account', async () => {
    const who = person('double.click');
    const token = await idToken(who);
    const [a, b] = await Promise.all([socialLogin(token), socialLogin(token)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().user.id).toBe(b.json().user.id);
  });

  describe('refuses a token that does not verify, with one plain sentence', () => {
    const now = Math.floor(Date.now() / 1000);
    const cases: [string, () => Promise<string>][] = [
      ['for another audience', () => idToken(person(), { audience: 'someone-else.apps.googleusercontent.com' })],
      ['from another issuer', () => idToken(person(), { issuer: 'https://evil.example.com' })],
      ['expired', () => idToken(person(), { issuedAt: now - 7200, expiresAt: now - 3600 })],
      ['signed by another key with Google\'s key id', async () => idToken(person(), { key: (await generateKeyPair('RS256')).privateKey })],
      ['signed by a key Google does not have', async () => idToken(person(), { key: (await generateKeyPair('RS256')).privateKey, kid: 'unknown' })],
      ['with a tampered payload', async () => {
        const [header, , signature] = (await idToken(person())).split('.');
        const payload = Buffer.from(JSON.stringify({ ...person(), iss: 'https://accounts.google.com', aud: clientId, exp: now + 3600 })).toString('base64url');
        return `${header}.${payload}.${signature}`;
      }],
      ['unsigned (alg none)', async () => {
        const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
        const payload = Buffer.from(JSON.stringify({ ...person(), iss: 'https://accounts.google.com', aud: clientId, exp: now + 3600 })).toString('base64url');
        return `${header}.${payload}.`;
      }],
      ['malformed', async () => 'this-is-not-a-json-web-token-at-all'],
    ];

    it.each(cases)('%s', async (_label, make) => {
      const before = await t.database.db.select({ id: users.id }).from(users);
      const res = await socialLogin(await make());
      expect(res.statusCode).toBe(401);
      expect(res.error()).toEqual({ error: invalidSentence, code: 'SOCIAL_TOKEN_INVALID' });
      expect(await t.database.db.select({ id: users.id }).from(users)).toHaveLength(before.length);
    });
  });

  it('accepts the issuer spelled without https://, as Google sometimes writes it', async () => {
    const res = await socialLogin(await idToken(person(), { issuer: 'accounts.google.com' }));
    expect(res.statusCode).toBe(200);
  });

  it('refuses a Google account whose e-mail is not verified', async () => {
    const who = { ...person(), email_verified: false };
    const res = await socialLogin(await idToken(who));
    expect(res.statusCode).toBe(400);
    expect(res.error()).toMatchObject({ code: 'SOCIAL_EMAIL_UNVERIFIED' });
    expect(await userByEmail(who.email)).toBeUndefined();
  });

  it('refuses a token without an e-mail', async () => {
    const { email: _email, ...noEmail } = person();
    const res = await socialLogin(await idToken(noEmail));
    expect(res.statusCode).toBe(400);
    expect(res.error()).toMatchObject({ code: 'SOCIAL_EMAIL_MISSING' });
  });

  it('refuses a sign-in made for another client id', async () => {
    const res = await socialLogin(await idToken(person()), { client_id: 'other.apps.googleusercontent.com' });
    expect(res.statusCode).toBe(400);
    expect(res.error()).toMatchObject({ code: 'SOCIAL_CLIENT_MISMATCH' });
  });

  it('refuses a deactivated account, whether found by e-mail or by Google subject', async () => {
    const inactive = await createAccount(t.database, { isActive: false });
    const byEmail = await socialLogin(await idToken({ ...person(), email: inactive.email }));
    expect(byEmail.statusCode).toBe(403);
    expect(byEmail.error().code).toBe('FORBIDDEN');
    expect((await userByEmail(inactive.email))?.googleSub).toBeNull();

    const who = person('later.closed');
    const { user } = LoginResponse.parse((await socialLogin(await idToken(who))).json());
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const bySub = await socialLogin(await idToken(who));
    expect(bySub.statusCode).toBe(403);
  });

  it('says sign in with Google is not set up when the server has no client id', async () => {
    const off = await createTestApp({ config: { google: { clientId: undefined, jwksUrl } } });
    try {
      const res = await socialLogin(await idToken(person()), { app: off });
      expect(res.statusCode).toBe(400);
      expect(res.error()).toEqual({ error: 'Sign in with Google is not set up on this server.', code: 'SOCIAL_LOGIN_DISABLED' });
    } finally {
      await off.close();
    }
  });

  it('answers 503, not "invalid token", when Google\'s keys cannot be fetched', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/certs`;
    await new Promise((resolve) => closed.close(resolve));
    const offline = await createTestApp({ config: { google: { clientId, jwksUrl: deadUrl } } });
    try {
      const res = await socialLogin(await idToken(person()), { app: offline });
      expect(res.statusCode).toBe(503);
      expect(res.error().code).toBe('SOCIAL_LOGIN_UNAVAILABLE');
    } finally {
      await offline.close();
    }
  });
});
