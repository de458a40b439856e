import { useEffect, useLayoutEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** How long after a route change the new page's h1 is waited for (a lazy page and its data on a slow phone). */
const headingWaitMs = 10_000;
/** How long a restored position on Back waits for the page to grow tall enough to hold it. */
const restoreWaitMs = 2_000;

/**
 * What a route change does to the window, as a multi-page site would: a new page opens at its top with the focus on
 * its h1 (a screen reader announces it; Tab continues from there), Back and Forward return to where the person was.
 * A change of only the query or the hash (a directory filter, a fragment) is not a new page: nothing moves.
 *
 * The first page keeps the browser's own behaviour (a reload keeps its place; the focus starts at the document).
 */
export function useRouteFocus(mainRef: RefObject<HTMLElement | null>): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const shown = useRef<{ key: string; pathname: string } | null>(null);

  // Restoring by hand, after the new page has rendered; the browser's own restoration comes back for a reload.
  useEffect(() => {
    const manual = () => (window.history.scrollRestoration = 'manual');
    const auto = () => (window.history.scrollRestoration = 'auto');
    manual();
    window.addEventListener('pagehide', auto);
    window.addEventListener('pageshow', manual);
    return () => {
      auto();
      window.removeEventListener('pagehide', auto);
      window.removeEventListener('pageshow', manual);
    };
  }, []);

  // Where the person is on the page each history entry shows, for Back and Forward. A scroll is counted for the
  // entry shown when it happens: the route change below switches the entry before it scrolls the new page.
  const currentKey = useRef(location.key);
  useEffect(() => {
    const save = () => positions.current.set(currentKey.current, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, []);

  useLayoutEffect(() => {
    const previous = shown.current;
    shown.current = { key: location.key, pathname: location.pathname };
    currentKey.current = location.key;
    if (!previous || previous.key === location.key) return;
    if (previous.pathname === location.pathname) {
      if (location.hash) scrollToFragment(location.hash);
      return;
    }
    const saved = navigationType === 'POP' ? positions.current.get(location.key) : undefined;
    window.scrollTo(0, 0);
    const stops = [focusHeadingWhenShown(mainRef)];
    if (saved) stops.push(restoreWhenTallEnough(saved));
    return () => {
      for (const stop of stops) stop();
    };
  }, [location.key, location.pathname, location.hash, navigationType, mainRef]);
}

function scrollToFragment(hash: string): void {
  try {
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  } catch {
    // A fragment that is not an element's id (a token): nothing to scroll to.
  }
}

/** Anything the person does first wins over what the page would do for them. */
function untilThePersonActs(stop: () => void): () => void {
  const events = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
  for (const type of events) window.addEventListener(type, stop, { capture: true, passive: true });
  return () => {
    for (const type of events) window.removeEventListener(type, stop, { capture: true });
  };
}

/**
 * Focuses the new page's h1 once it is there. Waits for the page's chunk and data (the spinner has no h1) and for a
 * menu or dialog that closed with the navigation to give its focus back; leaves the focus alone when the page set it
 * itself (an autofocused code field).
 */
function focusHeadingWhenShown(mainRef: RefObject<HTMLElement | null>): () => void {
  const focusedBefore = document.activeElement;
  let frame = 0;
  let finished = false;
  const observer = new MutationObserver(() => schedule());
  const timeout = window.setTimeout(() => stop(), headingWaitMs);
  const unlisten = untilThePersonActs(() => stop());

  function stop() {
    finished = true;
    window.cancelAnimationFrame(frame);
    window.clearTimeout(timeout);
    observer.disconnect();
    unlisten();
  }
  function schedule() {
    if (finished) return;
    window.cancelAnimationFrame(frame);
    frame = window.requestAnimationFrame(attempt);
  }
  function attempt() {
    const main = mainRef.current;
    if (finished || !main) return;
    const active = document.activeElement;
    if (active && active !== focusedBefore && active !== document.body && main.contains(active)) {
      stop();
      return;
    }
    if (document.querySelector('[role="menu"], [role="dialog"][aria-modal="true"]')) return;
    const heading = main.querySelector('h1');
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
    stop();
  }

  observer.observe(document.body, { childList: true, subtree: true });
  schedule();
  return stop;
}

/** Back to a page: its old position, once the page (lazy, its data loading) is tall enough to hold it. */
function restoreWhenTallEnough(y: number): () => void {
  let frame = 0;
  const started = performance.now();
  const unlisten = untilThePersonActs(() => stop());
  function stop() {
    window.cancelAnimationFrame(frame);
    unlisten();
  }
  function attempt() {
    const room = document.documentElement.scrollHeight - window.innerHeight;
    if (room >= y || performance.now() - started > restoreWaitMs) {
      window.scrollTo(0, y);
      stop();
      return;
    }
    frame = window.requestAnimationFrame(attempt);
  }
  frame = window.requestAnimationFrame(attempt);
  return stop;
}
