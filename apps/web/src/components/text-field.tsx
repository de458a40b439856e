import { useId } from 'react';
import type { ComponentProps, ReactNode } from 'react';

export const inputClass =
  'block w-full rounded-xl border border-field bg-white px-3.5 py-2.5 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-teal-600 focus:outline-2 focus:outline-offset-0 focus:outline-teal-600/30 aria-invalid:border-red-500 disabled:bg-slate-50 disabled:text-slate-500';

export type TextFieldProps = Omit<ComponentProps<'input'>, 'children'> & {
  label: string;
  /** Shown under the field in red and read out with it; also marks the input invalid. */
  error?: string | undefined;
  /** A short visible help text under the label's field, read out after the error. */
  hint?: ReactNode;
  /** Drawn inside the input box on the right, e.g. the show/hide password button. */
  trailing?: ReactNode;
  inputClassName?: string;
};

/** A labelled input with its hint and error under it, tied to it with aria-describedby. */
export function TextField({ label, error, hint, trailing, id, className = '', inputClassName = '', ...input }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className={`mt-1.5 ${trailing ? 'relative' : ''}`}>
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClass} ${trailing ? 'pr-12' : ''} ${inputClassName}`}
          {...input}
        />
        {trailing && <div className="absolute inset-y-0 right-0 flex items-center pr-1.5">{trailing}</div>}
      </div>
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  );
}
