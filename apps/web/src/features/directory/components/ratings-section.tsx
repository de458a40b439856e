import type { VendorPublic, VendorRating } from '@localloop/contract';
import { MessageSquareText, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format-date.ts';
import { paths } from '../../../paths.ts';
import { useAccountId } from '../../../session/auth-context.tsx';
import { useVendorRatings } from '../api/get-vendor-ratings.ts';
import { formatRating, initialsOf, ratingCountLabel } from '../format.ts';
import { LoadError } from '../../../components/page-states.tsx';
import { VendorRateForm } from './rate-form.tsx';
import { Stars } from '../../../components/rating-stars.tsx';

const dateFormat = 'DD MMM YYYY';

/** Average, stars distribution, the viewer's own rating (or the form) and everyone's ratings. */
export function RatingsSection({ vendor }: { vendor: VendorPublic }) {
  const viewerId = useAccountId();
  const ratings = useVendorRatings(vendor.id);
  const isOwn = viewerId !== '' && viewerId === vendor.user_id;

  return (
    <div className="grid gap-8 lg:grid-cols-[18rem_minmax(0,1fr)]">
      <RatingsSummary vendor={vendor} distribution={ratings.data?.pages[0]?.distribution ?? []} />
      <div className="min-w-0 space-y-6">
        {viewerId === '' ? (
          <p className="rounded-2xl bg-slate-50 px-4 py-3 text-sm text-slate-700">
            <Link to={paths.login} className="font-semibold text-teal-700 hover:underline">
              Log in
            </Link>{' '}
            to rate {vendor.business_name}.
          </p>
        ) : isOwn ? (
          <p className="rounded-2xl bg-slate-50 px-4 py-3 text-sm text-slate-700">This is your business, so you cannot rate it.</p>
        ) : (
          ratings.isSuccess && <YourRating key={viewerId} vendor={vendor} mine={ratings.data.pages[0]?.mine ?? null} />
        )}
        {/* The summary beside it already says "No ratings yet": the list says what comes next. */}
        <RatingsList query={ratings} emptyText={isOwn ? 'Your customers\' ratings will appear here.' : 'Be the first to share how it was.'} />
      </div>
    </div>
  );
}

/** `distribution`: how many ratings gave 5 … 1 stars, counted by the server over all of them. */
function RatingsSummary({ vendor, distribution: rows }: { vendor: VendorPublic; distribution: readonly { stars: number; count: number }[] }) {
  const counted = rows.reduce((sum, row) => sum + row.count, 0);
  return (
    <div>
      {vendor.rating_count > 0 && vendor.rating_avg !== null ? (
        <div className="flex items-end gap-3">
          <p className="text-5xl font-bold tracking-tight text-slate-900" data-testid="rating-average">
            {formatRating(vendor.rating_avg)}
          </p>
          <div className="pb-1">
            <Stars value={vendor.rating_avg} />
            <p className="text-sm text-slate-600" data-testid="rating-count">
              {ratingCountLabel(vendor.rating_count)}
            </p>
          </div>
        </div>
      ) : (
        // No average to show: the words alone, not a dash standing in for a number.
        <p className="text-base font-semibold text-slate-900" data-testid="rating-count">
          No ratings yet
        </p>
      )}
      {counted > 0 && (
        <div className="mt-4">
          <table className="w-full text-sm">
            <caption className="sr-only">Ratings by stars</caption>
            <tbody>
              {rows.map((row) => (
                <tr key={row.stars}>
                  <th scope="row" className="w-14 py-0.5 pr-2 text-left font-normal text-slate-600">
                    {row.stars} {row.stars === 1 ? 'star' : 'stars'}
                  </th>
                  <td className="py-0.5">
                    <div className="h-2 overflow-hidden rounded-full bg-slate-100">
                      {/* React sets this through the CSSOM, which the CSP's style-src 'self' allows (unlike a style attribute in markup). */}
                      <div className="h-full rounded-full bg-amber-400" style={{ width: `${Math.round((row.count / counted) * 100)}%` }} />
                    </div>
                  </td>
                  <td className="w-8 py-0.5 pl-2 text-right tabular-nums text-slate-600">{row.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function YourRating({ vendor, mine }: { vendor: VendorPublic; mine: VendorRating | null }) {
  const [saved, setSaved] = useState<VendorRating | null>(null);
  const [editing, setEditing] = useState(false);
  const current = saved ?? mine;

  if (!current || editing) {
    return (
      <section aria-labelledby="rate-heading" className="rounded-2xl border border-slate-200 p-4 sm:p-5">
        <h3 id="rate-heading" className="text-base font-semibold text-slate-900">
          {current ? 'Edit your rating' : `Rate ${vendor.business_name}`}
        </h3>
        <div className="mt-3">
          <VendorRateForm
            vendorId={vendor.id}
            vendorName={vendor.business_name}
            current={current}
            onSaved={(rating) => {
              setSaved(rating);
              setEditing(false);
            }}
            onCancel={current ? () => setEditing(false) : undefined}
          />
        </div>
      </section>
    );
  }
  return (
    <section aria-labelledby="your-rating-heading" className="rounded-2xl border border-teal-200 bg-teal-50/60 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id="your-rating-heading" className="text-base font-semibold text-slate-900">
            Your rating
          </h3>
          <div className="mt-1">
            <Stars value={current.rating} />
          </div>
        </div>
        <button type="button" onClick={() => setEditing(true)} className="btn-secondary py-2">
          <Pencil aria-hidden="true" className="size-4" />
          Edit your rating
        </button>
      </div>
      {current.comment && <p className="mt-2 whitespace-pre-line text-sm text-slate-700">{current.comment}</p>}
    </section>
  );
}

function RatingsList({ query, emptyText }: { query: ReturnType<typeof useVendorRatings>; emptyText: string }) {
  if (query.isPending) return <p className="text-sm text-slate-500">Loading ratings…</p>;
  if (query.isError && !query.data) return <LoadError error={query.error} what="the ratings" onRetry={() => void query.refetch()} />;
  const items = query.data?.pages.flatMap((page) => page.results) ?? [];
  if (items.length === 0) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <MessageSquareText aria-hidden="true" className="size-4 text-slate-400" />
        {emptyText}
      </p>
    );
  }
  return (
    <div>
      <ul aria-label="Ratings" className="divide-y divide-slate-100">
        {items.map((rating) => (
          <li key={rating.id} className="flex gap-3 py-4">
            {rating.user.image ? (
              <img src={rating.user.image} alt="" className="size-9 shrink-0 rounded-full object-cover" />
            ) : (
              <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-200 text-sm font-semibold text-slate-700">
                {initialsOf(rating.user.name || '?')}
              </span>
            )}
            <div className="min-w-0">
              <p className="text-sm">
                <span className="font-semibold text-slate-900">{rating.user.name || 'A LocalLoop user'}</span>{' '}
                <span className="text-slate-500">· {formatDate(rating.updated_at, dateFormat)}</span>
              </p>
              <div className="mt-0.5">
                <Stars value={rating.rating} className="size-3.5" />
              </div>
              {rating.comment && <p className="mt-1.5 whitespace-pre-line text-sm text-slate-700">{rating.comment}</p>}
            </div>
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <button type="button" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()} className="btn-secondary mt-2">
          {query.isFetchingNextPage ? 'Loading…' : 'Show more ratings'}
        </button>
      )}
    </div>
  );
}
