import { describe, expect, it } from 'vitest';
import type { TimeSlotsResponse } from '@localloop/contract';
import { testClock } from '../../../test/helper.ts';
import { AppError } from '../../lib/errors.ts';
import { keptFreeTimes, type FreeTimes } from './kept-slots.ts';

const provider = '6f1d5c1e-0000-4000-8000-000000000001';
const other = '6f1d5c1e-0000-4000-8000-000000000002';
const owner = '6f1d5c1e-0000-4000-8000-0000000000aa';
const customer = '6f1d5c1e-0000-4000-8000-0000000000bb';
const query = (providerId = provider, forDate = '2026-12-01') => ({ provider_id: providerId, service_id: '6f1d5c1e-0000-4000-8000-000000000003', for_date: forDate });
type Query = ReturnType<typeof query>;

/** A reader that counts its reads, answers with the read's number as the day's only slot, and who asked. */
function reader() {
  const asked: (string | null)[] = [];
  const read = (callerId: string | null, q: Query): Promise<FreeTimes> => {
    asked.push(callerId);
    const answer: TimeSlotsResponse = { ...q, time_zone: 'UTC', slots: [{ starts_at: `read ${asked.length}`, ends_at: '', local_time: '' }] };
    return Promise.resolve({ answer, ownerId: owner });
  };
  return { read, reads: () => asked.length, asked };
}
const slotOf = (answer: TimeSlotsResponse) => answer.slots[0]?.starts_at;

describe('kept free times', () => {
  it('reads a day once for visitors and customers alike, each provider and day on its own', async () => {
    const r = reader();
    const kept = keptFreeTimes({ ttlMs: 10_000, clock: testClock() }, r.read);
    expect(slotOf(await kept.get(null, query()))).toBe('read 1');
    expect(slotOf(await kept.get(customer, query()))).toBe('read 1');
    await Promise.all([kept.get(customer, query(provider, '2026-12-02')), kept.get(null, query(provider, '2026-12-02'))]);
    await kept.get(null, query(other));
    expect(r.reads()).toBe(3);
    // Read as a visitor's: nothing of the asker is in it.
    expect(r.asked).toEqual([null, null, null]);
  });

  it("forgets a provider's days when their time changes, and only theirs", async () => {
    const r = reader();
    const kept = keptFreeTimes({ ttlMs: 10_000, clock: testClock() }, r.read);
    await kept.get(null, query());
    await kept.get(null, query(other));
    kept.changed(provider);
    expect(slotOf(await kept.get(customer, query()))).toBe('read 3');
    expect(slotOf(await kept.get(customer, query(other)))).toBe('read 2');
    expect(slotOf(await kept.get(null, query()))).toBe('read 3');
  });

  it('never serves after a change a read that began before it', async () => {
    let answer!: () => void;
    let reads = 0;
    const kept = keptFreeTimes({ ttlMs: 10_000, clock: testClock() }, (_caller, q) => {
      reads += 1;
      const n = reads;
      const result = { answer: { ...q, time_zone: 'UTC', slots: [{ starts_at: `read ${n}`, ends_at: '', local_time: '' }] }, ownerId: owner };
      return n === 1 ? new Promise<FreeTimes>((resolve) => (answer = () => resolve(result))) : Promise.resolve(result);
    });
    const early = kept.get(null, query());
    kept.changed(provider);
    expect(slotOf(await kept.get(null, query()))).toBe('read 2');
    answer();
    expect(slotOf(await early)).toBe('read 1');
    expect(slotOf(await kept.get(null, query()))).toBe('read 2');
  });

  it("reads the shop's owner's afresh, and a pairing customers cannot book for whoever asks signed in", async () => {
    const asked: (string | null)[] = [];
    const kept = keptFreeTimes({ ttlMs: 10_000, clock: testClock() }, (callerId, q) => {
      asked.push(callerId);
      // Not bookable: only its owner sees it.
      if (q.provider_id === other && callerId !== owner) return Promise.reject(AppError.notFound('That provider or service'));
      return Promise.resolve({ answer: { ...q, time_zone: 'UTC', slots: [] }, ownerId: owner });
    });
    await kept.get(null, query());
    await kept.get(owner, query());
    expect(asked).toEqual([null, owner]);
    await expect(kept.get(null, query(other))).rejects.toThrow('was not found');
    await expect(kept.get(customer, query(other))).rejects.toThrow('was not found');
    expect((await kept.get(owner, query(other))).provider_id).toBe(other);
    expect(asked.slice(2)).toEqual([null, null, customer, null, owner]);
  });

  it('keeps each day for the ttl only', async () => {
    const clock = testClock();
    const r = reader();
    const kept = keptFreeTimes({ ttlMs: 10_000, clock }, r.read);
    await kept.get(null, query());
    clock.advance(9_000);
    await kept.get(null, query());
    expect(r.reads()).toBe(1);
    clock.advance(2_000);
    expect(slotOf(await kept.get(null, query()))).toBe('read 2');
  });

  it('keeps and serves nothing while the bus is down, and forgets everything once it is back; ttl 0 keeps nothing', async () => {
    const r = reader();
    const kept = keptFreeTimes({ ttlMs: 10_000, clock: testClock() }, r.read);
    await kept.get(null, query());
    kept.busDown();
    await kept.get(null, query());
    await kept.get(null, query());
    expect(r.reads()).toBe(3);
    kept.busUp();
    expect(slotOf(await kept.get(null, query()))).toBe('read 4');
    expect(slotOf(await kept.get(null, query()))).toBe('read 4');

    const none = reader();
    const nothing = keptFreeTimes({ ttlMs: 0, clock: testClock() }, none.read);
    await nothing.get(null, query());
    await nothing.get(null, query());
    expect(none.reads()).toBe(2);
  });
});
