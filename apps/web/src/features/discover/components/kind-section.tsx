import { CalendarDays, ChevronRight, Clock, Store, Tag } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/page-states.tsx';
import { kindLooks, type DiscoverKind } from '../kinds.ts';

const emptyIcons: Record<DiscoverKind, LucideIcon> = { deals: Tag, activities: CalendarDays, services: Clock, vendors: Store };

/** "12", "1,000+": how many there are of a kind (the server stops counting at 1,000). */
export function countText(group: { count: number; count_capped: boolean }): string {
  return `${group.count.toLocaleString('en-US')}${group.count_capped ? '+' : ''}`;
}

type KindSectionProps = {
  kind: DiscoverKind;
  group: { count: number; count_capped: boolean };
  /** Its own list page, or null where the reader's role cannot open it. */
  seeAll: string | null;
  /** "within 25 km", "in Food & Drink within 25 km": beside the count (the page names the area above). */
  within: string;
  /** The same, of the area ("within 25 km of Brooklyn"): what the empty state says there is nothing in. */
  where: string;
  /** What to try when there is none ("Try All or another category."). */
  emptyHint: string;
  /** The kind's things; nothing when the group is empty (the section then says so). */
  children: ReactNode;
};

/** One kind on /Discover: its heading, how many there are, "See all" on its own page, and its things or why none. */
export function KindSection({ kind, group, seeAll, within, where, emptyHint, children }: KindSectionProps) {
  const look = kindLooks[kind];
  const id = `discover-${kind}`;
  return (
    <section aria-labelledby={id} className="min-w-0">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <h2 id={id} className="flex items-center gap-2 text-lg font-semibold text-slate-900 sm:text-xl">
            <span aria-hidden="true" className={`flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold text-white ${look.pinClass}`}>
              {look.letter}
            </span>
            {look.title}
          </h2>
          <p className="mt-0.5 text-sm text-slate-600 [overflow-wrap:anywhere]">
            {group.count === 0 ? 'None' : countText(group)} {within}
          </p>
        </div>
        {seeAll && group.count > 0 && (
          <Link to={seeAll} className="inline-flex items-center gap-1 text-sm font-semibold text-teal-800 hover:underline">
            See all {look.title.toLowerCase()}
            <ChevronRight aria-hidden="true" className="size-4" />
          </Link>
        )}
      </div>
      {group.count === 0 ? (
        <EmptyState icon={emptyIcons[kind]} title={`No ${look.title.toLowerCase()} here yet`} level="h3" compact>
          Nothing {where}. {emptyHint}
        </EmptyState>
      ) : (
        children
      )}
    </section>
  );
}
