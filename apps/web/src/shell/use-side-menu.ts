import { useState } from 'react';
import { useIsNarrow } from '../lib/use-is-narrow.ts';

/** Side-menu state that closes by itself when the window grows past the breakpoint (where the full bar shows). */
export function useSideMenu(breakpoint?: number): { open: boolean; show: () => void; hide: () => void } {
  const narrow = useIsNarrow(breakpoint);
  const [wanted, setWanted] = useState(false);
  return { open: wanted && narrow, show: () => setWanted(true), hide: () => setWanted(false) };
}
