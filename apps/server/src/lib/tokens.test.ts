import { describe, expect, it } from 'vitest';
import { testClock } from '../../test/helper.ts';
import { ACCESS_TTL_SECONDS, createTokenService } from './tokens.ts';

describe('access tokens', () => {
  it('are valid for 15 minutes and no longer', async () => {
    const clock = testClock();
    const tokens = createTokenService('a-secret-that-is-long-enough-for-the-test', clock);
    const access = await tokens.signAccess('3f1c3f2e-1111-4111-8111-111111111111');
    expect(await tokens.verifyAccess(access)).toBe('3f1c3f2e-1111-4111-8111-111111111111');
    clock.advance((ACCESS_TTL_SECONDS - 5) * 1000);
    expect(await tokens.verifyAccess(access)).not.toBeNull();
    clock.advance(10_000);
    expect(await tokens.verifyAccess(access)).toBeNull();
  });

  it('are refused when signed with another secret or tampered with', async () => {
    const clock = testClock();
    const ours = createTokenService('a-secret-that-is-long-enough-for-the-test', clock);
    const theirs = createTokenService('another-secret-that-is-long-enough-too!!', clock);
    const foreign = await theirs.signAccess('3f1c3f2e-1111-4111-8111-111111111111');
    expect(await ours.verifyAccess(foreign)).toBeNull();
    const mine = await ours.signAccess('3f1c3f2e-1111-4111-8111-111111111111');
    const [h, , s] = mine.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ sub: 'someone-else', typ: 'access', iss: 'localloop' })).toString('base64url')}.${s}`;
    expect(await ours.verifyAccess(forged)).toBeNull();
    expect(await ours.verifyAccess('garbage')).toBeNull();
  });
});
