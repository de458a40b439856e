import type { Purchase } from '@localloop/contract';
import { LoaderCircle, Pencil } from 'lucide-react';
import { useState } from 'react';
import { useDealRatings } from '../api/get-deal-ratings.ts';
import { DealRateForm } from './deal-rate-form.tsx';
import { Stars } from '../../../components/rating-stars.tsx';

/** A change of the person's rating: its comment comes from the deal's ratings (`mine`), then the form. */
function EditRating({ purchase, onDone }: { purchase: Purchase; onDone: () => void }) {
  const ratings = useDealRatings(purchase.deal.id);
  if (ratings.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> Loading your rating…
      </p>
    );
  }
  const mine = ratings.data?.pages[0]?.mine ?? null;
  const current = mine ? { rating: mine.rating, comment: mine.comment } : { rating: purchase.my_rating ?? 5, comment: '' };
  return <DealRateForm dealId={purchase.deal.id} dealTitle={purchase.deal.title} current={current} onSaved={onDone} onCancel={onDone} />;
}

/** Under a fulfilled purchase: the form for a first rating, or the person's stars with a way to change them. */
export function PurchaseRating({ purchase, offline }: { purchase: Purchase; offline: boolean }) {
  const [editing, setEditing] = useState(false);
  const headingId = `rate-${purchase.id}`;

  if (purchase.my_rating !== null && !editing) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-slate-50 px-4 py-3">
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          Your rating <Stars value={purchase.my_rating} />
        </p>
        {!offline && (
          <button type="button" onClick={() => setEditing(true)} className="btn-secondary py-2" aria-label={`Edit your rating of ${purchase.deal.title}`}>
            <Pencil aria-hidden="true" className="size-4" /> Edit
          </button>
        )}
      </div>
    );
  }
  if (purchase.my_rating !== null) {
    return (
      <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 p-4">
        <h3 id={headingId} className="text-base font-semibold text-slate-900">
          Edit your rating
        </h3>
        <div className="mt-3">
          <EditRating purchase={purchase} onDone={() => setEditing(false)} />
        </div>
      </section>
    );
  }
  if (!purchase.can_rate || offline) return null;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 p-4">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        Rate this deal
      </h3>
      <div className="mt-3">
        <DealRateForm dealId={purchase.deal.id} dealTitle={purchase.deal.title} current={null} onSaved={() => undefined} />
      </div>
    </section>
  );
}
