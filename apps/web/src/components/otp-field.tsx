import type { ChangeEvent } from 'react';
import { TextField } from './text-field.tsx';
import type { TextFieldProps } from './text-field.tsx';

// No maxLength: it would cut a pasted "123 456" to "123 45" before the spaces could be dropped.
type OtpFieldProps = Omit<TextFieldProps, 'type' | 'inputMode' | 'autoComplete' | 'pattern' | 'label'> & {
  label?: string;
};

/**
 * The 6-digit code: one numeric input the phone can fill from the SMS or e-mail (one-time-code).
 * Spaces, dashes and other non-digits typed or pasted are dropped as they arrive.
 */
export function OtpField({ label = '6-digit code', onChange, inputClassName = '', ...props }: OtpFieldProps) {
  const keepDigits = (event: ChangeEvent<HTMLInputElement>) => {
    const digits = event.target.value.replace(/\D/g, '').slice(0, 6);
    if (digits !== event.target.value) event.target.value = digits;
    onChange?.(event);
  };
  return (
    <TextField
      {...props}
      label={label}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      onChange={keepDigits}
      inputClassName={`max-w-48 font-mono text-xl tracking-[0.4em] ${inputClassName}`}
    />
  );
}
