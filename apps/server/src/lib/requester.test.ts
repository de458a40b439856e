import { describe, expect, it } from 'vitest';
import { requesterOf } from './requester.ts';

describe('the requester of a limit', () => {
  it('is one per IPv4 address and one per IPv6 /64, never the address itself', () => {
    const of = (ip: string) => requesterOf('a-secret', ip);
    expect(of('203.0.113.5')).not.toBe(of('203.0.113.6'));
    expect(of('::ffff:203.0.113.5')).toBe(of('203.0.113.5'));
    // One host can take any address of its /64: they all count as one.
    expect(of('2001:db8:1:2::1')).toBe(of('2001:db8:1:2:ffff:ffff:ffff:fffe'));
    expect(of('2001:db8:1:2::1')).not.toBe(of('2001:db8:1:3::1'));
    expect(of('203.0.113.5')).not.toContain('203');
  });
});
