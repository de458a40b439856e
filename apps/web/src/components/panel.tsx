import { useId } from 'react';
import type { ReactNode } from 'react';

type PanelProps = { title: string; description?: ReactNode; children: ReactNode; tone?: 'default' | 'danger'; actions?: ReactNode };

/** A titled card of a settings-like page; its heading names the region. */
export function Panel({ title, description, children, tone = 'default', actions }: PanelProps) {
  const id = useId();
  const border = tone === 'danger' ? 'border-red-200' : 'border-slate-200';
  return (
    <section aria-labelledby={id} className={`rounded-3xl border ${border} bg-white p-5 shadow-sm sm:p-7`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={id} className={`text-lg font-semibold ${tone === 'danger' ? 'text-red-800' : 'text-slate-900'}`}>
            {title}
          </h2>
          {description && <div className="mt-1 text-sm text-slate-600">{description}</div>}
        </div>
        {actions}
      </div>
      <div className="mt-5">{children}</div>
    </section>
  );
}
