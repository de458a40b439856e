import { LogoPicture } from './logo.tsx';

/**
 * The header's bar with the mark only, at every header's height: what a page shows before the app runs (the build
 * writes it into index.html, vite.config.ts appShell), and while the session is read or the signed-in header loads.
 * A phone on a slow network sees LocalLoop's bar as soon as the HTML and CSS are in, not a blank page until the
 * scripts have run; nothing moves when the real header replaces it. Hidden from assistive technology: it says nothing
 * the real header does not.
 */
export function HeaderPlaceholder() {
  return (
    <div aria-hidden="true" data-testid="header-placeholder" className="sticky top-0 z-40 border-b border-slate-200/80 bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center px-4 sm:px-6 lg:px-8">
        <LogoPicture />
      </div>
    </div>
  );
}
