import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { LoaderCircle } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormAlert } from './form-alert.tsx';

export type ActionDialogProps = {
  open: boolean;
  icon: LucideIcon;
  title: ReactNode;
  description: ReactNode;
  /** What the person fills in before acting (a reason, a message); none for a plain "are you sure?". */
  children?: ReactNode;
  actionLabel: string;
  onAction: () => void;
  onCancel: () => void;
  /** `danger` for what cannot be taken back (red); `primary` for an ordinary action. */
  tone?: 'danger' | 'primary';
  /** While the action runs: the buttons wait and the dialog stays open. */
  busy?: boolean;
  /** Why the action failed, in the dialog (it stays open so the person can try again or cancel). */
  error?: string | null;
  size?: 'sm' | 'md';
  testId?: string;
};

const dangerButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-xl bg-red-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:cursor-not-allowed disabled:opacity-60';

/**
 * A modal that asks before one action: the action's icon, a title, a sentence on what happens, optional fields, the
 * failure if any, Cancel (focused first, so Enter does not act by accident) and the action's button. ConfirmDialog is
 * its plain "are you sure?" form.
 */
export function ActionDialog({ open, icon: Icon, title, description, children, actionLabel, onAction, onCancel, tone = 'danger', busy = false, error = null, size = 'sm', testId }: ActionDialogProps) {
  const danger = tone === 'danger';
  return (
    <Dialog open={open} onClose={busy ? () => undefined : onCancel} className="relative z-[60]">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-900/50 transition-opacity duration-150 data-closed:opacity-0" />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-center justify-center p-4">
          <DialogPanel
            transition
            data-testid={testId}
            className={`w-full ${size === 'md' ? 'max-w-md' : 'max-w-sm'} rounded-2xl bg-white p-6 shadow-xl transition duration-150 data-closed:scale-95 data-closed:opacity-0`}
          >
            <span className={`flex size-11 items-center justify-center rounded-full ${danger ? 'bg-red-50 text-red-600' : 'bg-teal-50 text-teal-700'}`}>
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <DialogTitle className="mt-4 text-lg font-semibold text-slate-900 [overflow-wrap:anywhere]">{title}</DialogTitle>
            <Description className="mt-1.5 text-sm text-slate-600">{description}</Description>
            {children}
            {error && (
              <div className="mt-4">
                <FormAlert>{error}</FormAlert>
              </div>
            )}
            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <button type="button" data-autofocus onClick={onCancel} disabled={busy} className="btn-secondary">
                Cancel
              </button>
              <button type="button" onClick={onAction} disabled={busy} aria-busy={busy} className={danger ? dangerButtonClass : 'btn-primary'}>
                {busy && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
                {actionLabel}
              </button>
            </div>
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
