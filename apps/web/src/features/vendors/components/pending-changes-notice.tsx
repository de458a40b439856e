import type { VendorProfile } from '@localloop/contract';
import { Hourglass, PencilLine } from 'lucide-react';
import { useId } from 'react';
import { formatDate } from '../../../lib/format-date.ts';
import { isLive, pendingChangeLabels } from '../kyc-steps.ts';

/**
 * An approved vendor's changes that customers do not see yet: which ones, and whether they still wait to be sent
 * or are being reviewed (then the basic info and bank details are read-only).
 */
export function PendingChangesNotice({ profile }: { profile: VendorProfile }) {
  const id = useId();
  const changes = profile.pending_changes;
  if (!isLive(profile) || !changes) return null;
  const inReview = changes.submitted_at !== null;
  const labels = pendingChangeLabels(profile);
  const Icon = inReview ? Hourglass : PencilLine;
  return (
    <section
      aria-labelledby={id}
      data-testid="pending-changes"
      className="mt-4 flex gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:p-5"
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0">
        <h2 id={id} className="font-semibold">
          {inReview ? 'Changes waiting for approval' : 'Your changes are not live until reviewed'}
        </h2>
        <p className="mt-1">
          {inReview
            ? `Sent for review ${formatDate(changes.submitted_at ?? '', 'DD MMM YYYY hh:mm a')}:`
            : 'Customers still see your approved details. These changes go live once you send them for review and the marketplace team approves them:'}
        </p>
        <ul aria-label="Changed details" className="mt-2 flex flex-wrap gap-1.5">
          {labels.map((label) => (
            <li key={label} className="badge max-w-full bg-white text-amber-900 ring-1 ring-amber-300">
              {label}
            </li>
          ))}
        </ul>
        {inReview && (
          <p className="mt-2">
            Your basic info and bank details are read-only until the marketplace team decides. Opening hours and addresses can still be changed: they
            are live at once.
          </p>
        )}
      </div>
    </section>
  );
}
