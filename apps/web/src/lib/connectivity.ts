import { useSyncExternalStore } from 'react';

/**
 * Whether LocalLoop can be reached: the browser's own online flag (and its online/offline events), and what the API
 * client last saw (a call that failed on the network, or one that got an answer). A tiny store of its own, free of the
 * client and its schemas, so the shell's offline banner costs nothing on the first load.
 */
let unreachable = false;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/** A call could not reach the server (no network, server down): the shell says so until something gets through. */
export function reportUnreachable(): void {
  if (unreachable) return;
  unreachable = true;
  notify();
}

/** A call got an answer, whatever its status: the server is reachable again. */
export function reportReachable(): void {
  if (!unreachable) return;
  unreachable = false;
  notify();
}

/** Unit tests share one module graph: each starts reachable (src/test/setup.ts). */
export function resetConnectivity(): void {
  unreachable = false;
}

export function isOffline(): boolean {
  return unreachable || (typeof navigator !== 'undefined' && !navigator.onLine);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onOnline = () => {
    // Back online: the next call tells whether the server answers; until then, believe the browser.
    unreachable = false;
    listener();
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', listener);
  };
}

export function useIsOffline(): boolean {
  return useSyncExternalStore(subscribe, isOffline, () => false);
}
