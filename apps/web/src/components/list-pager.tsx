import { ChevronLeft, ChevronRight } from 'lucide-react';

type ListPagerProps = {
  page: number;
  pageSize: number;
  count: number;
  onPage: (page: number) => void;
  /** What the list holds, for the navigation's name ("Pages of activities", "Pages of sales"). */
  what: string;
};

/** Previous and next under a paged list, with where the reader is; nothing when one page holds it all. */
export function ListPager({ page, pageSize, count, onPage, what }: ListPagerProps) {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={`Pages of ${what}`} className="mt-6 flex flex-wrap items-center justify-between gap-3">
      <button type="button" className="btn-secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" className="size-4" /> Previous
      </button>
      <p className="text-sm text-slate-600">
        Page <span className="font-semibold text-slate-900">{page}</span> of {pages}
      </p>
      <button type="button" className="btn-secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next <ChevronRight aria-hidden="true" className="size-4" />
      </button>
    </nav>
  );
}
