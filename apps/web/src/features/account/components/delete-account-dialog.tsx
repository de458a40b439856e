import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { accountEndpoints } from '@localloop/contract';
import { TriangleAlert } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { call } from '../../../api/client.ts';
import { FormAlert } from '../../../components/form-alert.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { applyServerError } from '../../../components/server-errors.ts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { TextField } from '../../../components/text-field.tsx';

export const confirmWord = 'DELETE';

function deleteSchema(hasPassword: boolean) {
  return z.object({
    confirmation: z.string().refine((value) => value.trim() === confirmWord, `Type ${confirmWord} in capital letters to confirm.`),
    password: hasPassword ? z.string().min(1, 'Enter your password.').max(1024) : z.string().max(1024),
  });
}
type Values = z.infer<ReturnType<typeof deleteSchema>>;

type DeleteAccountDialogProps = { open: boolean; hasPassword: boolean; onClose: () => void; onDeleted: () => void };

/** Asks for DELETE (and the password, when the account has one) before the account goes for good. */
export function DeleteAccountDialog({ open, hasPassword, onClose, onDeleted }: DeleteAccountDialogProps) {
  const [serverError, setServerError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const form = useForm<Values>({ resolver: zodResolver(deleteSchema(hasPassword)), defaultValues: { confirmation: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  const close = () => {
    if (isSubmitting) return;
    form.reset();
    setServerError(null);
    onClose();
  };

  const submit = async ({ password }: Values) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setServerError(null);
    try {
      await call(accountEndpoints.deleteAccount, { body: { confirm: true, password: hasPassword ? password : undefined } });
      onDeleted();
    } catch (error) {
      setServerError(applyServerError(error, form.setError, ['password'], { CURRENT_PASSWORD_WRONG: 'password' }));
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <Dialog open={open} onClose={close} className="relative z-[60]">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-900/50 transition-opacity duration-150 data-closed:opacity-0" />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-center justify-center p-4">
          <DialogPanel
            transition
            className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl transition duration-150 data-closed:scale-95 data-closed:opacity-0"
          >
            <span className="flex size-11 items-center justify-center rounded-full bg-red-50 text-red-600">
              <TriangleAlert aria-hidden="true" className="size-5" />
            </span>
            <DialogTitle className="mt-4 text-lg font-semibold text-slate-900">Delete your account?</DialogTitle>
            <Description className="mt-1.5 text-sm text-slate-600">
              Your profile, photo, e-mail address and phone number are removed and you are logged out everywhere. Your
              bookings and purchases are kept, without your name, for the vendors&apos; records. This cannot be undone.
            </Description>
            <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)} className="mt-5 space-y-4">
              <TextField
                label={`Type ${confirmWord} to confirm`}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                data-autofocus
                error={errors.confirmation?.message}
                {...form.register('confirmation')}
              />
              {hasPassword && (
                <PasswordField label="Your password" autoComplete="current-password" error={errors.password?.message} {...form.register('password')} />
              )}
              <FormAlert>{serverError}</FormAlert>
              <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
                <button type="button" onClick={close} disabled={isSubmitting} className="btn-secondary">
                  Cancel
                </button>
                <SubmitButton
                  busy={isSubmitting}
                  className="inline-flex items-center justify-center gap-2 rounded-xl bg-red-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:cursor-not-allowed disabled:opacity-60"
                >
                  Delete my account
                </SubmitButton>
              </div>
            </form>
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
