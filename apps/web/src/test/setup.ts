import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { restoreApiStub } from './api-stub.ts';
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

installMatchMedia();

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(() => {
  cleanup();
  restoreApiStub();
  window.localStorage.clear();
  resetViewport();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  const unexpected = takeUnexpectedConsoleCalls();
  if (unexpected.length > 0) {
    throw new Error(`Unexpected console output during the test:\n${unexpected.join('\n')}`);
  }
});
