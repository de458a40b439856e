import { useSyncExternalStore } from 'react';

/** Below this width the headers switch to the slide-in side menu (spec section 9). */
export const narrowBreakpoint = 1024;

function queryFor(breakpoint: number): string {
  return `(max-width: ${breakpoint - 0.02}px)`;
}

/** True while the window is narrower than `breakpoint` px; follows resizes. */
export function useIsNarrow(breakpoint: number = narrowBreakpoint): boolean {
  const query = queryFor(breakpoint);
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
