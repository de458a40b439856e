import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import type { SearchResponse } from '@localloop/contract';
import { ArrowRight, CalendarDays, LoaderCircle, Search, Store, Tag, Wrench } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDate } from '../../../lib/format-date.ts';
import { formatDistance } from '../../../lib/format-distance.ts';
import { formatMoney } from '../../../lib/format-money.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { paths, to } from '../../../paths.ts';
import { searchMinLength, useMarketplaceSearch } from '../api/search-marketplace.ts';
import { searchIconClass, searchInputClass, searchLabel, searchPlaceholder } from './search-look.ts';

/** Typing settles for this long before the search is asked (each keystroke would otherwise be a request). */
export const searchDebounceMs = 250;

/** One line of the results: where it leads and what it says. */
type Hit = { key: string; href: string; title: string; detail: string; more?: boolean };
type Group = { kind: keyof Omit<SearchResponse, 'q'>; label: string; icon: LucideIcon; hits: Hit[] };

const place = (city: string | null, km: number | null) => [city, km === null ? null : formatDistance(km)].filter(Boolean).join(' · ');

/** The answer as the box shows it: a group per kind with matches, each with "See all" when there are more. */
function groupsOf(answer: SearchResponse): Group[] {
  const q = encodeURIComponent(answer.q);
  const seeAll = (kind: string, count: number, capped: boolean, shown: number, href: string): Hit[] =>
    count > shown ? [{ key: `${kind}-all`, href, title: `See all ${capped ? `${count}+` : count} ${kind}`, detail: '', more: true }] : [];
  const groups: Group[] = [
    {
      kind: 'deals',
      label: 'Deals',
      icon: Tag,
      hits: [
        ...answer.deals.results.map((d) => ({
          key: d.id,
          href: to.dealDetails(d.id),
          title: d.title,
          detail: [d.vendor.business_name, formatMoney(d.deal_price), place(d.city, d.distance_km)].filter(Boolean).join(' · '),
        })),
        ...seeAll('deals', answer.deals.count, answer.deals.count_capped, answer.deals.results.length, `${paths.popularDeals}?q=${q}`),
      ],
    },
    {
      kind: 'activities',
      label: 'Activities',
      icon: CalendarDays,
      hits: [
        ...answer.activities.results.map((a) => ({
          key: a.id,
          href: to.activitiesDetails(a.id),
          title: a.title,
          detail: [formatDate(a.starts_at, 'ddd D MMM, h:mm a'), place(a.city, a.distance_km)].filter(Boolean).join(' · '),
        })),
        ...seeAll('activities', answer.activities.count, answer.activities.count_capped, answer.activities.results.length, `${paths.localActivities}?q=${q}`),
      ],
    },
    {
      kind: 'services',
      label: 'Services',
      icon: Wrench,
      hits: [
        ...answer.services.results.map((s) => ({
          key: s.id,
          href: to.serviceDetails(s.id),
          title: s.name,
          detail: [s.vendor.business_name, formatMoney(s.price), place(s.city, s.distance_km)].filter(Boolean).join(' · '),
        })),
        ...seeAll('services', answer.services.count, answer.services.count_capped, answer.services.results.length, `${paths.servicesBrowse}?q=${q}`),
      ],
    },
    {
      kind: 'vendors',
      label: 'Vendors',
      icon: Store,
      hits: [
        ...answer.vendors.results.map((v) => ({
          key: v.id,
          href: to.vendorProfile(v.user_id),
          title: v.business_name,
          detail: [v.category, v.rating_avg === null ? null : `${v.rating_avg.toFixed(1)} ★ (${v.rating_count})`, place(v.city, v.distance_km)].filter(Boolean).join(' · '),
        })),
        ...seeAll('vendors', answer.vendors.count, answer.vendors.count_capped, answer.vendors.results.length, `${paths.vendor}?q=${q}`),
      ],
    },
  ];
  return groups.filter((g) => g.hits.length > 0);
}

export type MarketplaceSearchProps = {
  /** The field's name for screen readers (it shows a magnifier and a placeholder, no visible label). */
  label?: string;
  placeholder?: string;
  /** Larger, for the landing page's hero. */
  size?: 'regular' | 'large';
};

type LoadedSearchProps = MarketplaceSearchProps & {
  /** What was typed into the light box (SearchBox) before this one loaded. */
  initialText?: string;
  /** Takes the focus once shown: the light box had it. */
  focusOnMount?: boolean;
};

