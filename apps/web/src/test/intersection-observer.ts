import { act } from '@testing-library/react';
import { vi } from 'vitest';

/** An IntersectionObserver the test drives: `cross(true)` tells every watcher its element came within the margin. */
export function installIntersectionObserver() {
  const watchers: { callback: IntersectionObserverCallback; margin: string | undefined; targets: Element[]; live: boolean }[] = [];
  class FakeObserver {
    private readonly w;
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.w = { callback, margin: options?.rootMargin, targets: [] as Element[], live: true };
      watchers.push(this.w);
    }
    observe(el: Element) {
      this.w.targets.push(el);
    }
    disconnect() {
      this.w.live = false;
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  const cross = (isIntersecting: boolean) =>
    act(() => {
      for (const w of watchers.filter((x) => x.live)) w.callback(w.targets.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry), {} as IntersectionObserver);
    });
  return { watchers, cross };
}
