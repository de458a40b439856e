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

/** Where vite-plugin-pwa writes the worker (vite.config.ts), for the whole site. */
const workerUrl = '/sw.js';

/**
 * Registers the installable app's service worker (vite-plugin-pwa's sw.js, built by vite.config.ts) once the page has
 * loaded. A new version waits until the person chooses Reload in the toast: the worker then takes over and the page
 * reloads, so no page runs half old, half new code. Loaded by main.tsx in the built app only, as its own small chunk.
 * The browser's own API rather than workbox-window (vite-plugin-pwa's registerSW): the same steps in a few lines, and
 * 2.8 KB less JavaScript for every first visit (issue 16's budget for /).
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  if (document.readyState !== 'complete') await new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
  let registration: ServiceWorkerRegistration | undefined;
  try {
    registration = await navigator.serviceWorker.register(workerUrl, { scope: '/' });
  } catch (error) {
    // A warning, not an error: the app works as before, only not offline (private windows, a browser or a test run
    // that blocks workers: Playwright's stub answers register() with nothing).
    console.warn('[LocalLoop] No offline support: the service worker did not register.', error instanceof Error ? error.message : error);
    return;
  }
  if (!registration) return;
  const offer = (waiting: ServiceWorker) => {
    toast.info(
      <UpdateToast
        onReload={() => {
          // The page reloads once the new worker controls it (clientsClaim), not before: no half old, half new page.
          navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
          waiting.postMessage({ type: 'SKIP_WAITING' });
        }}
      />,
      { toastId: updateToastId, autoClose: false, closeOnClick: false },
    );
  };
  // A new version is waiting only when an older one controls this page; the very first install needs no reload.
  if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && navigator.serviceWorker.controller) offer(installing);
    });
  });
  setInterval(() => void registration.update().catch(() => undefined), updateCheckMs);
}
