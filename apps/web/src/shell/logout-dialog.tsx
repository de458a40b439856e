import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { LogOut } from 'lucide-react';

type LogoutDialogProps = { open: boolean; onCancel: () => void; onConfirm: () => void };

/** The spec's logout confirmation; its texts are required to the letter. */
export function LogoutDialog({ open, onCancel, onConfirm }: LogoutDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} className="relative z-[60]">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-slate-900/50 transition-opacity duration-150 data-closed:opacity-0"
      />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel
          transition
          data-testid="logout-dialog"
          className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-xl transition duration-150 data-closed:scale-95 data-closed:opacity-0"
        >
          <span className="flex size-11 items-center justify-center rounded-full bg-red-50 text-red-600">
            <LogOut aria-hidden="true" className="size-5" />
          </span>
          <DialogTitle className="mt-4 text-lg font-semibold text-slate-900">Confirm Logout</DialogTitle>
          <Description className="mt-1.5 text-sm text-slate-600">Are you sure you want to log out?</Description>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button type="button" data-autofocus onClick={onCancel} className="btn-secondary">
              Cancel
            </button>
            <button
              type="button"
              onClick={onConfirm}
              className="inline-flex items-center justify-center rounded-xl bg-red-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600"
            >
              Yes, Logout
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
