import { describe, expect, it } from 'vitest';
import { hashingLoad, hashPassword, verifyPassword } from './passwords.ts';

describe('password hashing', () => {
  it('runs at most one hash per core at a time; a burst waits in line and every hash still completes', async () => {
    const burst = Array.from({ length: 12 }, (_, i) => hashPassword(`burst-password-${i}`));
    await Promise.resolve();
    const { active, waiting, concurrency } = hashingLoad();
    expect(active).toBeLessThanOrEqual(concurrency);
    expect(active + waiting).toBe(12);
    const hashes = await Promise.all(burst);
    expect(new Set(hashes).size).toBe(12);
    expect(await verifyPassword(hashes[3] ?? '', 'burst-password-3')).toBe(true);
    expect(await verifyPassword(hashes[3] ?? '', 'burst-password-4')).toBe(false);
    expect(hashingLoad()).toMatchObject({ active: 0, waiting: 0 });
  });
});
