import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../paths.ts';

export default function NotFoundPage() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6">
      <span className="mx-auto flex size-12 items-center justify-center rounded-2xl bg-teal-50 text-teal-700">
        <Compass aria-hidden="true" className="size-6" />
      </span>
      <p className="mt-5 text-sm font-semibold text-teal-700">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">Page not found</h1>
      <p className="mt-3 text-slate-600">We could not find the page you were looking for.</p>
      <Link to={paths.root} className="btn-primary mt-8">
        Back to home
      </Link>
    </section>
  );
}
