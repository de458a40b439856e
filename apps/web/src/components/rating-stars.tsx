// Stars and a rating's summary, for every rated thing (vendors, deals, services, activities).
import { Star } from 'lucide-react';

/** "4.3": an average of stars to one decimal. */
const oneDecimal = (avg: number) => avg.toFixed(1);
const ratingsWord = (count: number) => (count === 1 ? '1 rating' : `${count.toLocaleString('en-US')} ratings`);

/** Five stars filled to the nearest half, read out as "Rated 4.5 out of 5". */
export function Stars({ value, className = 'size-4' }: { value: number; className?: string }) {
  const rounded = Math.round(value * 2) / 2;
  return (
    <span role="img" aria-label={`Rated ${oneDecimal(value)} out of 5`} className="inline-flex shrink-0 items-center gap-0.5">
      {[1, 2, 3, 4, 5].map((n) => {
        const fill = rounded >= n ? 'full' : rounded >= n - 0.5 ? 'half' : 'none';
        return (
          <span key={n} className="relative inline-flex">
            <Star aria-hidden="true" className={`${className} text-slate-300`} />
            {fill !== 'none' && (
              <span className={`absolute inset-y-0 left-0 overflow-hidden ${fill === 'half' ? 'w-1/2' : 'w-full'}`}>
                <Star aria-hidden="true" className={`${className} fill-amber-400 text-amber-400`} />
              </span>
            )}
          </span>
        );
      })}
    </span>
  );
}

/** "★★★★☆ 4.3 (12)", or "No ratings yet". */
export function RatingSummary({ avg, count }: { avg: number | null; count: number }) {
  if (avg === null || count === 0) return <span className="text-sm text-slate-500">No ratings yet</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1.5 text-sm">
      <Stars value={avg} />
      <span className="font-semibold text-slate-900">{oneDecimal(avg)}</span>
      <span className="text-slate-500">
        (<span className="sr-only">{ratingsWord(count)}</span>
        <span aria-hidden="true">{count.toLocaleString('en-US')}</span>)
      </span>
    </span>
  );
}
