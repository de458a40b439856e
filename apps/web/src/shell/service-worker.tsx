import { toast } from '../lib/toast.ts';

/** One toast however often the worker reports the same waiting version. */
const updateToastId = 'app-update';
/** A tab left open for days still hears of a new version: the browser only checks on navigations and reloads. */
const updateCheckMs = 60 * 60 * 1000;

function UpdateToast({ onReload }: { onReload: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <span>A new version of LocalLoop is ready.</span>
      <button
        type="button"
        onClick={onReload}
        className="rounded-lg bg-teal-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
      >
        Reload
      </button>
    </div>
  );
}

/**
 * Registers the installable app's service worker (vite-plugin-pwa's sw.js, built by vite.config.ts) once the page has
 * loaded. A new version waits until the person chooses Reload in the toast: the worker then takes over and the page
 * reloads, so no page runs half old, half new code. Loaded by main.tsx in the built app only, as its own small chunk.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const { registerSW } = await import('virtual:pwa-register');
  const updateServiceWorker = registerSW({
    onNeedRefresh() {
      toast.info(<UpdateToast onReload={() => void updateServiceWorker(true)} />, {
        toastId: updateToastId,
        autoClose: false,
        closeOnClick: false,
      });
    },
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => void registration.update().catch(() => undefined), updateCheckMs);
    },
    onRegisterError(error: unknown) {
      // A warning, not an error: the app works as before, only not offline (private windows, a browser or a test run
      // that blocks workers: Playwright's stub answers register() with nothing).
      console.warn('[LocalLoop] No offline support: the service worker did not register.', error instanceof Error ? error.message : error);
    },
  });
}
