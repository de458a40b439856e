import { ArrowRight, CalendarDays, ShieldCheck, Tag, Users, Wrench } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../paths.ts';
import { HeroPicks } from './components/hero-picks.tsx';

type Feature = { title: string; body: string; icon: LucideIcon; to: string; cta: string };

const features: Feature[] = [
  {
    title: 'Local activities',
    body: 'Join a Saturday run club, a pottery night or a neighbourhood clean-up, or start your own and chat with the people who join.',
    icon: CalendarDays,
    to: paths.localActivities,
    cta: 'Browse activities',
  },
  {
    title: 'Deals nearby',
    body: 'Buy limited offers from shops and studios around you and redeem them in person with a QR code.',
    icon: Tag,
    to: paths.popularDeals,
    cta: 'Explore deals',
  },
  {
    title: 'Book services',
    body: 'See real time slots from local providers, book an appointment in a few taps and keep every booking in one place.',
    icon: Wrench,
    to: paths.servicesBrowse,
    cta: 'Browse services',
  },
  {
    title: 'Trusted vendors',
    body: 'Every vendor goes through identity checks and approval, and customers rate what they buy.',
    icon: ShieldCheck,
    to: paths.vendor,
    cta: 'Find vendors',
  },
];

type Step = { title: string; body: string };

const peopleSteps: Step[] = [
  { title: 'Set your area', body: 'LocalLoop shows what is happening near you, not across the country.' },
  { title: 'Pick what you like', body: 'Join an activity, buy a deal or book a time with a local provider.' },
  { title: 'Show up and enjoy', body: 'Show the deal\'s QR code at the counter, meet the group, chat with the people going.' },
];

const vendorSteps: Step[] = [
  { title: 'Apply in minutes', body: 'Tell us about your business, add your address and hours, and verify your identity.' },
  { title: 'Get approved', body: 'Our team reviews every application, so customers know who they are buying from.' },
  { title: 'Sell and grow', body: 'Post deals and services, take bookings, scan QR codes at the counter and see your sales.' },
];

function Steps({ id, title, steps, action }: { id: string; title: string; steps: Step[]; action: ReactNode }) {
  return (
    <div aria-labelledby={id} role="group" className="flex flex-col rounded-3xl border border-slate-200 bg-slate-50 p-6 sm:p-8">
      <h3 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h3>
      <ol className="mt-6 flex-1 space-y-6">
        {steps.map((step, index) => (
          <li key={step.title} className="flex gap-4">
            <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full bg-teal-700 font-semibold text-white">
              {index + 1}
            </span>
            <div>
              <h4 className="font-semibold text-slate-900">{step.title}</h4>
              <p className="mt-1 text-sm leading-6 text-slate-600">{step.body}</p>
            </div>
          </li>
        ))}
      </ol>
      <div className="mt-6">{action}</div>
    </div>
  );
}

type LandingPageProps = {
  /** The search across the marketplace, under the hero's words (composed in app/pages: another feature). */
  search?: ReactNode;
  /** The live rows under the hero (popular deals, upcoming activities near the visitor), composed in app/pages. */
  nearby?: ReactNode;
};

export default function LandingPage({ search, nearby }: LandingPageProps = {}) {
  return (
    <>
      <section className="relative overflow-hidden bg-linear-to-b from-teal-50 via-white to-slate-50">
        <div className="mx-auto grid max-w-7xl grid-cols-1 items-center gap-12 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-2 lg:px-8 lg:py-24">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-teal-800 shadow-sm ring-1 ring-teal-100">
              <Users aria-hidden="true" className="size-4" />
              Your neighbourhood, in one place
            </p>
            <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl">
              Discover what is happening <span className="text-teal-700">around the corner</span>
            </h1>
            <p className="mt-5 max-w-xl text-lg leading-8 text-slate-600">
              LocalLoop connects people with local businesses, deals and community activities. Join an activity,
              grab a deal from the shop down the street or book a service, all close to home.
            </p>
            {search && <div className="mt-8 max-w-xl">{search}</div>}
            <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              <Link to={paths.localActivities} className="btn-primary px-5 py-3 text-base">
                Browse activities
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
              <Link to={paths.popularDeals} className="btn-secondary px-5 py-3 text-base">
                Explore deals
              </Link>
            </div>
            <p className="mt-6 text-sm text-slate-600">
              Run a local business?{' '}
              <Link to={paths.vendor} className="font-semibold text-teal-800 underline-offset-4 hover:underline">
                Meet the vendors
              </Link>{' '}
              or{' '}
              <Link to={paths.createAccount} className="font-semibold text-teal-800 underline-offset-4 hover:underline">
                create a free account
              </Link>
              .
            </p>
          </div>
          <HeroPicks />
        </div>
      </section>

      {nearby}

      <section aria-labelledby="features-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="max-w-2xl">
          <h2 id="features-title" className="text-3xl font-bold tracking-tight text-slate-900">
            Everything local, one loop
          </h2>
          <p className="mt-3 text-slate-600">From a quick coffee deal to a weekly club, find it and book it here.</p>
        </div>
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {features.map(({ title, body, icon: Icon, to, cta }) => (
            <li key={title} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md">
              <span className="flex size-11 items-center justify-center rounded-xl bg-teal-50 text-teal-700">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 flex-1 text-sm leading-6 text-slate-600">{body}</p>
              <Link to={to} className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-teal-800 hover:text-teal-900">
                {cta}
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="steps-title" className="bg-white">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <h2 id="steps-title" className="text-3xl font-bold tracking-tight text-slate-900">
            How it works
          </h2>
          <div className="mt-10 grid gap-6 lg:grid-cols-2">
            <Steps
              id="steps-people"
              title="For people nearby"
              steps={peopleSteps}
              action={
                <Link to={paths.createAccount} className="inline-flex items-center gap-1 text-sm font-semibold text-teal-800 hover:text-teal-900">
                  Create a free account
                  <ArrowRight aria-hidden="true" className="size-4" />
                </Link>
              }
            />
            <Steps
              id="steps-vendors"
              title="For local businesses"
              steps={vendorSteps}
              action={
                <Link to={paths.login} className="inline-flex items-center gap-1 text-sm font-semibold text-teal-800 hover:text-teal-900">
                  Join as a vendor
                  <ArrowRight aria-hidden="true" className="size-4" />
                </Link>
              }
            />
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 pt-16 sm:px-6 lg:px-8">
        <div className="flex flex-col items-start gap-6 rounded-3xl bg-linear-to-br from-teal-700 to-emerald-700 p-8 text-white shadow-lg sm:p-12 lg:flex-row lg:items-center lg:justify-between">
          <div className="max-w-xl">
            <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">Ready to join your local loop?</h2>
            <p className="mt-2 text-teal-50">Create an account in a minute. Businesses can apply to sell once they are in.</p>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Link
              to={paths.createAccount}
              className="inline-flex items-center justify-center rounded-xl bg-white px-5 py-3 font-semibold text-teal-800 shadow-sm hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              Create your account
            </Link>
            <Link
              to={paths.vendor}
              className="inline-flex items-center justify-center rounded-xl border border-white/40 px-5 py-3 font-semibold text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              Find vendors
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
