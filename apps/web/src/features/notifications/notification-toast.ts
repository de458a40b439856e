import { toast } from '../../lib/toast.ts';

/** Spec §9: a pushed notification toasts top-center for a second. */
export const notificationToast = { position: 'top-center', autoClose: 1000 } as const;

export function toastNotification(title: string): void {
  toast(title, notificationToast);
}
