import { CalendarDays, Compass, House, Store, Tag } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { headerLinks, paths } from '../paths.ts';

export type NotFoundPlace = { name: string; path: string; icon: LucideIcon; description: string };

/** The places of the public header (and Home), which visitors and users may all open. */
export const publicPlaces: NotFoundPlace[] = [
  { name: 'Browse Activities', path: paths.localActivities, icon: CalendarDays, description: 'Runs, classes and meetups near you.' },
  { name: 'Explore Deals', path: paths.popularDeals, icon: Tag, description: 'Offers from the shops around you.' },
  { name: 'Find Vendors', path: headerLinks.vendors, icon: Store, description: 'Local businesses, checked and rated.' },
  { name: 'Home', path: paths.root, icon: House, description: 'The LocalLoop front page.' },
];

/**
 * "Page not found": says which address was not found (as text: it may be anything typed) and offers the main places
 * instead. Rendered for unknown paths and for a known pattern whose parameter names nothing (an unknown /XyzFeatures).
 */
export function NotFound({ title = 'Page not found', places = publicPlaces }: { title?: string; places?: NotFoundPlace[] }) {
  const { pathname, search } = useLocation();
  const placesHeading = useId();
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-14 sm:px-6 sm:py-20">
      <div className="text-center">
        <span className="mx-auto flex size-12 items-center justify-center rounded-2xl bg-teal-50 text-teal-700">
          <Compass aria-hidden="true" className="size-6" />
        </span>
        <p className="mt-5 text-sm font-semibold text-teal-700">404</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-3 text-slate-600">
          There is no page at{' '}
          <code className="rounded-md bg-slate-100 px-1.5 py-0.5 font-mono text-sm text-slate-800 [overflow-wrap:anywhere]">
            {decodedPath(pathname + search)}
          </code>
          . The link may be out of date, or the address mistyped.
        </p>
      </div>

      <h2 id={placesHeading} className="mt-10 text-base font-semibold text-slate-900">
        Try one of these instead
      </h2>
      <ul aria-labelledby={placesHeading} className="mt-3 grid gap-3 sm:grid-cols-2">
        {places.map(({ name, path, icon: Icon, description }) => (
          <li key={name}>
            <Link
              to={path}
              className="flex h-full items-start gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-teal-300 hover:bg-teal-50/40"
            >
              <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-teal-50 text-teal-700">
                <Icon aria-hidden="true" className="size-4" />
              </span>
              <span className="min-w-0">
                <span className="block font-semibold text-slate-900">{name}</span>
                <span className="mt-0.5 block text-sm text-slate-600">{description}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The address as a person typed it: percent-escapes shown as their characters where they decode. */
function decodedPath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
