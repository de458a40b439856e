import type { Service } from '@localloop/contract';
import { LoaderCircle, Pencil, Plus, Scissors, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EmptyState, LoadError } from '../../components/page-states.tsx';
import type { PageProps } from '../../components/page-props.ts';
import { errorMessageOf } from '../../components/server-errors.ts';
import { toast } from '../../lib/toast.ts';
import { paths } from '../../paths.ts';
import { useMyServices } from './api/get-my-services.ts';
import { useDeleteService } from './api/save-service.ts';
import { ServiceFormDialog } from './components/service-form-dialog.tsx';
import { ServiceThumbnail } from './components/service-thumbnail.tsx';
import { formatDuration, formatPrice } from './format.ts';

function ServiceRow({ service, onEdit, onDelete }: { service: Service; onEdit: () => void; onDelete: () => void }) {
  return (
    <li className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-4 sm:items-center">
        <ServiceThumbnail image={service.images[0]} sizes="5rem" className="w-16" iconClassName="size-6" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{service.name}</h2>
            {!service.is_active && <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">Hidden</span>}
          </div>
          <p className="mt-0.5 text-sm text-slate-600">
            {service.category} · {formatDuration(service.duration_minutes)}
            {service.buffer_minutes > 0 && ` + ${formatDuration(service.buffer_minutes)} pause`} · <span className="font-medium text-slate-900">{formatPrice(service.price)}</span>
          </p>
          <p className="mt-0.5 text-sm text-slate-600 [overflow-wrap:anywhere]">
            {service.providers.length === 0 ? 'No provider performs it yet.' : `By ${service.providers.map((p) => p.name).join(', ')}`}
            {service.upcoming_bookings ? ` · ${service.upcoming_bookings} booking${service.upcoming_bookings === 1 ? '' : 's'} to come` : ''}
          </p>
        </div>
      </div>
      <div className="flex gap-2">
        <button type="button" className="btn-secondary" onClick={onEdit} aria-label={`Edit ${service.name}`}>
          <Pencil aria-hidden="true" className="size-4" /> Edit
        </button>
        <button type="button" className="btn-secondary text-red-700" onClick={onDelete} aria-label={`Delete ${service.name}`}>
          <Trash2 aria-hidden="true" className="size-4" /> Delete
        </button>
      </div>
    </li>
  );
}

/** /vendor/services: the shop's services, added, changed, hidden and deleted here. */
export default function VendorServicesPage({ title }: PageProps) {
  const services = useMyServices();
  const remove = useDeleteService();
  const [editing, setEditing] = useState<{ service: Service | null } | null>(null);
  const [deleting, setDeleting] = useState<Service | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteError(null);
    try {
      const answer = await remove.mutateAsync(deleting.id);
      setDeleting(null);
      toast.success(answer.message);
    } catch (error) {
      setDeleteError(errorMessageOf(error));
    }
  };

  return (
    <section className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          <p className="mt-1 text-sm text-slate-600">
            What customers can book. Add who performs each one under <Link to={paths.vendorProviders} className="font-medium text-teal-800 underline-offset-2 hover:underline">My Providers</Link>.
          </p>
        </div>
        <button type="button" className="btn-primary" onClick={() => setEditing({ service: null })}>
          <Plus aria-hidden="true" className="size-4" /> Add service
        </button>
      </div>
      <div className="mt-6">
        {services.isPending ? (
          <p role="status" className="flex items-center gap-2 text-slate-600">
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> Loading your services…
          </p>
        ) : services.isError ? (
          <LoadError error={services.error} what="your services" onRetry={() => void services.refetch()} />
        ) : services.data.results.length === 0 ? (
          <EmptyState
            icon={Scissors}
            title="No services yet"
            actions={
              <button type="button" className="btn-primary" onClick={() => setEditing({ service: null })}>
                Add your first service
              </button>
            }
          >
            A service is what a customer books: a haircut, a lesson, a massage. Give it a length and a price.
          </EmptyState>
        ) : (
          <ul className="space-y-3">
            {services.data.results.map((service) => (
              <ServiceRow
                key={service.id}
                service={service}
                onEdit={() => setEditing({ service })}
                onDelete={() => {
                  setDeleteError(null);
                  setDeleting(service);
                }}
              />
            ))}
          </ul>
        )}
      </div>
      <ServiceFormDialog
        open={editing !== null}
        service={editing?.service ?? null}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          setEditing(null);
          toast.success(editing?.service ? `${saved.name} is saved.` : `${saved.name} is added.`);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        icon={Trash2}
        title={`Delete ${deleting?.name ?? 'this service'}?`}
        description="Customers can no longer find or book it. Bookings already made keep their details."
        confirmLabel="Delete service"
        busy={remove.isPending}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
