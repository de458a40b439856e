import type { Deal, MyDealsResponse, MyDealsType } from '@localloop/contract';
import { CalendarClock, ExternalLink, LoaderCircle, Pause, Play, Plus, Tag } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState, LoadError } from '../../components/page-states.tsx';
import type { PageProps } from '../../components/page-props.ts';
import { ResponsiveImage } from '../../components/responsive-image.tsx';
import { errorMessageOf } from '../../components/server-errors.ts';
import { formatDate } from '../../lib/format-date.ts';
import { toast } from '../../lib/toast.ts';
import { paths, to } from '../../paths.ts';
import { useAuth } from '../../session/auth-context.tsx';
import { MY_DEALS_PAGE_SIZE, useMyDeals } from './api/get-my-deals.ts';
import { usePauseDeal } from './api/pause-deal.ts';
import { DealStateBadge } from './components/deal-state-badge.tsx';
import { ListPager } from '../../components/list-pager.tsx';
import { formatMoney } from './format.ts';
import { useVendorId } from './use-vendor-id.ts';

/** The tabs of /MyDeals: the path's type segment (none: all) and what each is called. */
const tabs: readonly { type: MyDealsType | null; label: string; empty: string }[] = [
  { type: null, label: 'All', empty: 'You have not created a deal yet.' },
  { type: 'active', label: 'Active', empty: 'No deal is on sale right now.' },
  { type: 'upcoming', label: 'Upcoming', empty: 'No deal is waiting to start.' },
  { type: 'expired', label: 'Expired', empty: 'No deal has ended yet.' },
  { type: 'sold-out', label: 'Sold out', empty: 'No deal is sold out.' },
  { type: 'paused', label: 'Paused', empty: 'No deal is paused.' },
];

const countOf = (counts: MyDealsResponse['counts'] | undefined, type: MyDealsType | null) => (counts ? counts[type ?? 'all'] : undefined);

function DealRow({ deal, canPostDeals }: { deal: Deal; canPostDeals: boolean }) {
  const pause = usePauseDeal();
  const ended = deal.state === 'expired';
  const toggle = () =>
    pause.mutate(
      { id: deal.id, paused: !deal.is_paused },
      {
        onSuccess: (saved) => toast.success(saved.is_paused ? `“${saved.title}” is paused: nobody can buy it until you resume it.` : `“${saved.title}” is back on sale.`),
        onError: (error) => toast.error(errorMessageOf(error)),
      },
    );
  return (
    <li className="flex min-w-0 flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm sm:flex-row">
      {/*
        Above the text on a phone (16:10); beside it from sm on, as tall as the card. A fixed ratio there would make the
        box as wide as the card is tall times 1.6 and cover the text.
      */}
      <div className="sm:w-44 sm:shrink-0">
        <ResponsiveImage
          image={deal.image}
          alt=""
          sizes="(min-width: 640px) 11rem, 100vw"
          aspectRatio="auto"
          className="aspect-[16/10] bg-slate-100 sm:aspect-auto sm:h-full sm:min-h-28"
          fallback={
            <div className="flex size-full items-center justify-center bg-teal-50 text-teal-700">
              <Tag aria-hidden="true" className="size-8" />
            </div>
          }
        />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-3 p-4">
        <div className="flex min-w-0 flex-wrap items-start justify-between gap-2">
          <h2 className="min-w-0 flex-1 basis-32 font-semibold text-slate-900 [overflow-wrap:anywhere]">
            <Link to={to.dealDetails(deal.id)} className="hover:underline">
              {deal.title}
            </Link>
          </h2>
          <DealStateBadge state={deal.state} />
        </div>
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="text-lg font-semibold text-slate-900">{formatMoney(deal.deal_price)}</span>
          <span className="text-slate-500 line-through">
            <span className="sr-only">instead of </span>
            {formatMoney(deal.original_price)}
          </span>
          {deal.discount_percent > 0 && <span className="font-medium text-teal-800">{deal.discount_percent}% off</span>}
        </p>
        <dl className="grid gap-x-4 gap-y-1 text-sm text-slate-700 sm:grid-cols-2">
          <div className="flex gap-1.5">
            <dt className="text-slate-500">Sold</dt>
            <dd className="font-medium text-slate-900">{deal.sold_count.toLocaleString('en-US')}</dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="text-slate-500">Left</dt>
            <dd className="font-medium text-slate-900">{deal.remaining === null ? 'Unlimited' : deal.remaining.toLocaleString('en-US')}</dd>
          </div>
          <div className="flex min-w-0 gap-1.5 sm:col-span-2">
            <dt className="flex items-center text-slate-500">
              <CalendarClock aria-hidden="true" className="size-4" />
              <span className="sr-only">On sale</span>
            </dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">
              {formatDate(deal.starts_at)} – {formatDate(deal.ends_at)}
            </dd>
          </div>
        </dl>
        {deal.state === 'paused' && !deal.is_paused && <p className="text-sm text-orange-800">Hidden while your shop is not listed.</p>}
        <div className="mt-auto flex flex-wrap gap-2">
          {!ended && canPostDeals && (
            <button
              type="button"
              className="btn-secondary"
              disabled={pause.isPending}
              aria-busy={pause.isPending}
              onClick={toggle}
              aria-label={`${deal.is_paused ? 'Resume' : 'Pause'} ${deal.title}`}
            >
              {pause.isPending ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : deal.is_paused ? <Play aria-hidden="true" className="size-4" /> : <Pause aria-hidden="true" className="size-4" />}
              {deal.is_paused ? 'Resume' : 'Pause'}
            </button>
          )}
          {/* The name starts with what the button says (speech control users say "View deal"), then which one. */}
          <Link to={to.dealDetails(deal.id)} className="btn-secondary" aria-label={`View deal: ${deal.title}`}>
            <ExternalLink aria-hidden="true" className="size-4" /> View deal
          </Link>
        </div>
      </div>
    </li>
  );
}

