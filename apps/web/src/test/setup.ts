import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { pageDownloads } from '../shell/lazy-page.ts';
import { restoreApiStub } from './api-stub.ts';
import { resetConnectivity } from '../lib/connectivity.ts';
import { takeUnexpectedConsoleCalls } from './console.ts';
import { installMatchMedia, resetViewport } from './media.ts';

// jsdom lacks these browser APIs; Headless UI and useIsNarrow need them. Installed before any test
// so Headless UI never falls back to its own polyfill (which warns).
if (!('getAnimations' in Element.prototype)) {
  Object.defineProperty(Element.prototype, 'getAnimations', { value: () => [], configurable: true });
}
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// jsdom does not scroll. The window's position is kept here, and moving it fires a scroll event, as a browser would.
function scrollWindowTo(xOrOptions?: number | ScrollToOptions, y?: number): void {
  const top = typeof xOrOptions === 'object' ? (xOrOptions.top ?? window.scrollY) : (y ?? 0);
  Object.defineProperty(window, 'scrollY', { value: top, configurable: true, writable: true });
  Object.defineProperty(window, 'pageYOffset', { value: top, configurable: true, writable: true });
  window.dispatchEvent(new Event('scroll'));
}
Object.defineProperty(window, 'scrollTo', { value: scrollWindowTo, configurable: true, writable: true });

// findBy… and waitFor wait up to 10 s, not 1 s: a lazily loaded page can take seconds on a busy 2-core machine.
// A passing wait ends as soon as its condition holds, so this costs nothing unless a test is failing anyway.
// The project's testTimeout (vitest.config.ts) stays well above it, so a slow wait fails as itself, not as a timeout.
configure({ asyncUtilTimeout: 10_000 });

installMatchMedia();

/**
 * jsdom has no geolocation. By default a browser that never answers (a permission prompt left open),
 * so the user header's detection on mount stays quiet in tests about something else; the location
 * tests install their own with vi.stubGlobal('navigator', …) or by redefining this.
 */
export const pendingGeolocation: Geolocation = {
  getCurrentPosition: () => undefined,
  watchPosition: () => 0,
  clearWatch: () => undefined,
};

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  Object.defineProperty(window.navigator, 'geolocation', { value: pendingGeolocation, configurable: true, writable: true });
  // jsdom has no Permissions API either; a test that needs one installs it.
  Object.defineProperty(window.navigator, 'permissions', { value: undefined, configurable: true, writable: true });
});

afterEach(() => {
  cleanup();
  restoreApiStub();
  resetConnectivity();
  window.localStorage.clear();
  resetViewport();
  scrollWindowTo(0, 0);
  vi.unstubAllGlobals();
  vi.useRealTimers();
  const unexpected = takeUnexpectedConsoleCalls();
  if (unexpected.length > 0) {
    throw new Error(`Unexpected console output during the test:\n${unexpected.join('\n')}`);
  }
});

// A page the file's last render began to import finishes importing while the file's jsdom still exists.
afterAll(async () => {
  await Promise.all([...pageDownloads]);
});
