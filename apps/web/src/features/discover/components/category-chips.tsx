import { discoverCategories } from '@localloop/contract';
import type { DiscoverCategory } from '@localloop/contract';

type CategoryChipsProps = {
  value: DiscoverCategory | null;
  onChange: (category: DiscoverCategory | null) => void;
};

const chipClass = (pressed: boolean) =>
  `shrink-0 whitespace-nowrap rounded-full border px-3.5 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 ${
    pressed ? 'border-teal-700 bg-teal-700 text-white' : 'border-slate-300 bg-white text-slate-700 hover:border-teal-600 hover:text-teal-800'
  }`;

/**
 * The themes as toggle buttons, All first; one is pressed at a time. On a phone the row scrolls on its own (the page
 * does not), from 640 px it wraps.
 */
export function CategoryChips({ value, onChange }: CategoryChipsProps) {
  const chips: { slug: DiscoverCategory | null; label: string }[] = [{ slug: null, label: 'All' }, ...discoverCategories.map((c) => ({ slug: c.slug, label: c.label }))];
  return (
    <div role="group" aria-label="Categories" className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-0">
      {chips.map((chip) => {
        const pressed = chip.slug === value;
        return (
          <button
            key={chip.slug ?? 'all'}
            type="button"
            aria-pressed={pressed}
            className={chipClass(pressed)}
            onClick={() => {
              if (!pressed) onChange(chip.slug);
            }}
          >
            {chip.label}
          </button>
        );
      })}
    </div>
  );
}
