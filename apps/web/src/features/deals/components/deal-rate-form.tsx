import { RatingForm } from '../../../components/rating-form.tsx';
import { toast } from '../../../lib/toast.ts';
import { useRateDeal } from '../api/rate-deal.ts';
import { useUpdateDealRating } from '../api/update-deal-rating.ts';

type DealRateFormProps = {
  dealId: string;
  dealTitle: string;
  /** The person's rating when they change it (PUT); null for a first rating (POST). */
  current: { rating: number; comment: string } | null;
  onSaved: () => void;
  onCancel?: () => void;
};

/** A redeemed deal's rating: a first one (POST /rate-deal/) or a change of it (PUT /rate-deal/{deal_id}/). */
export function DealRateForm({ dealId, dealTitle, current, onSaved, onCancel }: DealRateFormProps) {
  const rate = useRateDeal();
  const update = useUpdateDealRating();
  return (
    <RatingForm
      label={current ? `Edit your rating of ${dealTitle}` : `Rate ${dealTitle}`}
      current={current}
      placeholder="How was it?"
      starClassName="size-7"
      onCancel={onCancel}
      onSubmit={async (values) => {
        if (current) await update.mutateAsync({ dealId, input: values });
        else await rate.mutateAsync({ deal_id: dealId, ...values });
        toast.success(current ? 'Your rating has been updated.' : `Thanks for rating ${dealTitle}.`);
        onSaved();
      }}
    />
  );
}
