import type { ToastContainerProps } from 'react-toastify/unstyled';

// Always the unstyled entry: the default one injects a <style> tag, which the server's
// Content-Security-Policy (style-src 'self') refuses. Its CSS is imported as a file in main.tsx.
// Toasts and the container must come from the same entry, or they do not share one store.
export { toast, ToastContainer } from 'react-toastify/unstyled';

/** The spec's toast defaults (section 9). */
export const toastDefaults = {
  position: 'top-right',
  autoClose: 5000,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  draggable: true,
  draggablePercent: 80,
} satisfies ToastContainerProps;
