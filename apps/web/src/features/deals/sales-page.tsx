import { SalesQuery } from '@localloop/contract';
import type { PurchaseStatus, Sale, SalesResponse } from '@localloop/contract';
import { Download, LoaderCircle, Receipt, RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, LoadError } from '../../components/page-states.tsx';
import type { PageProps } from '../../components/page-props.ts';
import { errorMessageOf } from '../../components/server-errors.ts';
import { inputClass } from '../../components/text-field.tsx';
import { formatDate } from '../../lib/format-date.ts';
import { toast } from '../../lib/toast.ts';
import { paths, to } from '../../paths.ts';
import { useAuth } from '../../session/auth-context.tsx';
import { downloadSalesCsv } from './api/download-sales-csv.ts';
import { SALES_PAGE_SIZE, useSales } from './api/get-sales.ts';
import { RefundDialog } from './components/refund-dialog.tsx';
import { ListPager } from '../../components/list-pager.tsx';
import { formatMoney, zoneLabel } from './format.ts';
import { useVendorId } from './use-vendor-id.ts';

type Totals = SalesResponse['totals'];

const statusLabels: Record<PurchaseStatus, string> = { paid: 'Paid', fulfilled: 'Fulfilled', refunded: 'Refunded' };
const statusTones: Record<PurchaseStatus, string> = {
  paid: 'bg-sky-50 text-sky-800 ring-sky-200',
  fulfilled: 'bg-teal-50 text-teal-800 ring-teal-200',
  refunded: 'bg-slate-100 text-slate-700 ring-slate-200',
};

/** Today in a time zone, as YYYY-MM-DD (Canada writes dates the ISO way). */
const todayIn = (timeZone: string | undefined) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** One figure (today, this week, the range): the money per currency, and how many units in how many purchases. */
function Figure({ label, totals }: { label: string; totals: Totals }) {
  return (
    <div className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1">
        {totals.length === 0 ? (
          <>
            <p className="text-2xl font-bold tracking-tight text-slate-900 tabular-nums">0</p>
            <p className="text-sm text-slate-600">No sales</p>
          </>
        ) : (
          totals.map((t) => (
            <div key={t.currency} className="min-w-0">
              <p className="text-2xl font-bold tracking-tight text-slate-900 tabular-nums [overflow-wrap:anywhere]">{formatMoney(t)}</p>
              <p className="text-sm text-slate-600">
                {plural(t.units, 'unit', 'units')} · {plural(t.purchases, 'purchase', 'purchases')}
              </p>
            </div>
          ))
        )}
      </dd>
    </div>
  );
}

function SaleRow({ sale, onRefund }: { sale: Sale; onRefund: () => void }) {
  return (
    <li className="flex min-w-0 flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm md:flex-row md:items-center">
      <div className="min-w-0 flex-1">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <h3 className="min-w-0 font-semibold text-slate-900 [overflow-wrap:anywhere]">{sale.deal.title}</h3>
          <span className={`badge ring-1 ring-inset ${statusTones[sale.status]}`}>{statusLabels[sale.status]}</span>
        </div>
        <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2 xl:grid-cols-3">
          <div className="flex min-w-0 gap-1.5">
            <dt className="text-slate-500">Buyer</dt>
            <dd className="min-w-0 font-medium text-slate-900 [overflow-wrap:anywhere]">{sale.buyer_first_name}</dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="text-slate-500">Quantity</dt>
            <dd className="font-medium text-slate-900">{sale.quantity}</dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="text-slate-500">Total</dt>
            <dd className="font-medium text-slate-900">{formatMoney(sale.total)}</dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="text-slate-500">Bought</dt>
            <dd className="text-slate-900">{formatDate(sale.bought_at)}</dd>
          </div>
          {sale.fulfilled_at && (
            <div className="flex gap-1.5">
              <dt className="text-slate-500">Fulfilled</dt>
              <dd className="text-slate-900">{formatDate(sale.fulfilled_at)}</dd>
            </div>
          )}
          {sale.refunded_at && (
            <div className="flex gap-1.5">
              <dt className="text-slate-500">Refunded</dt>
              <dd className="text-slate-900">{formatDate(sale.refunded_at)}</dd>
            </div>
          )}
        </dl>
      </div>
      {/* The same column for Refund in every row (empty when there is nothing to refund), so the figures line up. */}
      {sale.status === 'paid' ? (
        <button type="button" className="btn-secondary shrink-0 self-start whitespace-nowrap text-red-700 md:w-32 md:self-center" onClick={onRefund} aria-label={`Refund ${sale.buyer_first_name}'s ${sale.deal.title}`}>
          <RotateCcw aria-hidden="true" className="size-4" /> Refund
        </button>
      ) : (
        <span aria-hidden="true" className="hidden md:block md:w-32 md:shrink-0" />
      )}
    </li>
  );
}

