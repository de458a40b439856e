import { Sparkles } from 'lucide-react';

/** The plain titled page that stands in for screens of later issues. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 sm:px-6 lg:py-24">
      <div className="rounded-3xl border border-slate-200 bg-white p-8 text-center shadow-sm sm:p-12">
        <span className="mx-auto flex size-12 items-center justify-center rounded-2xl bg-teal-50 text-teal-700">
          <Sparkles aria-hidden="true" className="size-6" />
        </span>
        <h1 className="mt-5 text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-3 text-slate-600">This part of LocalLoop is on its way.</p>
      </div>
    </section>
  );
}
