import { MAX_QUANTITY_PER_PURCHASE } from '@localloop/contract';
import type { Deal } from '@localloop/contract';
import { FlaskConical, LogIn, ShoppingCart } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormAlert } from '../../../components/form-alert.tsx';
import { errorMessageOf } from '../../../components/server-errors.ts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { inputClass } from '../../../components/text-field.tsx';
import { toast } from '../../../lib/toast.ts';
import { paths, to } from '../../../paths.ts';
import { useAuth } from '../../../session/auth-context.tsx';
import { useBuyDeal } from '../api/buy-deal.ts';
import { formatMoney } from '../format.ts';
import { unavailableReason } from './deal-availability.tsx';

/** The words on every checkout: the default payment provider is a dummy that charges nothing. */
export const testPaymentLabel = 'Test payment — no money is taken';

/** One purchase attempt: its key is sent again when the same attempt is retried (a lost answer never buys twice). */
type Attempt = { key: string; quantity: number };

function TestPaymentNote() {
  return (
    <p className="flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
      <FlaskConical aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{testPaymentLabel}</span>
    </p>
  );
}

/** A signed-in customer's checkout: how many, the total, the test-payment label and Buy. */
function BuyForm({ deal }: { deal: Deal }) {
  const id = useId();
  const navigate = useNavigate();
  const buy = useBuyDeal();
  const [quantity, setQuantity] = useState(1);
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const most = Math.min(deal.can_buy_quantity ?? 0, MAX_QUANTITY_PER_PURCHASE);
  // The stock or the person's limit may have shrunk since (a refetch after a refusal): never more than is left.
  const shown = Math.min(Math.max(quantity, 1), Math.max(most, 1));
  const total = { amount_cents: deal.deal_price.amount_cents * shown, currency: deal.deal_price.currency };

  const onBuy = () => {
    // Retrying the same attempt (same quantity, after a failure) keeps its key; anything else is a new attempt.
    const key = attempt && attempt.quantity === shown ? attempt.key : crypto.randomUUID();
    setAttempt({ key, quantity: shown });
    setFailure(null);
    buy.mutate(
      { input: { deal_id: deal.id, quantity: shown }, idempotencyKey: key },
      {
        onSuccess: (purchase) => {
          setAttempt(null);
          toast.success(`You bought ${purchase.quantity} × ${deal.title}. Show its QR code at the shop to redeem it.`);
          void navigate(paths.myPurchaseDeal);
        },
        onError: (error) => setFailure(errorMessageOf(error)),
      },
    );
  };

  if (most <= 0) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-700">You have bought as many of this deal as one customer may ({deal.per_customer_limit}).</p>
        <Link to={paths.myPurchaseDeal} className="btn-secondary w-full">
          See your orders
        </Link>
      </div>
    );
  }
  return (
    <form
      className="space-y-4"
      aria-label={`Buy ${deal.title}`}
      onSubmit={(event) => {
        event.preventDefault();
        onBuy();
      }}
    >
      <FormAlert>{failure}</FormAlert>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <label htmlFor={`${id}-quantity`} className="mb-1 block text-sm font-medium text-slate-800">
            Quantity
          </label>
          <select id={`${id}-quantity`} value={shown} onChange={(event) => setQuantity(Number(event.target.value))} className={`${inputClass} w-24 py-2`} disabled={buy.isPending}>
            {Array.from({ length: most }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <p className="text-right text-sm text-slate-600">
          Total
          <output htmlFor={`${id}-quantity`} className="block text-2xl font-bold text-slate-900">
            {formatMoney(total)}
          </output>
        </p>
      </div>
      {deal.per_customer_limit > 1 && (
        <p className="text-xs text-slate-500">
          Up to {deal.per_customer_limit} per customer{deal.my_quantity ? `; you have ${deal.my_quantity} already` : ''}.
        </p>
      )}
      <TestPaymentNote />
      <SubmitButton busy={buy.isPending} className="btn-primary w-full py-3 text-base">
        {!buy.isPending && <ShoppingCart aria-hidden="true" className="size-4" />}
        {failure && attempt?.quantity === shown ? 'Try again' : 'Buy now'}
      </SubmitButton>
    </form>
  );
}

/** The Buy section of a deal: for customers the checkout, for visitors a way to log in, for the shop a note. */
export function BuyDealPanel({ deal }: { deal: Deal }) {
  const auth = useAuth();
  const reason = unavailableReason(deal);

  let body;
  if (deal.is_owner) {
    body = (
      <div className="space-y-3">
        <p className="text-sm text-slate-700">This is your deal: customers buy it here.</p>
        {auth.userRole === 'vendor' && (
          <Link to={to.myDeals()} className="btn-secondary w-full">
            Manage your deals
          </Link>
        )}
      </div>
    );
  } else if (reason) {
    body = <p className="text-sm font-medium text-slate-800">{reason}</p>;
  } else if (!auth.isAuthenticated) {
    body = (
      <div className="space-y-3">
        <TestPaymentNote />
        <Link to={paths.login} className="btn-primary w-full py-3 text-base">
          <LogIn aria-hidden="true" className="size-4" /> Log in to buy
        </Link>
      </div>
    );
  } else if (auth.userRole !== 'user') {
    body = <p className="text-sm text-slate-700">Switch to the user view to buy deals.</p>;
  } else {
    body = <BuyForm deal={deal} />;
  }

  return (
    <section aria-labelledby="buy-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="buy-heading" className="text-lg font-semibold text-slate-900">
        Buy this deal
      </h2>
      {deal.my_quantity !== null && deal.my_quantity > 0 && (
        <p className="mt-1 text-sm text-teal-800">
          You have {deal.my_quantity} of this deal.{' '}
          <Link to={paths.myPurchaseDeal} className="font-semibold underline-offset-2 hover:underline">
            Show the QR code
          </Link>
        </p>
      )}
      <div className="mt-4">{body}</div>
    </section>
  );
}
