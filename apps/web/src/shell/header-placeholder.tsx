import { HeaderBar } from './header-bar.tsx';
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
    <HeaderBar testId="header-placeholder" decorative>
      <LogoPicture />
    </HeaderBar>
  );
}
