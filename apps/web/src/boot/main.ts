// The boot script's entry (see README.md): runs once, before the app's bundles, as a classic script.
import { srcSetOf } from '../components/image-sources.ts';
import { config } from '../config.ts';
import { startEarlyFetch } from '../lib/early-fetch.ts';
import type { EarlyPageName } from './early-pages.ts';
import { earlyPageData } from './page-data.ts';

/** Each early page's chunks beyond the entry's (which index.html preloads already), written in by the build. */
declare const __EARLY_PAGE_CHUNKS__: Partial<Record<EarlyPageName, readonly string[]>>;

function addLink(attributes: Record<string, string>): void {
  const link = document.createElement('link');
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
  document.head.append(link);
}

try {
  const early = earlyPageData(window.location.pathname, window.location.search, config.apiBaseUrl);
  if (early) {
    // The answer first: over HTTP/1.1 a browser opens six connections to a host, and the page's chunks asked for before
    // it held them all, so the answer (and the picture it names) waited behind thirty scripts.
    const answer = startEarlyFetch(early.url);
    // The page's own code downloads beside the entry's instead of after the entry has run.
    for (const href of __EARLY_PAGE_CHUNKS__[early.page] ?? []) addLink({ rel: 'modulepreload', crossorigin: '', href });
    answer
      .then((body) => {
        const lead = early.leadImageOf(body);
        // The same srcset and sizes as the <img>: the browser picks the same file, and the <img> finds it downloaded.
        if (lead) addLink({ rel: 'preload', as: 'image', imagesrcset: srcSetOf(lead.image), imagesizes: lead.sizes, fetchpriority: 'high' });
      })
      .catch(() => undefined);
  }
} catch {
  // Only a head start: the app asks for everything itself when this does not run.
}

/**
 * ICU's data, which the page's first Intl formatter loads (prices, dates, counts): about 20 ms of a phone's main thread
 * (70 ms at Lighthouse's 4× slowdown; 176–209 ms at 4× on 2026-12-06's machine, nearly all of it the first use, the date
 * formatter 20–31 ms after it), paid once per page load. Loaded in a task of its own now, while the network brings
 * the app's scripts and the main thread waits, instead of inside their evaluation or the first render. A formatter of
 * each kind the pages use first (a number, a day and time) is made here for the same reason; the app makes its own.
 */
setTimeout(() => {
  try {
    (0).toLocaleString('en-US');
    new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(0);
  } catch {
    // Only a head start.
  }
}, 0);

