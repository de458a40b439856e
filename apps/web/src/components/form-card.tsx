import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

type FormCardProps = {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Links under a divider at the bottom of the card (log in instead, start again, …). */
  footer?: ReactNode;
  /** A step marker above the title, e.g. "Step 2 of 3". */
  step?: string;
};

/** The narrow centred card the account pages (log in, sign up, codes, reset) are built in. */
export function FormCard({ icon: Icon, title, description, children, footer, step }: FormCardProps) {
  return (
    <section className="mx-auto flex max-w-md flex-col px-4 py-10 sm:py-16">
      <div className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <span className="flex size-11 items-center justify-center rounded-2xl bg-teal-50 text-teal-700">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        {step && <p className="mt-4 text-xs font-semibold uppercase tracking-wide text-teal-700">{step}</p>}
        <h1 className={`${step ? 'mt-1' : 'mt-4'} text-2xl font-bold tracking-tight text-slate-900`}>{title}</h1>
        {description && <div className="mt-1.5 text-sm text-slate-600">{description}</div>}
        <div className="mt-6">{children}</div>
        {footer && <div className="mt-6 space-y-2 border-t border-slate-100 pt-5 text-center text-sm text-slate-600">{footer}</div>}
      </div>
    </section>
  );
}
