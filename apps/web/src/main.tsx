// First: before any of the contract's schemas is built (lib/zod-without-eval.ts).
import './lib/zod-without-eval.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import 'react-toastify/ReactToastify.css';
import './index.css';
import { App } from './app/App.tsx';
import { config } from './config.ts';
import { earlyAnswersSettled } from './lib/early-fetch.ts';
import { captureInstallPrompt } from './lib/install-prompt.ts';
import { preloadPageAt } from './routes.tsx';

const pageIn = preloadPageAt(window.location.pathname);
captureInstallPrompt();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');

/**
 * The first render waits, a moment at most, for the page's own chunk (the boot script preloads it beside the entry's)
 * and the answer the boot script asked for. Rendered before the chunk, the shell shows the page's spinner, and React
 * then holds the page back until the spinner has been on screen for 300 ms (its throttle of Suspense reveals): on a
 * deal's page in Lighthouse's trace, 217 ms between the chunk being in and the page's first paint. Rendered before the
 * answer, the page draws its skeleton and then draws itself again. index.html's header bar shows meanwhile.
 */
const firstRenderWaitMs = 1000;
const ready = Promise.all([pageIn, earlyAnswersSettled()]);
void Promise.race([ready, new Promise((resolve) => setTimeout(resolve, firstRenderWaitMs))]).then(() => {
  const app = createRoot(root);
  // A transition, so React renders the first page in slices of a few milliseconds, the main thread free between them,
  // instead of one task (a deal's page: 120-230 ms at Lighthouse's 4x, most of its blocking time). index.html's header
  // bar stays on screen until the page is ready to show.
  startTransition(() => {
    app.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});

// The installable app's worker, in the built app only (never under `npm run dev` nor in jsdom); its code is a chunk of
// its own that loads after the first render.
if (config.serviceWorker) {
  void import('./shell/service-worker.tsx').then(({ registerServiceWorker }) => registerServiceWorker());
}