/**
 * One search box across deals, activities, services and vendors near the person's area: the matches grouped by kind as
 * they type (an accessible combobox: arrow keys move through every result, Enter opens one, Escape closes the list),
 * each group with "See all" on its own page when there are more, and a live message when nothing matches or the search
 * failed. Typos of a short word still match (the server's trigram search).
 */
export function MarketplaceSearch({ label = searchLabel, placeholder = searchPlaceholder, size = 'regular', initialText = '', focusOnMount = false }: LoadedSearchProps) {
  const inputId = useId();
  const navigate = useNavigate();
  const [text, setText] = useState(initialText);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const input = inputRef.current;
    if (!focusOnMount || !input) return;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
    // Only when it first shows: the light box it replaces had the focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const typed = useDebouncedValue(text.trim(), searchDebounceMs);
  const search = useMarketplaceSearch(typed);
  const enough = text.trim().length >= searchMinLength;
  const groups = enough && search.data ? groupsOf(search.data) : [];
  // Said once the search has answered for what is typed now (not while the debounce waits or a search runs).
  const answeredNow = enough && typed === text.trim() && !search.isFetching;
  const noMatch = answeredNow && search.isSuccess && groups.length === 0;
  const failed = answeredNow && search.isError;

  return (
    <div className="relative min-w-0">
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <Combobox<Hit | null>
        value={null}
        onChange={(hit) => {
          if (!hit) return;
          setText('');
          void navigate(hit.href);
        }}
      >
        <div className="relative">
          <Search aria-hidden="true" className={searchIconClass(size)} />
          <ComboboxInput
            ref={inputRef}
            id={inputId}
            type="search"
            maxLength={100}
            autoComplete="off"
            placeholder={placeholder}
            aria-describedby={`${inputId}-status`}
            className={searchInputClass(size)}
            displayValue={() => text}
            onChange={(event) => setText(event.target.value)}
          />
          {search.isFetching && enough && (
            <LoaderCircle aria-hidden="true" className="absolute top-1/2 right-4 size-4 -translate-y-1/2 animate-spin text-slate-400" />
          )}
        </div>
        {/* A live region present from the start, so what appears in it is announced. */}
        <div id={`${inputId}-status`} role="status" className="text-sm empty:hidden">
          {noMatch && <p className="mt-2 text-slate-700 [overflow-wrap:anywhere]">Nothing near you matches “{typed}”. Check the spelling or try another word.</p>}
          {failed && <p className="mt-2 text-red-700">The search did not answer just now. Check your connection and try again.</p>}
        </div>
        {groups.length > 0 && (
          <ComboboxOptions
            modal={false}
            aria-label={`Results for ${typed}`}
            className="absolute top-full z-30 mt-2 max-h-[70vh] w-full overflow-y-auto rounded-2xl border border-slate-200 bg-white py-2 text-left shadow-xl"
          >
            {groups.map((group) => (
              <div key={group.kind} role="group" aria-labelledby={`${inputId}-${group.kind}`} className="border-t border-slate-100 py-1 first:border-t-0">
                <p id={`${inputId}-${group.kind}`} className="flex items-center gap-2 px-4 pt-1.5 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                  <group.icon aria-hidden="true" className="size-3.5" />
                  {group.label}
                </p>
                {group.hits.map((hit) => (
                  <ComboboxOption
                    key={hit.key}
                    value={hit}
                    className="group flex cursor-pointer items-center gap-2 px-4 py-2 text-sm text-slate-800 data-focus:bg-teal-50 data-focus:text-teal-900"
                  >
                    {hit.more ? (
                      <span className="flex items-center gap-1 font-medium text-teal-800">
                        {hit.title}
                        <ArrowRight aria-hidden="true" className="size-3.5" />
                      </span>
                    ) : (
                      <span className="min-w-0">
                        <span className="block font-medium [overflow-wrap:anywhere]">{hit.title}</span>
                        {hit.detail && <span className="block text-xs text-slate-600 [overflow-wrap:anywhere]">{hit.detail}</span>}
                      </span>
                    )}
                  </ComboboxOption>
                ))}
              </div>
            ))}
          </ComboboxOptions>
        )}
      </Combobox>
    </div>
  );
}
