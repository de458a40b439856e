import { Menu as MenuIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * The sticky bar every header shares; the testid names which header is showing. `decorative` hides it from assistive
 * technology (the placeholder that stands in for a header says nothing of its own).
 */
export function HeaderBar({ testId, children, decorative = false }: { testId: string; children: ReactNode; decorative?: boolean }) {
  return (
    <header
      data-testid={testId}
      aria-hidden={decorative || undefined}
      className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur-md"
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 lg:gap-3 lg:px-8 2xl:gap-4">{children}</div>
    </header>
  );
}

/**
 * Opens the side menu, which replaces the header's links on narrower windows; the header hides it (with its
 * wrapper) where the full bar shows.
 */
export function MenuToggleButton({ open, onOpen }: { open: boolean; onOpen: () => void }) {
  return (
    <button type="button" onClick={onOpen} aria-label="Open menu" aria-expanded={open} className="btn-ghost -mr-2 p-2">
      <MenuIcon aria-hidden="true" className="size-6" />
    </button>
  );
}
