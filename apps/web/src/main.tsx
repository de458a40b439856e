// First: before any of the contract's schemas is built (lib/zod-without-eval.ts).
import './lib/zod-without-eval.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'react-toastify/ReactToastify.css';
import './index.css';
import { App } from './app/App.tsx';
import { config } from './config.ts';
import { captureInstallPrompt } from './lib/install-prompt.ts';
import { preloadPageAt } from './routes.tsx';

preloadPageAt(window.location.pathname);
captureInstallPrompt();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The installable app's worker, in the built app only (never under `npm run dev` nor in jsdom); its code is a chunk of
// its own that loads after the first render.
if (config.serviceWorker) {
  void import('./shell/service-worker.tsx').then(({ registerServiceWorker }) => registerServiceWorker());
}
