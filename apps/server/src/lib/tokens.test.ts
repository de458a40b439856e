import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testClock } from '../../test/helper.ts';
import { ACCESS_TTL_SECONDS, createTokenService } from './tokens.ts';

const userId = '3f1c3f2e-1111-4111-8111-111111111111';
const secret = 'a-secret-that-is-long-enough-for-the-test';
const claims = { userId, version: 3, authTime: 1_700_000_000 };

/** A token signed with our secret but with claims of the test's choosing: what a leaked-key-free forger cannot make. */
function signedWith(key: string, header: object, payload: object): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const body = `${part(header)}.${part(payload)}`;
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

describe('access tokens', () => {
  it('carry the user, token version and sign-in time, and are valid for 15 minutes and no longer', () => {
    const clock = testClock();
    const tokens = createTokenService(secret, clock);
    const access = tokens.signAccess(claims);
    expect(tokens.verifyAccess(access)).toEqual(claims);
    clock.advance((ACCESS_TTL_SECONDS - 5) * 1000);
    expect(tokens.verifyAccess(access)).not.toBeNull();
    clock.advance(10_000);
    expect(tokens.verifyAccess(access)).toBeNull();
  });

  it('are answered from memory once verified, as the first time, while a token one character off is checked afresh', () => {
    const clock = testClock();
    const tokens = createTokenService(secret, clock);
    const access = tokens.signAccess(claims);
    const first = tokens.verifyAccess(access);
    expect(first).toEqual(claims);
    // A caller changing what it was given changes nothing kept.
    if (first) first.userId = 'someone-else';
    expect(tokens.verifyAccess(access)).toEqual(claims);
    const [h, p, s] = access.split('.');
    const flipped = `${h}.${p}.${s?.slice(0, -2)}${s?.at(-2) === 'A' ? 'B' : 'A'}${s?.at(-1)}`;
    expect(flipped).not.toBe(access);
    expect(tokens.verifyAccess(flipped)).toBeNull();
    expect(tokens.verifyAccess(`${access} `)).toBeNull();
    clock.advance(ACCESS_TTL_SECONDS * 1000);
    expect(tokens.verifyAccess(access)).toBeNull();
  });

  it('are refused when signed with another secret or tampered with', () => {
    const clock = testClock();
    const ours = createTokenService(secret, clock);
    const theirs = createTokenService('another-secret-that-is-long-enough-too!!', clock);
    expect(ours.verifyAccess(theirs.signAccess(claims))).toBeNull();
    const [h, , s] = ours.signAccess(claims).split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ sub: 'someone-else', typ: 'access', iss: 'localloop' })).toString('base64url')}.${s}`;
    expect(ours.verifyAccess(forged)).toBeNull();
    expect(ours.verifyAccess('garbage')).toBeNull();
  });

  it('are refused without an expiry, even when correctly signed', () => {
    const tokens = createTokenService(secret, testClock());
    const now = Math.floor(Date.now() / 1000);
    const base = { typ: 'access', sub: userId, iss: 'localloop', iat: now, ver: 0, auth_time: now };
    expect(tokens.verifyAccess(signedWith(secret, { alg: 'HS256', typ: 'JWT' }, { ...base, exp: now + 60 }))).not.toBeNull();
    expect(tokens.verifyAccess(signedWith(secret, { alg: 'HS256', typ: 'JWT' }, base))).toBeNull();
    // No token version (issued before versions existed) is no token either: the client refreshes.
    const { ver: _ver, ...unversioned } = base;
    expect(tokens.verifyAccess(signedWith(secret, { alg: 'HS256', typ: 'JWT' }, { ...unversioned, exp: now + 60 }))).toBeNull();
    // "alg: none" and other algorithms are never accepted.
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${Buffer.from(JSON.stringify({ ...base, exp: now + 60 })).toString('base64url')}.`;
    expect(tokens.verifyAccess(unsigned)).toBeNull();
  });
});
