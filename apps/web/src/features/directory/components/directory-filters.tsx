import { vendorCategories } from '@localloop/contract';
import type { VendorCategory } from '@localloop/contract';

import { useId } from 'react';
import { SearchField } from '../../../components/search-field.tsx';
import { inputClass } from '../../../components/text-field.tsx';
import { radiusOptionsKm } from '../api/get-vendors.ts';
import type { VendorFilters, VendorSort } from '../api/get-vendors.ts';

type DirectoryFiltersProps = {
  search: string;
  onSearchChange: (value: string) => void;
  filters: VendorFilters;
  onChange: (change: Partial<VendorFilters>) => void;
};

const selectClass = `${inputClass} py-2 pr-9 text-sm md:w-auto`;
const chipBase = 'shrink-0 rounded-full border px-3.5 py-1.5 text-sm font-medium transition-colors';
const chipOff = `${chipBase} border-slate-300 bg-white text-slate-700 hover:border-teal-400 hover:text-teal-800`;
const chipOn = `${chipBase} border-teal-700 bg-teal-700 text-white`;

/** Search (the page debounces it), category chips, sort and radius. */
export function DirectoryFilters({ search, onSearchChange, filters, onChange }: DirectoryFiltersProps) {
  const id = useId();
  const chooseCategory = (category: VendorCategory | null) => onChange({ category });
  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 md:flex-row md:items-end">
        <SearchField label="Search vendors" placeholder="Search by name or category" value={search} onChange={onSearchChange} onClear={() => onSearchChange('')} />
        <div className="flex gap-3">
          <div className="flex-1 md:flex-none">
            <label htmlFor={`${id}-sort`} className="mb-1 block text-xs font-medium text-slate-600">
              Sort by
            </label>
            <select id={`${id}-sort`} value={filters.sort} onChange={(event) => onChange({ sort: event.target.value as VendorSort })} className={selectClass}>
              <option value="distance">Nearest</option>
              <option value="rating">Top rated</option>
            </select>
          </div>
          <div className="flex-1 md:flex-none">
            <label htmlFor={`${id}-radius`} className="mb-1 block text-xs font-medium text-slate-600">
              Distance
            </label>
            <select
              id={`${id}-radius`}
              value={filters.radiusKm}
              onChange={(event) => onChange({ radiusKm: Number(event.target.value) })}
              className={selectClass}
            >
              {radiusOptionsKm.map((km) => (
                <option key={km} value={km}>
                  Within {km} km
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>
      <div role="group" aria-label="Category" className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0">
        <button type="button" aria-pressed={filters.category === null} onClick={() => chooseCategory(null)} className={filters.category === null ? chipOn : chipOff}>
          All
        </button>
        {vendorCategories.map((category) => (
          <button
            key={category}
            type="button"
            aria-pressed={filters.category === category}
            onClick={() => chooseCategory(filters.category === category ? null : category)}
            className={filters.category === category ? chipOn : chipOff}
          >
            {category}
          </button>
        ))}
      </div>
    </div>
  );
}
