import { CalendarCheck, Clock, LoaderCircle, Store } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../components/page-states.tsx';
import type { PageProps } from '../../components/page-props.ts';
import { PhotoGallery } from '../../components/photo-gallery.tsx';
import { paths, to } from '../../paths.ts';
import { useAuth } from '../../session/auth-context.tsx';
import { useService } from './api/get-service.ts';
import { ProviderAvatar } from './components/provider-avatar.tsx';
import { FavoriteServiceButton } from './components/service-card.tsx';
import { formatDuration, formatPrice } from './format.ts';

/** /services/{serviceId}: what the service is, who performs it, its length and price, and the way to book it. */
export default function ServiceDetailsPage({ title }: PageProps) {
  const { serviceId = '' } = useParams();
  const service = useService(serviceId);
  const auth = useAuth();

  if (service.isPending) {
    return (
      <section className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
        <h1 className="sr-only">{title}</h1>
        <p role="status" className="flex items-center gap-2 text-slate-600">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> Loading the service…
        </p>
      </section>
    );
  }
  if (service.isError) {
    return (
      <section className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        <div className="mt-6">
          <LoadError error={service.error} what="this service" onRetry={() => void service.refetch()} />
        </div>
      </section>
    );
  }

  const data = service.data;
  const isOwn = auth.userData?.user?.id !== undefined && String(auth.userData.user.id) === data.vendor.user_id;
  const canBook = auth.userRole === 'user' && !isOwn;
  const photos = data.images.map((image, i) => ({ id: data.image_ids[i] ?? String(i), caption: `${data.name}, picture ${i + 1}`, image }));

  return (
    <article className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      {photos.length > 0 && (
        <div className="mb-6">
          <PhotoGallery photos={photos} title={data.name} />
        </div>
      )}
      <div className="flex flex-col gap-6 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium text-teal-800">{data.category}</p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 [overflow-wrap:anywhere] sm:text-3xl">{data.name}</h1>
          <p className="mt-2 flex items-center gap-1.5 text-slate-700">
            <Store aria-hidden="true" className="size-4 text-slate-400" />
            <Link to={to.vendorProfile(data.vendor.user_id)} className="font-medium underline-offset-2 hover:underline [overflow-wrap:anywhere]">
              {data.vendor.business_name}
            </Link>
          </p>
          {data.description && <p className="mt-4 whitespace-pre-line text-slate-700 [overflow-wrap:anywhere]">{data.description}</p>}
          <section aria-labelledby="providers-heading" className="mt-8">
            <h2 id="providers-heading" className="text-lg font-semibold text-slate-900">
              Who performs it
            </h2>
            {data.providers.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">The shop has not said yet.</p>
            ) : (
              <ul className="mt-3 flex flex-wrap gap-2">
                {data.providers.map((p) => (
                  <li key={p.id} className="inline-flex items-center gap-2 rounded-full border border-slate-200 bg-white py-1 pl-1 pr-3 text-sm text-slate-800">
                    <ProviderAvatar provider={p} size="sm" />
                    <span className="[overflow-wrap:anywhere]">{p.name}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>

        <aside aria-label="Booking" className="w-full shrink-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm lg:sticky lg:top-24 lg:w-80">
          <p className="text-2xl font-bold text-slate-900">{formatPrice(data.price)}</p>
          <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
            <Clock aria-hidden="true" className="size-4 text-slate-400" /> {formatDuration(data.duration_minutes)}
          </p>
          <div className="mt-5 flex items-center gap-3">
            {canBook ? (
              <Link to={to.customerAppointment(data.id)} className="btn-primary flex-1 justify-center">
                <CalendarCheck aria-hidden="true" className="size-4" /> Book now
              </Link>
            ) : auth.isAuthenticated ? (
              <p className="text-sm text-slate-600">{isOwn ? 'This is your service: customers book it here.' : 'Switch to the user view to book.'}</p>
            ) : (
              <Link to={paths.login} className="btn-primary flex-1 justify-center">
                Log in to book
              </Link>
            )}
            {auth.userRole === 'user' && <FavoriteServiceButton service={data} />}
          </div>
        </aside>
      </div>
    </article>
  );
}
