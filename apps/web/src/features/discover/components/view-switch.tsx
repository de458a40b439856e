import { List, Map as MapIcon } from 'lucide-react';

export type DiscoverView = 'list' | 'map';

const views: { view: DiscoverView; label: string; icon: typeof List }[] = [
  { view: 'list', label: 'List', icon: List },
  { view: 'map', label: 'Map', icon: MapIcon },
];

/** List or map: two toggle buttons, one pressed (as the header's Vendor/User switch). */
export function ViewSwitch({ value, onChange }: { value: DiscoverView; onChange: (view: DiscoverView) => void }) {
  return (
    <div role="group" aria-label="View" className="inline-flex shrink-0 self-start rounded-xl bg-slate-100 p-1 text-sm font-medium">
      {views.map(({ view, label, icon: Icon }) => {
        const active = value === view;
        return (
          <button
            key={view}
            type="button"
            aria-pressed={active}
            onClick={() => {
              if (!active) onChange(view);
            }}
            className={`inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 ${
              active ? 'bg-white text-teal-800 shadow-sm' : 'text-slate-700 hover:text-slate-900'
            }`}
          >
            <Icon aria-hidden="true" className="size-4" />
            {label}
          </button>
        );
      })}
    </div>
  );
}
