import { useSwitchView } from './use-switch-view.ts';
import type { ViewRole } from '../session/storage.ts';

const views: { view: ViewRole; label: string }[] = [
  { view: 'vendor', label: 'Vendor' },
  { view: 'user', label: 'User' },
];

/** Vendor/User toggle for approved vendors; renders nothing for anyone else. */
export function ViewToggle() {
  const switcher = useSwitchView();
  if (!switcher) return null;
  return (
    <div role="group" aria-label="View as" className="flex rounded-xl bg-slate-100 p-1 text-sm font-medium" data-testid="view-toggle">
      {views.map(({ view, label }) => {
        const active = switcher.current === view;
        return (
          <button
            key={view}
            type="button"
            aria-pressed={active}
            onClick={() => {
              if (!active) switcher.switchTo(view);
            }}
            className={`rounded-lg px-3 py-1.5 transition-colors ${
              active ? 'bg-white text-teal-800 shadow-sm' : 'text-slate-600 hover:text-slate-900'
            }`}
          >
            {label}
          </button>
        );
      })}
    </div>
  );
}
