// What the search box looks like, shared by the full box and the light one that stands in for it (nothing heavy here).

export const searchLabel = 'Search LocalLoop';
export const searchPlaceholder = 'Search deals, activities, services and vendors';

/** The input's look, shared with the light box that stands in for it until it loads (SearchBox). */
export function searchInputClass(size: 'regular' | 'large'): string {
  return `block w-full min-w-0 rounded-2xl border border-field bg-white text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-teal-600 focus:outline-2 focus:outline-offset-0 focus:outline-teal-600/30 ${
    size === 'large' ? 'py-3.5 pr-11 pl-12 text-base' : 'py-2.5 pr-10 pl-10 text-sm'
  }`;
}

export function searchIconClass(size: 'regular' | 'large'): string {
  return `pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-slate-400 ${size === 'large' ? 'size-5' : 'size-4'}`;
}
