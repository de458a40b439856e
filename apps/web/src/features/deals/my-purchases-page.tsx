import type { Purchase } from '@localloop/contract';
import { CloudOff, FlaskConical, LoaderCircle, MapPin, RotateCw, ShoppingBag, Tag } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, LoadError } from '../../components/page-states.tsx';
import type { PageProps } from '../../components/page-props.ts';
import { ResponsiveImage } from '../../components/responsive-image.tsx';
import { paths, to } from '../../paths.ts';
import { useMyPurchases } from './api/get-my-purchases.ts';
import type { PurchasesTab, PurchasesView } from './api/get-my-purchases.ts';
import { PurchaseQr } from './components/purchase-qr.tsx';
import { PurchaseRating } from './components/purchase-rating.tsx';
import { PurchaseStatusBadge } from './components/purchase-status-badge.tsx';
import { formatInstant } from '../../lib/format-instant.ts';
import { formatMoney } from './format.ts';

const tabs: { id: PurchasesTab; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'paid', label: 'Paid' },
  { id: 'fulfilled', label: 'Fulfilled' },
  { id: 'refunded', label: 'Refunded' },
];

const emptyText: Record<PurchasesTab, { title: string; text: string }> = {
  all: { title: 'No orders yet', text: 'Deals you buy show up here with the QR code you show at the shop.' },
  paid: { title: 'No codes to redeem', text: 'Deals you have bought and not yet redeemed show up here with their QR code.' },
  fulfilled: { title: 'Nothing redeemed yet', text: 'Once a shop scans your code, the purchase shows up here and you can rate the deal.' },
  refunded: { title: 'No refunds', text: 'Purchases a shop refunded show up here.' },
};

function PurchaseRow({ purchase, offline }: { purchase: Purchase; offline: boolean }) {
  const { deal } = purchase;
  return (
    <li className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" data-testid="purchase">
      <div className="flex min-w-0 gap-4">
        <ResponsiveImage
          image={deal.image}
          alt=""
          sizes="5rem"
          aspectRatio="1 / 1"
          className="w-16 shrink-0 self-start rounded-xl bg-slate-100 sm:w-20"
          fallback={
            <span aria-hidden="true" className="flex size-full items-center justify-center bg-linear-to-br from-amber-500 to-rose-700 text-white">
              <Tag className="size-6 opacity-80" />
            </span>
          }
        />
        <div className="min-w-0 flex-1">
          {/* The badge stays at the right of a long title; it goes under it only where the column is narrow (phones). */}
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h2 className="min-w-0 flex-1 basis-48 font-semibold text-slate-900 [overflow-wrap:anywhere]">
              <Link to={to.dealDetails(deal.id)} className="underline-offset-2 hover:underline">
                {deal.title}
              </Link>
            </h2>
            <PurchaseStatusBadge status={purchase.status} />
          </div>
          <p className="mt-0.5 text-sm text-teal-800 [overflow-wrap:anywhere]">{deal.vendor.business_name}</p>
          <p className="mt-1 text-sm text-slate-700">
            {purchase.quantity} × {formatMoney(purchase.unit_price)} · <span className="font-semibold text-slate-900">Total {formatMoney(purchase.total)}</span>
          </p>
          <p className="mt-0.5 text-sm text-slate-600">Bought {formatInstant(purchase.bought_at)}</p>
          {purchase.payment.is_test && (
            <p className="mt-1 inline-flex items-center gap-1.5 text-xs font-medium text-amber-900">
              <FlaskConical aria-hidden="true" className="size-3.5" /> Test payment — no money was taken
            </p>
          )}
        </div>
      </div>

      {purchase.status === 'paid' && purchase.qr && (
        <div className="mt-4 grid gap-4 border-t border-slate-100 pt-4 sm:grid-cols-[auto_minmax(0,1fr)] sm:items-start">
          <PurchaseQr qr={purchase.qr} dealTitle={deal.title} />
          <div className="min-w-0 space-y-2 text-sm text-slate-700">
            <p className="font-semibold text-slate-900">Show this code at the shop to redeem it.</p>
            <p>Redeem before {formatInstant(deal.ends_at)}.</p>
            <p className="flex min-w-0 items-start gap-1.5">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
              <span className="min-w-0 [overflow-wrap:anywhere]">{deal.address.formatted_address}</span>
            </p>
            {deal.terms && <p className="whitespace-pre-line text-slate-600 [overflow-wrap:anywhere]">{deal.terms}</p>}
          </div>
        </div>
      )}
      {purchase.status === 'fulfilled' && (
        <div className="mt-4 space-y-3 border-t border-slate-100 pt-4">
          {purchase.fulfilled_at && <p className="text-sm text-slate-600">Redeemed {formatInstant(purchase.fulfilled_at)}</p>}
          <PurchaseRating purchase={purchase} offline={offline} />
        </div>
      )}
      {purchase.status === 'refunded' && purchase.refunded_at && (
        <p className="mt-4 border-t border-slate-100 pt-4 text-sm text-slate-600">Refunded {formatInstant(purchase.refunded_at)}</p>
      )}
    </li>
  );
}

