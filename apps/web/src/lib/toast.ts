import { createElement, lazy, Suspense, useSyncExternalStore } from 'react';
import type * as ToastifyModule from 'react-toastify/unstyled';
import type { ToastContainerProps, ToastContent, ToastOptions } from 'react-toastify/unstyled';

// Always the unstyled entry: the default one injects a <style> tag, which the server's
// Content-Security-Policy (style-src 'self') refuses. Its CSS is imported as a file in main.tsx.
// Toasts and the container must come from the same entry, or they do not share one store.
//
// react-toastify is a chunk of its own, loaded by the first toast: most visits show none, and it was 6.6 KB gzip of
// what every page downloads before its first render. A toast asked for before the container is up waits in
// react-toastify's own queue, which the container empties when it mounts (as with a container that mounts late).

type Toastify = typeof ToastifyModule;

let toastify: Promise<Toastify> | null = null;
const wanted = new Set<() => void>();

function loadToastify(): Promise<Toastify> {
  if (!toastify) {
    toastify = import('react-toastify/unstyled');
    for (const tell of wanted) tell();
  }
  return toastify;
}

type Kind = 'success' | 'error' | 'info' | 'warning';

/** Shows `content` once the library is in: at once after the first toast of the visit. */
function show(kind: Kind | null, content: ToastContent, options?: ToastOptions): void {
  void loadToastify().then(({ toast: t }) => (kind ? t[kind](content, options) : t(content, options)));
}

/** react-toastify's toast, as this app uses it: fire and forget. */
export const toast = Object.assign((content: ToastContent, options?: ToastOptions) => show(null, content, options), {
  success: (content: ToastContent, options?: ToastOptions) => show('success', content, options),
  error: (content: ToastContent, options?: ToastOptions) => show('error', content, options),
  info: (content: ToastContent, options?: ToastOptions) => show('info', content, options),
  warning: (content: ToastContent, options?: ToastOptions) => show('warning', content, options),
});

const LoadedContainer = lazy(() => loadToastify().then(({ ToastContainer }) => ({ default: ToastContainer })));

const subscribe = (tell: () => void) => {
  wanted.add(tell);
  return () => wanted.delete(tell);
};

/**
 * Where toasts show: nothing until the first toast of the visit is asked for, then react-toastify's container with
 * `props`, which shows that toast and every later one.
 */
export function ToastContainer(props: ToastContainerProps) {
  const asked = useSyncExternalStore(
    subscribe,
    () => toastify !== null,
    () => false,
  );
  return asked ? createElement(Suspense, { fallback: null }, createElement(LoadedContainer, props)) : null;
}

/** The spec's toast defaults (section 9). */
export const toastDefaults = {
  position: 'top-right',
  autoClose: 5000,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  draggable: true,
  draggablePercent: 80,
} satisfies ToastContainerProps;
