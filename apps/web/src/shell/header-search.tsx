import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { SearchBox } from '../features/search/components/search-box.tsx';

/**
 * The marketplace search in a signed-in header on a laptop: the bar has no room left for a field beside five groups,
 * the location, the bell and the avatar, so a Search button opens it in a row under the bar, focused. Escape or the
 * button closes it and gives the focus back; opening a result (another page) closes it too.
 */
export function HeaderSearch() {
  const panelId = useId();
  const { pathname } = useLocation();
  // Open on the page where it was opened: a result's page shows without it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpenOn(null);
    buttonRef.current?.focus();
  };
  useEffect(() => {
    if (!open) return;
    // The results list handles its own Escape first (it closes and stops the event); the next one closes the panel.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setOpenOn(null);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close() : setOpenOn(pathname))}
        className="btn-ghost p-2"
      >
        {open ? <X aria-hidden="true" className="size-5" /> : <Search aria-hidden="true" className="size-5" />}
        <span className="sr-only">{open ? 'Close search' : 'Search'}</span>
      </button>
      {open && (
        <div
          id={panelId}
          role="search"
          aria-label="Search LocalLoop"
          className="absolute inset-x-0 top-full border-b border-slate-200 bg-white/95 shadow-sm backdrop-blur-md"
        >
          <div className="mx-auto max-w-3xl px-4 py-3 sm:px-6 lg:px-8">
            <SearchBox label="Search deals, activities, services and vendors near you" focusOnMount />
          </div>
        </div>
      )}
    </>
  );
}
