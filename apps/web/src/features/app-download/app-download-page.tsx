import { useState } from 'react';
import { Apple, CheckCircle2, Download, MonitorSmartphone, Play, Share, SquarePlus } from 'lucide-react';
import type { PageProps } from '../../components/page-props.ts';
import { config } from '../../config.ts';
import { promptInstall, useInstallState } from '../../lib/install-prompt.ts';

const stores = [
  { name: 'iOS', caption: 'Download on the', store: 'App Store', href: config.iosAppUrl, Icon: Apple },
  { name: 'Android', caption: 'Get it on', store: 'Google Play', href: config.androidAppUrl, Icon: Play },
];

function StoreLinks() {
  return (
    <ul className="mt-5 flex flex-wrap gap-3">
      {stores.map(({ name, caption, store, href, Icon }) => (
        <li key={name}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            className="flex items-center gap-3 rounded-xl bg-slate-900 px-4 py-2.5 text-white transition-colors hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
          >
            <Icon aria-hidden="true" className="size-6" />
            <span className="leading-tight">
              <span className="block text-xs text-slate-300">{caption}</span>{' '}
              <span className="block font-semibold">{store}</span> <span className="sr-only">({name}, opens in a new tab)</span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

function InstallWebApp() {
  const state = useInstallState();
  const [declined, setDeclined] = useState(false);

  if (state === 'installed') {
    return (
      <p className="mt-4 flex items-start gap-2 rounded-xl bg-teal-50 px-4 py-3 text-teal-900">
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-teal-700" />
        <span>
          <strong className="font-semibold">LocalLoop is installed.</strong> Open it from your home screen or app list; it starts even
          without a connection.
        </span>
      </p>
    );
  }

  if (state === 'promptable') {
    return (
      <div className="mt-4">
        <p className="text-slate-600">Add LocalLoop to your home screen or app list: it opens in its own window, even offline.</p>
        <button
          type="button"
          className="btn-primary mt-4"
          onClick={() => {
            setDeclined(false);
            void promptInstall().then((accepted) => setDeclined(!accepted));
          }}
        >
          <Download aria-hidden="true" className="size-4" />
          Install LocalLoop
        </button>
      </div>
    );
  }

  return (
    <div className="mt-4 space-y-4 text-slate-600">
      {declined && <p role="status">Not installed. You can install LocalLoop from your browser&apos;s menu at any time.</p>}
      <div>
        <h3 className="font-semibold text-slate-900">On iPhone or iPad (Safari)</h3>
        <ol className="mt-2 list-decimal space-y-2 pl-5">
          <li>
            Tap <strong className="font-semibold text-slate-800">Share</strong>{' '}
            <Share aria-hidden="true" className="inline size-4 align-text-bottom text-slate-700" /> in Safari&apos;s toolbar.
          </li>
          <li>
            Choose <strong className="font-semibold text-slate-800">Add to Home Screen</strong>{' '}
            <SquarePlus aria-hidden="true" className="inline size-4 align-text-bottom text-slate-700" />, then Add.
          </li>
        </ol>
      </div>
      <div>
        <h3 className="font-semibold text-slate-900">In Chrome, Edge or Samsung Internet</h3>
        <p className="mt-2">
          Open the browser&apos;s menu and choose <strong className="font-semibold text-slate-800">Install app</strong> or{' '}
          <strong className="font-semibold text-slate-800">Add to Home screen</strong>.
        </p>
      </div>
    </div>
  );
}

/** /appDownload: the native apps' store pages (config), and installing this web app from the browser. */
export default function AppDownloadPage({ title }: PageProps) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 lg:px-8 lg:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-3 max-w-2xl text-lg text-slate-600">
        Take LocalLoop with you: deals, activities and bookings near you, and your deals&apos; QR codes ready at the counter.
      </p>
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <section aria-labelledby="store-apps" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="store-apps" className="text-xl font-semibold text-slate-900">
            Get the mobile app
          </h2>
          <p className="mt-2 text-slate-600">LocalLoop for iPhone and Android, from your phone&apos;s app store.</p>
          <StoreLinks />
        </section>
        <section aria-labelledby="web-app" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="web-app" className="flex items-center gap-2 text-xl font-semibold text-slate-900">
            <MonitorSmartphone aria-hidden="true" className="size-5 text-teal-700" />
            Install this web app
          </h2>
          <InstallWebApp />
        </section>
      </div>
    </div>
  );
}
