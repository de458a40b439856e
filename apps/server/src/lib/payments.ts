import { randomUUID } from 'node:crypto';

/**
 * Taking and giving back money for a purchase, behind one small interface (ARCHITECTURE: side effects behind
 * interfaces). The default is the dummy: every charge succeeds and nothing is moved, and the web app labels it a test
 * payment. A real provider (Stripe, Adyen) implements the same two calls; the purchase records the provider's name and
 * reference, so it plugs in without a schema change.
 *
 * A charge is asked for inside the purchase's transaction, before the deal's stock is taken (buyers of one deal take
 * turns on its row, so the row is held for as little as possible, never across a provider's round trip): when the charge
 * throws, the transaction rolls back and nothing was bought; when the stock is gone or the deal changed by the time it
 * is taken, the charge is refunded and the transaction rolls back. The idempotency key is passed on so that a provider
 * which supports one (all real ones do) also charges once for a retried request.
 */
export type Charge = { amountCents: number; currency: string; description: string; idempotencyKey: string };
export type ChargeResult = { provider: string; reference: string };

export type PaymentProvider = {
  readonly name: string;
  /** Whether its payments are only pretend ones (the web app says so). */
  readonly isTest: boolean;
  charge(charge: Charge): Promise<ChargeResult>;
  refund(refund: { reference: string; amountCents: number; currency: string }): Promise<{ reference: string }>;
};

/** A payment provider refused: the purchase is not made, and the person is told why. */
export class PaymentDeclined extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'PaymentDeclined';
  }
}

export const dummyPayments: PaymentProvider = {
  name: 'dummy',
  isTest: true,
  async charge() {
    return { provider: 'dummy', reference: `dummy_ch_${randomUUID()}` };
  },
  async refund() {
    return { reference: `dummy_re_${randomUUID()}` };
  },
};
