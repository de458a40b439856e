import { useState } from 'react';
import { useIsNarrow } from '../lib/use-is-narrow.ts';

/** Side-menu state that closes by itself when the window grows past the breakpoint. */
export function useSideMenu(): { open: boolean; show: () => void; hide: () => void } {
  const narrow = useIsNarrow();
  const [wanted, setWanted] = useState(false);
  return { open: wanted && narrow, show: () => setWanted(true), hide: () => setWanted(false) };
}
