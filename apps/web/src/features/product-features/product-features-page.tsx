import { ArrowRight } from 'lucide-react';
import { useId } from 'react';
import { Link, useParams } from 'react-router';
import { NotFound } from '../../components/not-found.tsx';
import type { PageProps } from '../../components/page-props.ts';
import { to } from '../../paths.ts';
import { useAccountId, useAuth } from '../../session/auth-context.tsx';
import { productNames, productOfSegment, products } from './products.ts';
import type { Invitation, Product } from './products.ts';

/**
 * /{product}Features: what one part of LocalLoop does (Activities, Deals, Services, Vendors), how it works for the
 * reader's side of the marketplace, what to do next as that role, and the other three parts.
 */
export default function ProductFeaturesPage({ title }: PageProps) {
  const product = productOfSegment(useParams().productFeatures);
  const { userRole, canPostDeals, vendorIsApproved } = useAuth();
  const accountId = useAccountId();
  // routes.tsx lets only the four products in; this keeps a direct render of another segment a Not Found too.
  if (!product) return <NotFound />;
  const invitation = product.invitation({ role: userRole, canPostDeals, vendorIsApproved, accountId });
  const isVendor = userRole === 'vendor';
  return (
    <>
      <Hero product={product} title={title} invitation={invitation} />
      <Highlights product={product} />
      <Steps product={product} forVendor={isVendor} />
      <MoreProducts current={product} />
    </>
  );
}

function Hero({ product, title, invitation }: { product: Product; title: string; invitation: Invitation }) {
  const Icon = product.icon;
  const [main, ...others] = invitation.actions;
  return (
    <section className="bg-linear-to-b from-teal-50 via-white to-slate-50">
      <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <span className="flex size-12 items-center justify-center rounded-2xl bg-white text-teal-700 shadow-sm ring-1 ring-teal-100">
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <h1 className="mt-5 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        <p className="mt-4 max-w-3xl text-xl leading-8 font-medium text-slate-800">{product.tagline}</p>
        <p className="mt-3 max-w-3xl leading-7 text-slate-600">{product.intro}</p>
        <p className="mt-8 font-semibold text-slate-900">{invitation.lead}</p>
        <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          {main && (
            <Link to={main.path} className="btn-primary px-5 py-3 text-base">
              {main.label}
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          )}
          {others.map((action) => (
            <Link key={action.path} to={action.path} className="btn-secondary px-5 py-3 text-base">
              {action.label}
            </Link>
          ))}
        </div>
        {invitation.aside && (
          <p className="mt-6 text-sm text-slate-600">
            {invitation.aside.text}{' '}
            <Link to={invitation.aside.action.path} className="font-semibold text-teal-800 underline-offset-4 hover:underline">
              {invitation.aside.action.label}
            </Link>
          </p>
        )}
      </div>
    </section>
  );
}

function Highlights({ product }: { product: Product }) {
  const heading = useId();
  return (
    <section aria-labelledby={heading} className="mx-auto max-w-5xl px-4 py-14 sm:px-6 lg:px-8">
      <h2 id={heading} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        What you can do
      </h2>
      <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {product.highlights.map(({ title, body, icon: Icon }) => (
          <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <span className="flex size-11 items-center justify-center rounded-xl bg-teal-50 text-teal-700">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
            <p className="mt-2 text-sm leading-6 text-slate-600">{body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Steps({ product, forVendor }: { product: Product; forVendor: boolean }) {
  const heading = useId();
  const steps = forVendor ? product.steps.vendor : product.steps.customer;
  return (
    <section aria-labelledby={heading} className="bg-white">
      <div className="mx-auto max-w-5xl px-4 py-14 sm:px-6 lg:px-8">
        <h2 id={heading} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {forVendor ? 'How it works for your shop' : 'How it works'}
        </h2>
        <ol className="mt-8 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map((step, index) => (
            <li key={step.title} className="flex gap-4 lg:flex-col">
              <span
                aria-hidden="true"
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-teal-700 font-semibold text-white"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold text-slate-900">{step.title}</h3>
                <p className="mt-1 text-sm leading-6 text-slate-600">{step.body}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function MoreProducts({ current }: { current: Product }) {
  const heading = useId();
  const others = productNames.filter((name) => name !== current.name).map((name) => products[name]);
  return (
    <section aria-labelledby={heading} className="mx-auto max-w-5xl px-4 pt-14 sm:px-6 lg:px-8">
      <h2 id={heading} className="text-2xl font-bold tracking-tight text-slate-900">
        More of LocalLoop
      </h2>
      <ul className="mt-6 grid gap-4 md:grid-cols-3">
        {others.map(({ name, icon: Icon, tagline }) => (
          <li key={name}>
            <Link
              to={to.productFeatures(name)}
              className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition-colors hover:border-teal-300 hover:bg-teal-50/40"
            >
              <span className="flex items-center gap-2 font-semibold text-slate-900">
                <Icon aria-hidden="true" className="size-5 text-teal-700" />
                {name}
                <ArrowRight aria-hidden="true" className="ml-auto size-4 text-teal-700" />
              </span>
              <span className="mt-2 text-sm leading-6 text-slate-600">{tagline}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