function DealsList({ type, vendorId, canPostDeals }: { type: MyDealsType | null; vendorId: string | null; canPostDeals: boolean }) {
  // Each tab starts on its first page; the counts of the last answer stay on the tabs while the next one loads.
  const [paged, setPaged] = useState<{ type: MyDealsType | null; page: number }>({ type, page: 1 });
  const page = paged.type === type ? paged.page : 1;
  const setPage = (next: number) => setPaged({ type, page: next });
  const deals = useMyDeals(vendorId, { type, page });
  const tab = tabs.find((t) => t.type === type) ?? tabs[0];
  const createLink = canPostDeals ? (
    <Link to={paths.vendorDealAdd} className="btn-primary">
      <Plus aria-hidden="true" className="size-4" /> Create Deal
    </Link>
  ) : null;
  return (
    <>
      {/* The tabs wrap on a phone rather than scroll sideways. */}
      <nav aria-label="Deals by state" className="mt-6">
        <ul className="flex flex-wrap gap-x-1 border-b border-slate-200">
          {tabs.map((t) => {
            const current = t.type === type;
            const count = countOf(deals.data?.counts, t.type);
            return (
              <li key={t.label}>
                <Link
                  to={to.myDeals(t.type ?? undefined)}
                  aria-current={current ? 'page' : undefined}
                  className={`-mb-px flex items-center gap-2 whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${current ? 'border-teal-700 text-teal-800' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
                >
                  {t.label}
                  {count !== undefined && ' '}
                  {count !== undefined && <span className={`badge ${current ? 'bg-teal-50 text-teal-800' : 'bg-slate-100 text-slate-700'}`}>{count}</span>}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="mt-6">
        {deals.isPending ? (
          <p role="status" className="flex items-center gap-2 text-slate-600">
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> Loading…
          </p>
        ) : deals.isError ? (
          <LoadError error={deals.error} what="your deals" onRetry={() => void deals.refetch()} />
        ) : deals.data.results.length === 0 ? (
          <EmptyState icon={Tag} title={type === null ? 'No deals yet' : `No ${tab?.label.toLowerCase() ?? ''} deals`} actions={createLink}>
            {tab?.empty} {canPostDeals ? 'A deal is an offer customers near you buy here and redeem at your counter with a QR code.' : 'Deals open once your shop is approved.'}
          </EmptyState>
        ) : (
          <>
            <ul className="grid gap-4 lg:grid-cols-2" aria-busy={deals.isPlaceholderData}>
              {deals.data.results.map((deal) => (
                <DealRow key={deal.id} deal={deal} canPostDeals={canPostDeals} />
              ))}
            </ul>
            <ListPager page={page} pageSize={MY_DEALS_PAGE_SIZE} count={deals.data.count} onPage={setPage} what="deals" />
          </>
        )}
      </div>
    </>
  );
}

/** /MyDeals/{type?}: the shop's deals by state (all, active, upcoming, expired, sold out, paused), paused and resumed here. */
export default function MyDealsPage({ title }: PageProps) {
  const { type } = useParams();
  const { canPostDeals } = useAuth();
  const vendorId = useVendorId();
  // The route accepts only the known types (routes.tsx); the path matches case-insensitively, the API wants lower case.
  const current = (type?.toLowerCase() ?? null) as MyDealsType | null;
  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          <p className="mt-1 text-sm text-slate-600">
            Your offers and how they sell. Redeem a customer&apos;s purchase with Scan; see every sale under{' '}
            <Link to={paths.mySalesDeal} className="font-medium text-teal-800 underline-offset-2 hover:underline">
              My Sales
            </Link>
            .
          </p>
        </div>
        {canPostDeals && (
          <Link to={paths.vendorDealAdd} className="btn-primary shrink-0">
            <Plus aria-hidden="true" className="size-4" /> Create Deal
          </Link>
        )}
      </div>
      <DealsList type={current} vendorId={vendorId} canPostDeals={canPostDeals} />
    </section>
  );
}
