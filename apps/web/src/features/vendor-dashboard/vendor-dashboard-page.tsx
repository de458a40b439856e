import { Eye, Pencil } from 'lucide-react';
import { Link } from 'react-router';
import { FormAlert } from '../../components/form-alert.tsx';
import type { PageProps } from '../../components/page-props.ts';
import { errorMessageOf } from '../../components/server-errors.ts';
import { Spinner } from '../../components/spinner.tsx';
import { paths, to } from '../../paths.ts';
import { useAccountId } from '../../session/auth-context.tsx';
import { useVendorDashboard } from './api/get-vendor-dashboard.ts';
import { dashboardCards, spanClasses } from './dashboard-cards.ts';

/** /vendor/dashboard: the signed-in vendor's figures as a grid of cards (one column on phones, up to three on laptops). */
export default function VendorDashboardPage({ title }: PageProps) {
  const dashboard = useVendorDashboard();
  const accountId = useAccountId();
  const data = dashboard.data;
  return (
    <section className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          <p className="mt-1 text-sm text-slate-600">{data ? `${data.vendor.business_name}: how your shop is doing.` : 'How your shop is doing.'}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {accountId && (
            <Link to={to.vendorProfile(accountId)} className="btn-secondary">
              <Eye aria-hidden="true" className="size-4" />
              View your public page
            </Link>
          )}
          <Link to={paths.basicInfo} className="btn-secondary">
            <Pencil aria-hidden="true" className="size-4" />
            Edit vendor profile
          </Link>
        </div>
      </div>
      <div className="mt-8">
        {data ? (
          <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3 lg:gap-5">
            {dashboardCards
              .filter((entry) => entry.show?.(data) ?? true)
              .map(({ id, Card, span }) => (
                <div key={id} data-testid={`card-${id}`} className={`grid ${spanClasses[span ?? 'one']}`}>
                  <Card data={data} />
                </div>
              ))}
          </div>
        ) : dashboard.error ? (
          <div className="space-y-4">
            <FormAlert>{errorMessageOf(dashboard.error)}</FormAlert>
            <button type="button" onClick={() => void dashboard.refetch()} className="btn-secondary">
              Try again
            </button>
          </div>
        ) : (
          <Spinner label="Loading your dashboard…" className="py-16" />
        )}
      </div>
    </section>
  );
}
