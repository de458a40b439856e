import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { ActionDialog } from './action-dialog.tsx';

type ConfirmDialogProps = {
  open: boolean;
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** While the confirmed action runs: the buttons wait and the dialog stays open. */
  busy?: boolean;
  /** Why the action failed, in the dialog (it stays open so the person can try again or cancel). */
  error?: string | null;
  testId?: string;
};

/**
 * "Are you sure?" before an action that cannot be taken back (logging out, everywhere or here): a modal with the
 * action's icon, a question, a sentence on what happens, Cancel (focused first, so Enter does not confirm by accident)
 * and the red confirming button.
 */
export function ConfirmDialog({ confirmLabel, onConfirm, ...rest }: ConfirmDialogProps) {
  return <ActionDialog {...rest} actionLabel={confirmLabel} onAction={onConfirm} tone="danger" />;
}
