import { tabId } from '../../api/client.ts';
import { toast } from '../../lib/toast.ts';

/** Spec §9: a pushed notification toasts top-center for a second. */
export const notificationToast = { position: 'top-center', autoClose: 1000 } as const;

/**
 * One action, one toast. A push about this page's own action (an e-mail change, a KYC submit: the server names the tab
 * whose call caused it) is answered already, by the page's own toast or screen: it lights the bell and waits in the
 * panel, with no second toast. A push about anything else (an operator's decision, a rating, a change made in another
 * tab or on another device) toasts at once.
 */
export function toastNotification(title: string, origin?: string): void {
  if (origin === tabId) return;
  toast(title, notificationToast);
}
