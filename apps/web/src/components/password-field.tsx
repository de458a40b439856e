import { Eye, EyeOff } from 'lucide-react';
import { useId, useState } from 'react';
import { TextField } from './text-field.tsx';
import type { TextFieldProps } from './text-field.tsx';

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'> & {
  autoComplete: 'current-password' | 'new-password';
};

/** A password input with a Show/Hide button that keeps the caret in place and is reachable by keyboard. */
export function PasswordField({ id, ...props }: PasswordFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      id={inputId}
      type={shown ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      trailing={
        <button
          type="button"
          onClick={() => setShown((value) => !value)}
          aria-label={shown ? `Hide ${props.label.toLowerCase()}` : `Show ${props.label.toLowerCase()}`}
          aria-controls={inputId}
          className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        >
          {shown ? <EyeOff aria-hidden="true" className="size-5" /> : <Eye aria-hidden="true" className="size-5" />}
        </button>
      }
    />
  );
}

/** Django's password rules in one line, shown under every new-password field. */
export const newPasswordHint = 'At least 8 characters, not only digits, not a common password, and not like your e-mail or username.';
