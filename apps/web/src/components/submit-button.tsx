import { LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';

type SubmitButtonProps = Omit<ComponentProps<'button'>, 'type'> & { busy: boolean };

/** The form's main button: shows progress and is disabled while the form is being sent. */
export function SubmitButton({ busy, disabled, children, className = 'btn-primary w-full py-3 text-base', ...props }: SubmitButtonProps) {
  return (
    <button type="submit" disabled={busy || disabled} aria-busy={busy} className={className} {...props}>
      {busy && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
      {children}
    </button>
  );
}
