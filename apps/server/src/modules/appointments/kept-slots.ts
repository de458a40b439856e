import { ErrorCode, type TimeSlotsQuery, type TimeSlotsResponse } from '@localloop/contract';
import type { z } from 'zod';
import { answerCache, SHARED_LIST_BYTES } from '../../lib/answer-cache.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { changedStatement } from '../../lib/realtime.ts';

/** The word on the bus that a provider's free times changed (a booking made, cancelled or moved; slots made). */
export const PROVIDER_TIME = 'provider_time';

/**
 * Says, inside the transaction that changes them, that the provider's free times changed: every process hears it once
 * the transaction commits (the bus). The process that made the change also calls `changed` at once after the commit
 * (AppointmentsDeps.freeTimes), so that whoever made it never reads the time as it was.
 */
export async function freeTimesChange(tx: Db | Tx, providerId: string): Promise<void> {
  await tx.execute(changedStatement(PROVIDER_TIME, providerId));
}

/** A day's free times as get-time-slots computes them, with the account that owns the shop (it may see more). */
export type FreeTimes = { answer: TimeSlotsResponse; ownerId: string };

export type KeptFreeTimes = {
  /** The free times for `callerId` (null: a visitor). */
  get(callerId: string | null, query: FreeTimesQuery): Promise<TimeSlotsResponse>;
  /** The provider's free times changed: what was read of them before is not served again. */
  changed(providerId: string): void;
  busDown(): void;
  busUp(): void;
};

type FreeTimesQuery = z.output<typeof TimeSlotsQuery>;

/**
 * A provider's free times of a day, kept for everyone who asks the same within `ttlMs` (the busiest provider's page,
 * asked by a crowd, signed in or not): they hold nothing of the asker. What changes them forgets them at once:
 * a booking made, cancelled or moved and slots made say so when they commit, in their process at once (`changed`, so
 * that the customer who booked never sees the time still free) and in every other through the bus
 * (`changedStatement`). The key of an answer carries its provider's count of changes, so an answer read before a
 * change (even one still on its way) is never served after it. Changes the bus does not carry (the provider's hours, a
 * service's length, the shop's listing) show for at most `ttlMs`, as on the lists; the booking decides under the
 * provider's lock whatever was shown. The shop's owner reads afresh: they may see a pairing customers cannot book, and
 * their own edits at once.
 *
 * While the bus is down nothing is kept or served (a change elsewhere could not be heard); once back, all is forgotten.
 */
export function keptFreeTimes({ ttlMs, clock }: { ttlMs: number; clock: Clock }, read: (callerId: string | null, query: FreeTimesQuery) => Promise<FreeTimes>): KeptFreeTimes {
  const kept = answerCache<FreeTimes>({ ttlMs, maxBytes: SHARED_LIST_BYTES, clock });
  let counter = 0;
  // Every change so far, by provider, numbered from one counter; `epoch` changes every key at once (the bus came back).
  const changes = new Map<string, number>();
  let epoch = 0;
  let busUp = true;

  const fresh = async (callerId: string | null, query: FreeTimesQuery) => (await read(callerId, query)).answer;
  return {
    async get(callerId, query) {
      if (!busUp || ttlMs <= 0) return fresh(callerId, query);
      let seen: FreeTimes;
      try {
        seen = await kept.get(`${epoch}:${changes.get(query.provider_id) ?? 0}:${JSON.stringify(query)}`, () => read(null, query));
      } catch (error) {
        // Not bookable by customers: its owner may still see it.
        if (callerId && error instanceof AppError && error.code === ErrorCode.notFound) return fresh(callerId, query);
        throw error;
      }
      return callerId === seen.ownerId ? fresh(callerId, query) : seen.answer;
    },
    changed(providerId) {
      changes.set(providerId, ++counter);
    },
    busDown() {
      busUp = false;
    },
    busUp() {
      busUp = true;
      epoch = ++counter;
      changes.clear();
    },
  };
}
