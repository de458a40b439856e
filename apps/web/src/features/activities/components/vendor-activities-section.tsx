import { CalendarDays } from 'lucide-react';
import { LoadError } from '../../../components/page-states.tsx';
import { useVendorActivities, vendorActivitiesPageSize } from '../api/get-vendor-activities.ts';
import { ActivityGrid, ActivityGridSkeleton } from './activity-card.tsx';

/**
 * A shop's upcoming activities on its public page: what its owner hosts as the person behind the shop
 * (docs/decisions/0020), soonest first, each card opening the activity; one short line when there are none.
 */
export function VendorActivitiesSection({ vendorId, name }: { vendorId: string; name: string }) {
  const activities = useVendorActivities(vendorId);
  if (activities.isPending) return <ActivityGridSkeleton count={2} />;
  if (activities.isError) return <LoadError error={activities.error} what={`the activities of ${name}`} onRetry={() => void activities.refetch()} />;
  const { results, count } = activities.data;
  if (results.length === 0) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
        {name} has no activities coming up.
      </p>
    );
  }
  return (
    <>
      <ActivityGrid activities={results} />
      {count > vendorActivitiesPageSize && (
        <p className="mt-3 text-sm text-slate-600">
          The next {vendorActivitiesPageSize} of {count.toLocaleString('en-US')}.
        </p>
      )}
    </>
  );
}
