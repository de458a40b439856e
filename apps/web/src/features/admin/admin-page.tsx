import { Tab, TabGroup, TabList } from '@headlessui/react';
import type { AdminVendorSummary } from '@localloop/contract';
import { MousePointerClick, Search, ShieldAlert } from 'lucide-react';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { PageProps } from '../../components/page-props.ts';
import { Spinner } from '../../components/spinner.tsx';
import { inputClass } from '../../components/text-field.tsx';
import { useIsNarrow } from '../../lib/use-is-narrow.ts';
import { useSearchParamText } from '../../lib/use-search-param-text.ts';
import { paths } from '../../paths.ts';
import type { AdminVendorFilter } from './api/get-admin-vendors.ts';
import { useIsOperator } from './api/get-operator.ts';
import { VendorQueue } from './components/vendor-queue.tsx';
import { VendorReview } from './components/vendor-review.tsx';
import { SupportConsole, supportTabs } from './components/support-console.tsx';

const tabs: { status: AdminVendorFilter; label: string }[] = [
  { status: 'pending', label: 'Pending' },
  { status: 'approved', label: 'Approved' },
  { status: 'rejected', label: 'Rejected' },
  { status: 'suspended', label: 'Suspended' },
  { status: 'all', label: 'All' },
];

/** /admin: operators review vendor applications. The server refuses everyone else; this page says so first. */
export default function AdminPage({ title }: PageProps) {
  const operator = useIsOperator();
  if (operator.isPending) return <Spinner label="Checking your access…" className="min-h-[50vh]" />;
  if (operator.isError) {
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center">
        <p role="alert" className="text-red-800">
          We could not check your access.
        </p>
        <button type="button" className="btn-secondary mt-4" onClick={() => void operator.refetch()}>
          Try again
        </button>
      </section>
    );
  }
  if (!operator.data) return <NotAnOperator />;
  return <OperatorConsole title={title} />;
}

function NotAnOperator() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6">
      <span className="mx-auto flex size-12 items-center justify-center rounded-2xl bg-amber-50 text-amber-700">
        <ShieldAlert aria-hidden="true" className="size-6" />
      </span>
      <p className="mt-5 text-sm font-semibold text-amber-700">403</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">Operators only</h1>
      <p className="mt-3 text-slate-600">This page is for LocalLoop operators who review vendors. Your account does not have that access.</p>
      <Link to={paths.root} className="btn-primary mt-8">
        Back to home
      </Link>
    </section>
  );
}

function OperatorConsole({ title }: { title: string }) {
  const id = useId();
  const isNarrow = useIsNarrow();
  const [params, setParams] = useSearchParams();
  const status = tabs.find((tab) => tab.status === params.get('status'))?.status ?? 'pending';
  const q = params.get('q') ?? '';
  const selectedId = params.get('vendor');
  const search = useSearchParamText('q');

  const nextParams = (change: Record<string, string | null>): URLSearchParams => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(change)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    return next;
  };
  const withParams = (change: Record<string, string | null>): string => `?${nextParams(change).toString()}`;
  const hrefOf = (vendor: AdminVendorSummary) => withParams({ vendor: vendor.id });


  const showList = !isNarrow || !selectedId;
  const showDetail = !isNarrow || selectedId;
  const selectedIndex = tabs.findIndex((tab) => tab.status === status);
  const support = params.get('section') === 'support';
  const supportStatus = supportTabs.find((tab) => tab.status === params.get('status'))?.status ?? 'open';
  const supportId = params.get('request');
  const sections = [
    { label: 'Vendors', href: '?', current: !support },
    { label: 'Support', href: '?section=support', current: support },
  ];

  return (
    <section className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10 lg:px-8">
      <div className={isNarrow && (support ? supportId : selectedId) ? 'sr-only' : undefined}>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        <p className="mt-1 text-sm text-slate-600">
          {support ? 'Answer people\'s support requests, and close them when they are solved.' : 'Review vendor applications, and suspend or reinstate vendors.'}
        </p>
        <nav aria-label="Operator sections" className="mt-4 flex gap-2">
          {sections.map((section) => (
            <Link
              key={section.label}
              to={section.href}
              aria-current={section.current ? 'page' : undefined}
              className={`rounded-xl px-3 py-1.5 text-sm font-semibold ${section.current ? 'bg-slate-900 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
            >
              {section.label}
            </Link>
          ))}
        </nav>
      </div>
      {support ? (
        <SupportConsole
          status={supportStatus}
          q={q}
          searchText={search.text}
          onSearch={search.onChange}
          onStatus={(next) => setParams(nextParams({ status: next, request: null }))}
          selectedId={supportId}
          hrefOf={(request) => withParams({ request: request?.id ?? null })}
          isNarrow={isNarrow}
        />
      ) : (
      <div className="mt-6 grid gap-6 lg:grid-cols-[26rem_minmax(0,1fr)]">
        {showList && (
          <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm lg:sticky lg:self-start lg:top-20 lg:max-h-[calc(100vh-6rem)] lg:overflow-y-auto">
            <TabGroup selectedIndex={selectedIndex} onChange={(index) => setParams(nextParams({ status: tabs[index]?.status ?? 'pending', vendor: null }))}>
              <TabList aria-label="Vendor status" className="flex flex-wrap gap-1 border-b border-slate-100 p-2">
                {tabs.map((tab) => (
                  <Tab
                    key={tab.status}
                    className="shrink-0 rounded-lg px-2.5 py-1.5 text-sm font-medium text-slate-600 outline-none hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-600 data-selected:bg-teal-700 data-selected:text-white"
                  >
                    {tab.label}
                  </Tab>
                ))}
              </TabList>
            </TabGroup>
            <div className="p-3">
              <label htmlFor={`${id}-q`} className="sr-only">
                Search vendors
              </label>
              <div className="relative">
                <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
                <input
                  id={`${id}-q`}
                  type="search"
                  value={search.text}
                  onChange={(event) => search.onChange(event.target.value)}
                  placeholder="Business, e-mail or phone"
                  className={`${inputClass} py-2 pl-9 text-sm`}
                />
              </div>
            </div>
            <VendorQueue status={status} q={q} selectedId={selectedId} hrefOf={hrefOf} />
          </div>
        )}
        {showDetail && (
          <div className="min-w-0">
            {selectedId ? (
              <VendorReview key={selectedId} id={selectedId} backHref={isNarrow ? withParams({ vendor: null }) : null} />
            ) : (
              <div className="flex h-full min-h-64 flex-col items-center justify-center rounded-2xl border border-dashed border-slate-300 p-8 text-center text-sm text-slate-500">
                <MousePointerClick aria-hidden="true" className="mb-2 size-6 text-slate-400" />
                Choose a vendor in the list to see the application.
              </div>
            )}
          </div>
        )}
      </div>
      )}
    </section>
  );
}
