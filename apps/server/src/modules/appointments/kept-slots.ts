import { ErrorCode, type TimeSlotsQuery, type TimeSlotsResponse } from '@localloop/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { keptUntilChanged } from '../../lib/kept-until-changed.ts';
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
 * A provider's free times of a day, kept for everyone who asks the same (the busiest provider's page, asked by a
 * crowd, signed in or not: they hold nothing of the asker) until the provider's time changes (lib/kept-until-changed.ts):
 * a booking made, cancelled or moved and slots made say so when they commit (freeTimesChange, and `changed` at once
 * in their process, so that the customer who booked never sees the time still free). Changes the bus does not carry
 * (the provider's hours, a service's length, the shop's listing) show for at most `ttlMs`, as on the lists; the
 * booking decides under the provider's lock whatever was shown. The shop's owner reads afresh: they may see a pairing
 * customers cannot book, and their own edits at once.
 */
export function keptFreeTimes({ ttlMs, clock }: { ttlMs: number; clock: Clock }, read: (callerId: string | null, query: FreeTimesQuery) => Promise<FreeTimes>): KeptFreeTimes {
  const kept = keptUntilChanged<FreeTimes>({ ttlMs, clock });
  const fresh = async (callerId: string | null, query: FreeTimesQuery) => (await read(callerId, query)).answer;
  return {
    async get(callerId, query) {
      let seen: FreeTimes;
      try {
        seen = await kept.get(query.provider_id, JSON.stringify(query), () => read(null, query));
      } catch (error) {
        // Not bookable by customers: its owner may still see it.
        if (callerId && error instanceof AppError && error.code === ErrorCode.notFound) return fresh(callerId, query);
        throw error;
      }
      return callerId === seen.ownerId ? fresh(callerId, query) : seen.answer;
    },
    changed: kept.changed,
    busDown: kept.busDown,
    busUp: kept.busUp,
  };
}
