import { useSyncExternalStore } from 'react';

/** Chromium's offer to install the web app (not in TypeScript's DOM types: it is not a standard yet). */
export type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
};

export type InstallState = 'installed' | 'promptable' | 'manual';

let offer: BeforeInstallPromptEvent | null = null;
let installedNow = false;
let capturing = false;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/**
 * Keeps the browser's install offer from the page's first moments: it fires once, often before a lazily loaded page
 * (/appDownload) exists to hear it. main.tsx calls this at start; the browser's own install UI stays as it is.
 */
export function captureInstallPrompt(): void {
  if (capturing) return;
  capturing = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    offer = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    installedNow = true;
    notify();
  });
}

/** Running as the installed app: Chromium and Firefox report the display mode, iOS Safari its own flag. */
function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia('(display-mode: standalone)').matches;
}

function installState(): InstallState {
  if (installedNow || isStandalone()) return 'installed';
  return offer ? 'promptable' : 'manual';
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install dialog (once per offer); resolves true when the person accepted. */
export async function promptInstall(): Promise<boolean> {
  const current = offer;
  if (!current) return false;
  // An offer can be shown once: the browser makes a new one if the person says no.
  offer = null;
  notify();
  await current.prompt();
  const { outcome } = await current.userChoice;
  if (outcome === 'accepted') {
    installedNow = true;
    notify();
  }
  return outcome === 'accepted';
}

export function useInstallState(): InstallState {
  return useSyncExternalStore(subscribe, installState, () => 'manual');
}

/** Unit tests share one module graph: each starts with no offer and nothing installed. */
export function resetInstallPrompt(): void {
  offer = null;
  installedNow = false;
}
