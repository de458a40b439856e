import type { Provider } from '@localloop/contract';
import { weekdayNames } from '@localloop/contract';
import { LoaderCircle, Pencil, Plus, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EmptyState, LoadError } from '../../components/page-states.tsx';
import type { PageProps } from '../../components/page-props.ts';
import { errorMessageOf } from '../../components/server-errors.ts';
import { toast } from '../../lib/toast.ts';
import { paths, to } from '../../paths.ts';
import { useMyProviders } from './api/get-my-providers.ts';
import { useDeleteProvider } from './api/save-provider.ts';
import { CalendarFeedsSection } from './components/calendar-feeds-section.tsx';
import { ProviderAvatar } from './components/provider-avatar.tsx';

/** "Mon–Fri 09:00–17:00 · Sat 10:00–14:00": the days a provider works, grouped when alike. */
export function hoursSummary(hours: Provider['hours']): string {
  if (hours.length === 0) return 'No working hours';
  const byDay = new Map<number, string>();
  for (const h of hours) byDay.set(h.weekday, [byDay.get(h.weekday), `${h.opens}–${h.closes}`].filter(Boolean).join(', '));
  const groups: { from: number; to: number; text: string }[] = [];
  for (const weekday of [1, 2, 3, 4, 5, 6, 7]) {
    const text = byDay.get(weekday);
    if (!text) continue;
    const last = groups.at(-1);
    if (last && last.text === text && last.to === weekday - 1) last.to = weekday;
    else groups.push({ from: weekday, to: weekday, text });
  }
  const short = (d: number) => weekdayNames[d - 1]?.slice(0, 3) ?? '';
  return groups.map((g) => `${g.from === g.to ? short(g.from) : `${short(g.from)}–${short(g.to)}`} ${g.text}`).join(' · ');
}

/** /vendor/providers: the shop's staff, who performs what and when, and the shop's and each one's calendar link. */
export default function VendorProvidersPage({ title }: PageProps) {
  const providers = useMyProviders();
  const remove = useDeleteProvider();
  const [deleting, setDeleting] = useState<Provider | null>(null);
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
          <p className="mt-1 text-sm text-slate-600">The people customers book: what each performs, their hours and days off.</p>
        </div>
        <Link to={paths.vendorProviderAdd} className="btn-primary">
          <Plus aria-hidden="true" className="size-4" /> Add provider
        </Link>
      </div>
      <div className="mt-6">
        {providers.isPending ? (
          <p role="status" className="flex items-center gap-2 text-slate-600">
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> Loading your providers…
          </p>
        ) : providers.isError ? (
          <LoadError error={providers.error} what="your providers" onRetry={() => void providers.refetch()} />
        ) : providers.data.length === 0 ? (
          <EmptyState
            icon={Users}
            title="No providers yet"
            actions={
              <Link to={paths.vendorProviderAdd} className="btn-primary">
                Add your first provider
              </Link>
            }
          >
            Add yourself or your staff, choose the services each performs, then make their bookable times.
          </EmptyState>
        ) : (
          <ul className="space-y-3">
            {providers.data.map((provider) => (
              <li key={provider.id} className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center">
                <ProviderAvatar provider={provider} size="lg" />
                <div className="min-w-0 flex-1">
                  <h2 className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{provider.name}</h2>
                  <p className="mt-0.5 text-sm text-slate-600 [overflow-wrap:anywhere]">
                    {provider.services.length === 0 ? 'Performs no service yet' : provider.services.map((s) => s.name).join(', ')}
                  </p>
                  <p className="mt-0.5 text-sm text-slate-600">
                    {provider.uses_vendor_hours ? 'Shop hours: ' : ''}
                    {hoursSummary(provider.hours)}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Link to={to.vendorProviderEdit(provider.id)} className="btn-secondary" aria-label={`Edit ${provider.name}`}>
                    <Pencil aria-hidden="true" className="size-4" /> Edit
                  </Link>
                  <button
                    type="button"
                    className="btn-secondary text-red-700"
                    aria-label={`Remove ${provider.name}`}
                    onClick={() => {
                      setDeleteError(null);
                      setDeleting(provider);
                    }}
                  >
                    <Trash2 aria-hidden="true" className="size-4" /> Remove
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="mt-8">
        <CalendarFeedsSection />
      </div>
      <ConfirmDialog
        open={deleting !== null}
        icon={Trash2}
        title={`Remove ${deleting?.name ?? 'this provider'}?`}
        description="Their free times go. Past bookings keep the name."
        confirmLabel="Remove provider"
        busy={remove.isPending}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
