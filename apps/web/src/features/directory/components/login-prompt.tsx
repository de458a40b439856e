import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { Heart } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../paths.ts';

type LoginPromptProps = { open: boolean; onClose: () => void; title: string; text: string };

/** What a visitor sees on reaching for something that needs an account (a favorite). */
export function LoginPrompt({ open, onClose, title, text }: LoginPromptProps) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-[60]">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-900/50 transition-opacity duration-150 data-closed:opacity-0" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel
          transition
          className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-xl transition duration-150 data-closed:scale-95 data-closed:opacity-0"
        >
          <span className="flex size-11 items-center justify-center rounded-full bg-rose-50 text-rose-600">
            <Heart aria-hidden="true" className="size-5" />
          </span>
          <DialogTitle className="mt-4 text-lg font-semibold text-slate-900">{title}</DialogTitle>
          <Description className="mt-1.5 text-sm text-slate-600">{text}</Description>
          <div className="mt-6 grid gap-2">
            <Link to={paths.login} data-autofocus className="btn-primary">
              Log in
            </Link>
            <Link to={paths.createAccount} className="btn-secondary">
              Create an account
            </Link>
            <button type="button" onClick={onClose} className="btn-ghost">
              Not now
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