/** /mySalesDeal: what the shop's deals sold in a range of days, per deal and in all, today and this week, as a list and a CSV file. */
export default function SalesPage({ title }: PageProps) {
  const id = useId();
  const vendorId = useVendorId();
  const { canPostDeals } = useAuth();
  const [range, setRange] = useState<{ from: string; to: string }>({ from: '', to: '' });
  const [filter, setFilter] = useState<{ from: string | null; to: string | null }>({ from: null, to: null });
  const [page, setPage] = useState(1);
  const [refunding, setRefunding] = useState<Sale | null>(null);
  const [downloading, setDownloading] = useState(false);
  const sales = useSales(vendorId, { ...filter, page });
  const checked = SalesQuery.safeParse({ from: range.from || undefined, to: range.to || undefined });
  const rangeError = checked.success ? null : (checked.error.issues[0]?.message ?? null);
  const zone = sales.data?.time_zone;
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  // A change of the dates applies at once when they make a range; an impossible one says why and keeps the last list.
  const changeRange = (next: { from: string; to: string }) => {
    setRange(next);
    const ok = SalesQuery.safeParse({ from: next.from || undefined, to: next.to || undefined });
    if (!ok.success) return;
    setFilter({ from: next.from || null, to: next.to || null });
    setPage(1);
  };

  const download = async () => {
    if (!vendorId) return;
    setDownloading(true);
    try {
      await downloadSalesCsv(vendorId, filter, todayIn(zone));
    } catch (error) {
      toast.error(errorMessageOf(error));
    } finally {
      setDownloading(false);
    }
  };

  const filtered = filter.from !== null || filter.to !== null;

  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          <p className="mt-1 text-sm text-slate-600">
            What your <Link to={to.myDeals()} className="font-medium text-teal-800 underline-offset-2 hover:underline">deals</Link> sold. Refunds are left out of the totals.
          </p>
        </div>
        <button type="button" className="btn-secondary shrink-0" onClick={() => void download()} disabled={!vendorId || downloading || rangeError !== null} aria-busy={downloading}>
          {downloading ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <Download aria-hidden="true" className="size-4" />}
          Download CSV
        </button>
      </div>

      <form role="search" aria-label="Sales dates" className="mt-6 flex flex-wrap items-end gap-3" onSubmit={(event) => event.preventDefault()}>
        <div>
          <label htmlFor={`${id}-from`} className="mb-1 block text-xs font-medium text-slate-600">
            From
          </label>
          <input id={`${id}-from`} type="date" value={range.from} max={range.to || undefined} onChange={(event) => changeRange({ ...range, from: event.target.value })} className={`${inputClass} w-44 py-2 text-sm`} />
        </div>
        <div>
          <label htmlFor={`${id}-to`} className="mb-1 block text-xs font-medium text-slate-600">
            To
          </label>
          <input
            id={`${id}-to`}
            type="date"
            value={range.to}
            min={range.from || undefined}
            onChange={(event) => changeRange({ ...range, to: event.target.value })}
            aria-invalid={rangeError ? true : undefined}
            aria-describedby={rangeError ? `${id}-range-error` : undefined}
            className={`${inputClass} w-44 py-2 text-sm`}
          />
        </div>
        {(range.from || range.to) && (
          <button type="button" className="btn-secondary" onClick={() => changeRange({ from: '', to: '' })}>
            All dates
          </button>
        )}
        {rangeError && (
          <p id={`${id}-range-error`} role="alert" className="w-full text-sm text-red-700">
            {rangeError}
          </p>
        )}
        {zone && zone !== browserZone && <p className="w-full text-xs text-slate-500">Days are counted in {zoneLabel(zone)}, where your shop is.</p>}
      </form>

      <div className="mt-6">
        {sales.isPending ? (
          <p role="status" className="flex items-center gap-2 text-slate-600">
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> Loading…
          </p>
        ) : sales.isError ? (
          <LoadError error={sales.error} what="your sales" onRetry={() => void sales.refetch()} />
        ) : (
          <div className="space-y-8" aria-busy={sales.isPlaceholderData}>
            <section aria-labelledby={`${id}-figures`}>
              <h2 id={`${id}-figures`} className="sr-only">
                Figures
              </h2>
              <dl className="grid gap-4 sm:grid-cols-3">
                <Figure label="Today" totals={sales.data.today} />
                <Figure label="Last 7 days" totals={sales.data.this_week} />
                <Figure label={filtered ? 'In these dates' : 'All time'} totals={sales.data.totals} />
              </dl>
            </section>

            {sales.data.per_deal.length > 0 && (
              <section aria-labelledby={`${id}-per-deal`}>
                <h2 id={`${id}-per-deal`} className="text-lg font-semibold text-slate-900">
                  Per deal
                </h2>
                <ul className="mt-3 divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white shadow-sm">
                  {sales.data.per_deal.map((d) => (
                    <li key={`${d.deal_id}-${d.currency}`} className="flex min-w-0 flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
                      <span className="min-w-0 font-medium text-slate-900 [overflow-wrap:anywhere]">{d.title}</span>
                      <span className="shrink-0 text-sm text-slate-700">
                        {plural(d.units, 'unit', 'units')} ({d.fulfilled_units} fulfilled) · <span className="font-semibold text-slate-900">{formatMoney(d)}</span>
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            )}

            <section aria-labelledby={`${id}-list`}>
              <h2 id={`${id}-list`} className="text-lg font-semibold text-slate-900">
                Sales <span className="text-base font-normal text-slate-600">({sales.data.count})</span>
              </h2>
              {sales.data.results.length === 0 ? (
                <div className="mt-3">
                  <EmptyState
                    icon={Receipt}
                    title={filtered ? 'No sales in these dates' : 'No sales yet'}
                    compact
                    actions={
                      filtered || !canPostDeals ? undefined : (
                        <Link to={paths.vendorDealAdd} className="btn-primary">
                          Create Deal
                        </Link>
                      )
                    }
                  >
                    {filtered ? 'Try other dates, or all dates.' : 'Each purchase of your deals shows here, and when it is redeemed.'}
                  </EmptyState>
                </div>
              ) : (
                <>
                  <ul className="mt-3 space-y-3">
                    {sales.data.results.map((sale) => (
                      <SaleRow key={sale.id} sale={sale} onRefund={() => setRefunding(sale)} />
                    ))}
                  </ul>
                  <ListPager page={page} pageSize={SALES_PAGE_SIZE} count={sales.data.count} onPage={setPage} what="sales" />
                </>
              )}
            </section>
          </div>
        )}
      </div>
      <RefundDialog
        sale={refunding}
        onClose={() => setRefunding(null)}
        onRefunded={(sale) => {
          setRefunding(null);
          toast.success(`${sale.buyer_first_name}'s purchase is refunded.`);
        }}
      />
    </section>
  );
}
