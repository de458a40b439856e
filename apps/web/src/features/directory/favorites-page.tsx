import { Heart } from 'lucide-react';
import { Link } from 'react-router';
import type { PageProps } from '../../components/page-props.ts';
import { paths } from '../../paths.ts';
import { useFavoriteVendors } from './api/get-favorite-vendors.ts';
import { EmptyState, LoadError } from '../../components/page-states.tsx';
import { VendorGrid, VendorGridSkeleton } from './components/vendor-card.tsx';

/** /Favorite: the vendors the user hearted; taking the heart away takes the card off the list. */
export default function FavoritesPage({ title }: PageProps) {
  const favorites = useFavoriteVendors();
  return (
    <section className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      <p className="mt-1 text-sm text-slate-600">The local businesses you saved, most recent first.</p>
      <div className="mt-6">
        {favorites.isPending ? (
          <VendorGridSkeleton count={4} label="Loading your favorite vendors…" />
        ) : favorites.isError ? (
          <LoadError error={favorites.error} what="your favorite vendors" onRetry={() => void favorites.refetch()} />
        ) : favorites.data.length === 0 ? (
          <EmptyState
            icon={Heart}
            title="No favorite vendors yet"
            actions={
              <Link to={paths.vendorList} className="btn-primary">
                Browse vendors
              </Link>
            }
          >
            Tap the heart on a vendor to keep it here.
          </EmptyState>
        ) : (
          <>
            <p role="status" className="mb-4 text-sm text-slate-600">
              <span className="font-semibold text-slate-900">{favorites.data.length}</span> {favorites.data.length === 1 ? 'vendor' : 'vendors'}
            </p>
            <VendorGrid vendors={favorites.data} />
          </>
        )}
      </div>
    </section>
  );
}
