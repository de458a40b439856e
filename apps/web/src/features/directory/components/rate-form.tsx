import type { VendorRating } from '@localloop/contract';
import { RatingForm } from '../../../components/rating-form.tsx';
import { toast } from '../../../lib/toast.ts';
import { useRateVendor } from '../api/rate-vendor.ts';

type RateFormProps = {
  vendorId: string;
  vendorName: string;
  current: VendorRating | null;
  onSaved: (rating: VendorRating) => void;
  onCancel?: () => void;
};

/** A vendor's rating: a second one replaces the first (POST /rate/vendor/). */
export function VendorRateForm({ vendorId, vendorName, current, onSaved, onCancel }: RateFormProps) {
  const rate = useRateVendor();
  return (
    <RatingForm
      label={`Rate ${vendorName}`}
      current={current}
      placeholder="What was it like?"
      onCancel={onCancel}
      onSubmit={async (values) => {
        const answer = await rate.mutateAsync({ vendor_id: vendorId, rating: values.rating, comment: values.comment });
        toast.success(current ? 'Your rating has been updated.' : `Thanks for rating ${vendorName}.`);
        onSaved(answer.rating);
      }}
    />
  );
}
