import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SubmitButton } from './submit-button.tsx';

/** A label over any control whose id is `id` (a select, a textarea), with its error and hint under it; see `described`. */
export function LabelledField({ id, label, optional, error, hint, children }: { id: string; label: string; optional?: boolean; error?: string | undefined; hint?: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label} {optional && <span className="font-normal text-slate-500">(optional)</span>}
      </label>
      <div className="mt-1.5">{children}</div>
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  );
}

/** aria props tying a LabelledField's control to its message and hint. */
export const described = (id: string, error: string | undefined, hint?: boolean) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined,
});

/** A group of a long form's fields under a legend, with an optional note (the time zone the times are in). */
export function FormSection({ legend, note, children }: { legend: string; note?: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {note && <p className="mt-1 text-xs text-slate-500">{note}</p>}
      {children}
    </fieldset>
  );
}

/** The end of a create form: Cancel back to `cancelTo`, and the submit button (held while pictures upload). */
export function FormActions({ cancelTo, submitLabel, busy, disabled }: { cancelTo: string; submitLabel: string; busy: boolean; disabled: boolean }) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <Link to={cancelTo} className="btn-secondary">
        Cancel
      </Link>
      <SubmitButton busy={busy} disabled={disabled} className="btn-primary">
        {submitLabel}
      </SubmitButton>
    </div>
  );
}
