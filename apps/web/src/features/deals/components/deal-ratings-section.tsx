import type { Deal } from '@localloop/contract';
import { LoadError } from '../../../components/page-states.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { useNearView } from '../../../lib/use-near-view.ts';
import { useDealRatings } from '../api/get-deal-ratings.ts';
import { formatRating, ratingCountLabel } from '../format.ts';
import { Stars } from '../../../components/rating-stars.tsx';

/**
 * The deal's average and everyone's ratings, newest first; customers rate a deal from My Orders once they redeemed it.
 * The ratings are asked for when the section comes near the view (the average shows from the deal meanwhile).
 */
export function DealRatingsSection({ deal }: { deal: Deal }) {
  const [sectionRef, near] = useNearView<HTMLElement>();
  const ratings = useDealRatings(deal.id, near);
  const first = ratings.data?.pages[0];
  // The ratings' own answer is the newer one (a rating given since the deal was loaded).
  const avg = first ? first.rating_avg : deal.rating_avg;
  const count = first ? first.rating_count : deal.rating_count;
  const items = ratings.data?.pages.flatMap((page) => page.results) ?? [];

  return (
    <section ref={sectionRef} aria-labelledby="ratings-heading" className="mt-10">
      <h2 id="ratings-heading" className="text-lg font-semibold text-slate-900">
        Ratings
      </h2>
      {avg !== null && count > 0 ? (
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <p className="text-4xl font-bold tracking-tight text-slate-900" data-testid="deal-rating-average">
            {formatRating(avg)}
          </p>
          <div className="pb-1">
            <Stars value={avg} />
            <p className="text-sm text-slate-600">{ratingCountLabel(count)}</p>
          </div>
        </div>
      ) : (
        <p className="mt-2 text-sm text-slate-600">No ratings yet. Customers rate a deal from My Orders once they have redeemed it.</p>
      )}
      <div className="mt-4">
        {/* Nothing is asked for until the section is near, so nothing says it is loading either. */}
        {!near ? null : ratings.isPending ? (
          <p role="status" className="text-sm text-slate-500">
            Loading ratings…
          </p>
        ) : ratings.isError && items.length === 0 ? (
          <LoadError error={ratings.error} what="the ratings" onRetry={() => void ratings.refetch()} />
        ) : items.length === 0 ? null : (
          <>
            <ul aria-label="Ratings of this deal" className="divide-y divide-slate-100">
              {items.map((rating) => (
                <li key={rating.id} className="min-w-0 py-4">
                  <p className="text-sm [overflow-wrap:anywhere]">
                    <span className="font-semibold text-slate-900">{rating.user.name || 'A LocalLoop customer'}</span>{' '}
                    <span className="text-slate-500">· {formatDate(rating.updated_at, 'DD MMM YYYY')}</span>
                  </p>
                  <div className="mt-0.5">
                    <Stars value={rating.rating} className="size-3.5" />
                  </div>
                  {rating.comment && <p className="mt-1.5 whitespace-pre-line text-sm text-slate-700 [overflow-wrap:anywhere]">{rating.comment}</p>}
                </li>
              ))}
            </ul>
            {ratings.hasNextPage && (
              <button type="button" disabled={ratings.isFetchingNextPage} aria-busy={ratings.isFetchingNextPage} onClick={() => void ratings.fetchNextPage()} className="btn-secondary mt-2">
                {ratings.isFetchingNextPage ? 'Loading more ratings…' : 'Show more ratings'}
              </button>
            )}
          </>
        )}
      </div>
    </section>
  );
}