function SavedCopyNote({ saved, onRetry, retrying }: { saved: NonNullable<PurchasesView['saved']>; onRetry: () => void; retrying: boolean }) {
  return (
    <div role="status" className="mb-4 flex flex-col gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between">
      <p className="flex min-w-0 items-start gap-2">
        <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span className="min-w-0">
          <span className="font-semibold">{saved.offline ? 'Offline — showing saved codes' : 'Not up to date — showing saved codes'}</span>
          <span className="block">
            Saved {formatInstant(saved.savedAt)}. {saved.reason}
          </span>
        </span>
      </p>
      <button type="button" onClick={onRetry} disabled={retrying} aria-busy={retrying} className="btn-secondary shrink-0">
        <RotateCw aria-hidden="true" className={`size-4 ${retrying ? 'animate-spin' : ''}`} /> Try again
      </button>
    </div>
  );
}

/** /mypurchasedeal (My Orders): the person's deal purchases by status, each paid one with its QR code, working offline. */
export default function MyPurchasesPage({ title }: PageProps) {
  const [tab, setTab] = useState<PurchasesTab>('all');
  const purchases = useMyPurchases(tab);
  const data = purchases.data;

  return (
    <section className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      <p className="mt-1 text-sm text-slate-600">Deals you bought. Show a paid one&apos;s QR code at the shop; it works without a connection too.</p>
      <div role="tablist" aria-label="Orders by status" className="mt-6 grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1 min-[360px]:grid-cols-4 sm:inline-flex">
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`orders-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls="orders-panel"
            onClick={() => setTab(t.id)}
            className={`rounded-lg px-2 py-1.5 text-center text-sm font-medium sm:px-4 ${tab === t.id ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div id="orders-panel" role="tabpanel" aria-labelledby={`orders-tab-${tab}`} className="mt-6">
        {purchases.isPending ? (
          <p role="status" className="flex items-center gap-2 text-slate-600">
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> Loading your orders…
          </p>
        ) : !data ? (
          <LoadError error={purchases.error} what="your orders" onRetry={() => void purchases.refetch()} />
        ) : (
          <>
            {data.saved && <SavedCopyNote saved={data.saved} onRetry={() => void purchases.refetch()} retrying={purchases.isFetching} />}
            {data.results.length === 0 ? (
              <EmptyState
                icon={ShoppingBag}
                title={emptyText[tab].title}
                actions={
                  <Link to={paths.popularDeals} className="btn-primary">
                    Browse deals
                  </Link>
                }
              >
                {emptyText[tab].text}
              </EmptyState>
            ) : (
              <>
                <ul className="space-y-4">
                  {data.results.map((purchase) => (
                    <PurchaseRow key={purchase.id} purchase={purchase} offline={data.saved !== null} />
                  ))}
                </ul>
                {data.count > data.results.length && (
                  <p className="mt-4 text-center text-sm text-slate-600">
                    Showing your {data.results.length} latest of {data.count.toLocaleString('en-US')} orders.
                  </p>
                )}
              </>
            )}
          </>
        )}
      </div>
    </section>
  );
}
