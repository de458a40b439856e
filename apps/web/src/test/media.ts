/** A wide window by default; tests of narrow layouts call setViewportWidth(). */
let viewportWidth = 1280;
const mediaListeners = new Set<() => void>();

export function setViewportWidth(width: number): void {
  viewportWidth = width;
  for (const listener of mediaListeners) listener();
}

function evaluate(query: string): boolean {
  const max = /max-width:\s*([\d.]+)px/.exec(query);
  const min = /min-width:\s*([\d.]+)px/.exec(query);
  if (max?.[1] !== undefined && viewportWidth > Number(max[1])) return false;
  if (min?.[1] !== undefined && viewportWidth < Number(min[1])) return false;
  return true;
}

/** A matchMedia that answers width queries from setViewportWidth(). */
export function installMatchMedia(): void {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string): MediaQueryList => {
      const changeListeners = new Map<EventListenerOrEventListenerObject, () => void>();
      const list = {
        media: query,
        get matches() {
          return evaluate(query);
        },
        onchange: null,
        addEventListener: (_type: string, listener: EventListenerOrEventListenerObject) => {
          const wrapped = () => {
            const event = { matches: evaluate(query), media: query } as MediaQueryListEvent;
            if (typeof listener === 'function') listener(event);
            else listener.handleEvent(event);
          };
          changeListeners.set(listener, wrapped);
          mediaListeners.add(wrapped);
        },
        removeEventListener: (_type: string, listener: EventListenerOrEventListenerObject) => {
          const wrapped = changeListeners.get(listener);
          if (wrapped) mediaListeners.delete(wrapped);
          changeListeners.delete(listener);
        },
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      };
      return list as MediaQueryList;
    },
  });
}

export function resetViewport(): void {
  viewportWidth = 1280;
  mediaListeners.clear();
}
