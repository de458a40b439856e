import type { ResponsiveImage as ResponsiveImageData } from '@localloop/contract';
import { ExternalLink, LoaderCircle, MapPin, SearchX } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../api/client.ts';
import { openInMapsUrl } from './map/open-in-maps.ts';
import { EmptyState, LoadError } from './page-states.tsx';
import { PhotoGallery } from './photo-gallery.tsx';
import { ResponsiveImage } from './responsive-image.tsx';

/** The pieces of a page about one listed thing (a deal, an activity): the states before it is there, and its article. */

function Shell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      <div className="mt-6">{children}</div>
    </section>
  );
}

type DetailsStatesProps = {
  title: string;
  /** Whether the address's id is well formed at all; when not, the thing does not exist. */
  valid: boolean;
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  /** "this deal": in "We could not load this deal." */
  what: string;
  loading: string;
  notFound: { title: string; text: string; to: string; label: string };
};

/** A details page until its thing is there: loading, not found (a malformed id or a 404), or a failed load with its retry. */
export function DetailsStates({ title, valid, query, what, loading, notFound }: DetailsStatesProps) {
  if (!valid || (query.isError && query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <Shell title={title}>
        <EmptyState
          icon={SearchX}
          title={notFound.title}
          actions={
            <Link to={notFound.to} className="btn-primary">
              {notFound.label}
            </Link>
          }
        >
          {notFound.text}
        </EmptyState>
      </Shell>
    );
  }
  if (query.isError) {
    return (
      <Shell title={title}>
        <LoadError error={query.error} what={what} onRetry={() => void query.refetch()} />
      </Shell>
    );
  }
  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <h1 className="sr-only">{title}</h1>
      <p role="status" className="flex items-center gap-2 text-slate-600">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> {loading}
      </p>
    </section>
  );
}

type DetailsArticleProps = {
  title: string;
  images: readonly ResponsiveImageData[];
  imageIds: readonly string[];
  /** Drawn as a banner when there are no pictures. */
  fallback: ReactNode;
  /** Beside the panel on a laptop, above it on a phone: badges, title, the key facts. */
  head: ReactNode;
  panelLabel: string;
  /** What the reader can do (buy, join), kept in view on a laptop. */
  panel: ReactNode;
  /** Under the head: about it, where, and the rest. */
  children: ReactNode;
};

/** The article of a details page: its pictures (or a banner), then head and sections with the action panel beside them. */
export function DetailsArticle({ title, images, imageIds, fallback, head, panelLabel, panel, children }: DetailsArticleProps) {
  const photos = images.map((image, i) => ({ id: imageIds[i] ?? String(i), caption: `${title}, picture ${i + 1}`, image }));
  return (
    <article className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      {photos.length > 0 ? (
        <div className="mb-6">
          <PhotoGallery photos={photos} title={title} />
        </div>
      ) : (
        <ResponsiveImage image={null} alt="" sizes="100vw" aspectRatio="auto" className="mb-6 h-40 rounded-3xl sm:h-56" fallback={fallback} />
      )}
      {/* On a phone the panel comes right under the head; on a laptop it stays beside everything. */}
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">{head}</div>
        <aside aria-label={panelLabel} className="min-w-0 lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          {panel}
        </aside>
        <div className="min-w-0 lg:col-start-1 lg:row-start-2">{children}</div>
      </div>
    </article>
  );
}

/** The key facts under the title, two columns from a small screen up. */
export function DetailsFacts({ children }: { children: ReactNode }) {
  return <dl className="mt-5 grid gap-3 text-sm sm:grid-cols-2">{children}</dl>;
}

/** One fact: its term with an icon hung in the left padding (a <dl> holds only divs of dt and dd), then its dd elements. */
export function DetailsFact({ icon: Icon, term, children }: { icon: LucideIcon; term: ReactNode; children: ReactNode }) {
  return (
    <div className="relative min-w-0 pl-6">
      <dt className="font-medium text-slate-900">
        <Icon aria-hidden="true" className="absolute left-0 top-0.5 size-4 text-slate-400" />
        {term}
      </dt>
      {children}
    </div>
  );
}

/** "About this …": the description as written, its line breaks kept. */
export function AboutSection({ heading, text }: { heading: string; text: string }) {
  return (
    <section aria-labelledby="about-heading">
      <h2 id="about-heading" className="text-lg font-semibold text-slate-900">
        {heading}
      </h2>
      <p className="mt-2 whitespace-pre-line text-slate-700 [overflow-wrap:anywhere]">{text}</p>
    </section>
  );
}

type WhereSectionProps = { heading: string; address: string; note?: ReactNode; latitude: number; longitude: number };

/** Where to go: the address (and how far, in `note`), and Open in maps. */
export function WhereSection({ heading, address, note, latitude, longitude }: WhereSectionProps) {
  return (
    <section aria-labelledby="where-heading" className="mt-8">
      <h2 id="where-heading" className="text-lg font-semibold text-slate-900">
        {heading}
      </h2>
      <p className="mt-2 flex min-w-0 items-start gap-2 text-slate-700">
        <MapPin aria-hidden="true" className="mt-1 size-4 shrink-0 text-slate-400" />
        <span className="min-w-0 [overflow-wrap:anywhere]">
          {address}
          {note && <span className="block text-sm text-slate-600">{note}</span>}
        </span>
      </p>
      <a href={openInMapsUrl(latitude, longitude)} target="_blank" rel="noreferrer" className="btn-secondary mt-3">
        <ExternalLink aria-hidden="true" className="size-4" /> Open in maps
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </section>
  );
}
