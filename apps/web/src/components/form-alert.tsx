import type { ReactNode } from 'react';

/** A server error in the form, announced as it appears. */
export function FormAlert({ children, id }: { children: ReactNode; id?: string }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className="rounded-xl border border-red-200 bg-red-50 px-3.5 py-2.5 text-sm text-red-800">
      {children}
    </p>
  );
}

/** Good news or a neutral note (code sent, saved), announced politely. Always rendered so it is announced. */
export function FormNotice({ children, tone = 'info' }: { children: ReactNode; tone?: 'info' | 'success' }) {
  const colours = tone === 'success' ? 'border-teal-200 bg-teal-50 text-teal-900' : 'border-sky-200 bg-sky-50 text-sky-900';
  return (
    <div role="status" className={children ? `rounded-xl border px-3.5 py-2.5 text-sm ${colours}` : undefined}>
      {children}
    </div>
  );
}
