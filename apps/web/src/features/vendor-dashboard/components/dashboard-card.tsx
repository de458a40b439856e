import type { LucideIcon } from 'lucide-react';
import { useId } from 'react';
import type { ReactNode } from 'react';

/** The frame every dashboard card shares: an icon, a heading that names the region, and the content. */
export function DashboardCard({ title, icon: Icon, children, className = '', tone = 'default' }: { title: string; icon: LucideIcon; children: ReactNode; className?: string; tone?: 'default' | 'warn' | 'bad' }) {
  const id = useId();
  const tones = {
    default: 'border-slate-200 bg-white',
    warn: 'border-amber-200 bg-amber-50',
    bad: 'border-red-200 bg-red-50',
  } as const;
  const iconTones = { default: 'bg-teal-50 text-teal-700', warn: 'bg-white text-amber-700', bad: 'bg-white text-red-700' } as const;
  return (
    <section aria-labelledby={id} className={`flex flex-col rounded-3xl border p-5 shadow-sm sm:p-6 ${tones[tone]} ${className}`}>
      <div className="flex items-center gap-3">
        <span className={`flex size-9 shrink-0 items-center justify-center rounded-xl ${iconTones[tone]}`}>
          <Icon aria-hidden="true" className="size-4.5" />
        </span>
        <h2 id={id} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
      </div>
      <div className="mt-4 flex-1">{children}</div>
    </section>
  );
}
