import { useCallback, useEffect, useState } from 'react';

/**
 * Whether an element has come within `margin` of the window's view (once true, it stays so): a section below the fold
 * asks for its data and draws itself then, not in the page's first second, when the main thread is busiest (a deal's
 * ratings: Lighthouse's blocking time on a deal's page 157-322 ms with them loaded at once, 149-208 ms without; issue 16).
 * Without IntersectionObserver (jsdom, an old browser) everything counts as near.
 */
export function useNearView<T extends Element>(margin = '600px 0px'): [ref: (node: T | null) => void, near: boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const [node, setNode] = useState<T | null>(null);
  useEffect(() => {
    if (near || !node) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true);
    }, { rootMargin: margin });
    observer.observe(node);
    return () => observer.disconnect();
  }, [near, node, margin]);
  const ref = useCallback((el: T | null) => setNode(el), []);
  return [ref, near];
}
