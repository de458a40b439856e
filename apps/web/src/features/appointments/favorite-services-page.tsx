import { Heart } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState, LoadError } from '../../components/page-states.tsx';
import type { PageProps } from '../../components/page-props.ts';
import { paths } from '../../paths.ts';
import { useFavoriteServices } from './api/get-favorite-services.ts';
import { ServiceGrid, ServiceGridSkeleton } from './components/service-card.tsx';

/** /services/favorite: the services the user hearted, most recent first. */
export default function FavoriteServicesPage({ title }: PageProps) {
  const favorites = useFavoriteServices();
  return (
    <section className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      <p className="mt-1 text-sm text-slate-600">The services you saved, most recent first.</p>
      <div className="mt-6">
        {favorites.isPending ? (
          <ServiceGridSkeleton count={4} label="Loading your favorite services…" />
        ) : favorites.isError ? (
          <LoadError error={favorites.error} what="your favorite services" onRetry={() => void favorites.refetch()} />
        ) : favorites.data.length === 0 ? (
          <EmptyState
            icon={Heart}
            title="No favorite services yet"
            actions={
              <Link to={paths.servicesBrowse} className="btn-primary">
                Browse services
              </Link>
            }
          >
            Tap the heart on a service to keep it here.
          </EmptyState>
        ) : (
          <ServiceGrid services={favorites.data} />
        )}
      </div>
    </section>
  );
}
