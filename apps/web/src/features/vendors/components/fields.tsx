import { useId } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import { inputClass } from '../../../components/text-field.tsx';

type Described = { label: string; error?: string | undefined; hint?: ReactNode };

function useDescribed(id: string | undefined, error: string | undefined, hint: ReactNode) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const errorId = `${fieldId}-error`;
  const hintId = `${fieldId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return { fieldId, errorId, hintId, describedBy };
}

function FieldMessages({ error, hint, errorId, hintId }: { error?: string | undefined; hint?: ReactNode; errorId: string; hintId: string }) {
  return (
    <>
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
    </>
  );
}

/** A labelled native select with its hint and error, like TextField. */
export function SelectField({ label, error, hint, id, className = '', children, ...select }: Omit<ComponentProps<'select'>, 'className'> & Described & { className?: string }) {
  const { fieldId, errorId, hintId, describedBy } = useDescribed(id, error, hint);
  return (
    <div className={className}>
      <label htmlFor={fieldId} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select id={fieldId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={`mt-1.5 ${inputClass} pr-9`} {...select}>
        {children}
      </select>
      <FieldMessages error={error} hint={hint} errorId={errorId} hintId={hintId} />
    </div>
  );
}

/** A labelled textarea with its hint and error, like TextField. */
export function TextAreaField({ label, error, hint, id, className = '', ...textarea }: Omit<ComponentProps<'textarea'>, 'className'> & Described & { className?: string }) {
  const { fieldId, errorId, hintId, describedBy } = useDescribed(id, error, hint);
  return (
    <div className={className}>
      <label htmlFor={fieldId} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea id={fieldId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={`mt-1.5 ${inputClass} min-h-28`} {...textarea} />
      <FieldMessages error={error} hint={hint} errorId={errorId} hintId={hintId} />
    </div>
  );
}

/** Marks a field whose saved value differs from the live shop: an approved vendor's change that waits for review. */
export function NotLiveYet() {
  return <span className="font-medium text-amber-800">Changed: not live until approved.</span>;
}

/** The field's own hint, followed by the "not live yet" mark when its saved value waits for review. */
export function hintWithPending(hint: ReactNode, pending: boolean): ReactNode {
  if (!pending) return hint;
  return hint ? (
    <>
      {hint} <NotLiveYet />
    </>
  ) : (
    <NotLiveYet />
  );
}
