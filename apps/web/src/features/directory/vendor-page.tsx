import type { VendorPublic } from '@localloop/contract';
import { CalendarDays, Clock, Eye, LayoutDashboard, Mail, MapPin, Pencil, Phone, Star, Store, Tag, Wrench } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { Link, useParams } from 'react-router';
import { PhotoGallery } from '../../components/photo-gallery.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { paths } from '../../paths.ts';
import { useAccountId, useAuth } from '../../session/auth-context.tsx';
import { isVendorMissing, useVendor } from './api/get-vendor.ts';
import { VendorDeals, VendorServices } from './components/coming-sections.tsx';
import { FavoriteButton } from './components/favorite-button.tsx';
import { OpeningHours } from './components/opening-hours.tsx';
import { EmptyState, LoadError } from '../../components/page-states.tsx';
import { RatingsSection } from './components/ratings-section.tsx';
import { RatingSummary } from '../../components/rating-stars.tsx';
import { VendorAddresses } from './components/vendor-addresses.tsx';
import { VendorLogo } from './components/vendor-logo.tsx';
import { formatDistance } from './format.ts';

type VendorPageProps = {
  /** The vendor's services, from the appointments feature (app/pages composes it in); an empty state without it. */
  servicesSection?: (vendor: { id: string; business_name: string }) => ReactNode;
  /** The vendor's deals on sale, from the deals feature; an empty state without it. */
  dealsSection?: (vendor: { id: string; business_name: string }) => ReactNode;
  /** The activities the shop's owner hosts, from the activities feature; no section without it. */
  activitiesSection?: (vendor: { id: string; business_name: string }) => ReactNode;
};

/** /vendor/{userId}: a listed vendor's public page. */
export default function VendorPage({ servicesSection, dealsSection, activitiesSection }: VendorPageProps = {}) {
  const userId = useParams().userId ?? '';
  const vendor = useVendor(userId);
  const { isAuthenticated } = useAuth();
  const directory = isAuthenticated ? paths.vendorList : paths.vendor;

  if (isVendorMissing(userId, vendor.error)) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
        <EmptyState
          icon={Store}
          level="h1"
          title="We could not find this vendor"
          actions={
            <Link to={directory} className="btn-primary">
              Browse vendors
            </Link>
          }
        >
          The link may be mistyped, or the business is no longer listed on LocalLoop.
        </EmptyState>
      </section>
    );
  }
  if (vendor.isPending) return <Spinner label="Loading the vendor…" className="min-h-[50vh]" />;
  if (vendor.isError) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
        <LoadError error={vendor.error} what="this vendor" onRetry={() => void vendor.refetch()} />
      </section>
    );
  }
  return <VendorProfile vendor={vendor.data} directory={directory} servicesSection={servicesSection} dealsSection={dealsSection} activitiesSection={activitiesSection} />;
}

/** The signed-in owner looking at its own page: what customers see, with the owner's ways back and no self-favoriting. */
function OwnerPreview({ isLive, isVendorView }: { isLive: boolean; isVendorView: boolean }) {
  return (
    <aside aria-label="Preview of your page" className="mt-4 flex flex-col gap-3 rounded-2xl border border-teal-200 bg-teal-50 p-4 text-sm text-teal-950 sm:flex-row sm:items-center sm:p-5">
      <Eye aria-hidden="true" className="size-5 shrink-0 text-teal-700" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">This is how customers see your page</p>
        <p className="mt-0.5 text-teal-900">
          {isLive
            ? 'Saving to favorites and rating are for your customers, so they are off here.'
            : 'Customers cannot see it yet: it is listed once the marketplace team approves your shop.'}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link to={paths.basicInfo} className="btn-secondary py-2">
          <Pencil aria-hidden="true" className="size-4" />
          Edit your profile
        </Link>
        {isVendorView && (
          <Link to={paths.vendorDashboard} className="btn-secondary py-2">
            <LayoutDashboard aria-hidden="true" className="size-4" />
            Back to your dashboard
          </Link>
        )}
      </div>
    </aside>
  );
}

function VendorProfile({ vendor, directory, servicesSection, dealsSection, activitiesSection }: { vendor: VendorPublic; directory: string } & VendorPageProps) {
  const distance = formatDistance(vendor.distance_km);
  const place = [vendor.city, vendor.state].filter(Boolean).join(', ');
  const viewerId = useAccountId();
  const { userRole, vendorIsApproved } = useAuth();
  const isOwn = viewerId !== '' && viewerId.toLowerCase() === vendor.user_id.toLowerCase();
  // A vendor (in the vendor view) reaches only its own page: its way back is the dashboard, not the directory.
  const isVendorView = userRole === 'vendor';
  return (
    <article className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-10 lg:px-8">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={isVendorView ? paths.vendorDashboard : directory} className="text-teal-700 hover:underline">
          {isVendorView ? 'Dashboard' : 'Vendors'}
        </Link>
        <span aria-hidden="true" className="px-1.5 text-slate-400">/</span>
        <span className="text-slate-600">{vendor.business_name}</span>
      </nav>
      {isOwn && <OwnerPreview isLive={vendorIsApproved} isVendorView={isVendorView} />}

      {vendor.photos.length > 0 && (
        <div className="mt-4">
          <PhotoGallery photos={vendor.photos} title={vendor.business_name} />
        </div>
      )}

      <header className="mt-4 rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7">
        <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
          <VendorLogo name={vendor.business_name} image={vendor.logo_image} size="lg" />
          <div className="min-w-0 flex-1">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{vendor.business_name}</h1>
            <p className="mt-1 font-medium text-teal-800">{vendor.category}</p>
            <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1">
              <RatingSummary avg={vendor.rating_avg} count={vendor.rating_count} />
              {(place || distance) && (
                <span className="inline-flex items-center gap-1 text-sm text-slate-600">
                  <MapPin aria-hidden="true" className="size-3.5 text-slate-400" />
                  {[place, distance && `${distance} away`].filter(Boolean).join(' · ')}
                </span>
              )}
            </div>
            {(vendor.contact_phone || vendor.contact_email) && (
              <ul className="mt-4 flex flex-wrap gap-2" aria-label="Contact">
                {vendor.contact_phone && (
                  <li>
                    <a href={`tel:${vendor.contact_phone}`} className="btn-secondary py-2">
                      <Phone aria-hidden="true" className="size-4" />
                      {vendor.contact_phone}
                    </a>
                  </li>
                )}
                {vendor.contact_email && (
                  <li>
                    <a href={`mailto:${vendor.contact_email}`} className="btn-secondary max-w-full py-2">
                      <Mail aria-hidden="true" className="size-4 shrink-0" />
                      <span className="truncate">{vendor.contact_email}</span>
                    </a>
                  </li>
                )}
              </ul>
            )}
          </div>
          <div className="flex items-center gap-3 sm:flex-col sm:items-end">
            {!isOwn && <FavoriteButton vendor={vendor} variant="labelled" />}
            {vendor.favorites_count > 0 && (
              <p className="text-xs text-slate-500">
                {vendor.favorites_count === 1 ? '1 person saved this' : `${vendor.favorites_count} people saved this`}
              </p>
            )}
          </div>
        </div>
        {vendor.description && <p className="mt-5 max-w-3xl whitespace-pre-line text-slate-700">{vendor.description}</p>}
      </header>

      {/* When and where first (what a phone needs most); on a laptop they sit in the right column. */}
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-6 lg:col-start-2 lg:row-start-1">
          <Section icon={Clock} title="Opening hours">
            <OpeningHours serviceTime={vendor.service_time} />
          </Section>
          <Section icon={MapPin} title={vendor.addresses.length > 1 ? 'Addresses' : 'Address'}>
            <VendorAddresses name={vendor.business_name} addresses={vendor.addresses} />
          </Section>
        </div>
        <div className="min-w-0 space-y-6 lg:col-start-1 lg:row-start-1">
          <Section icon={Wrench} title="Services">
            {servicesSection ? servicesSection(vendor) : <VendorServices name={vendor.business_name} />}
          </Section>
          <Section icon={Tag} title="Current deals">
            {dealsSection ? dealsSection(vendor) : <VendorDeals name={vendor.business_name} />}
          </Section>
        </div>
      </div>
      {activitiesSection && (
        <div className="mt-6">
          <Section icon={CalendarDays} title="Upcoming activities">
            {activitiesSection(vendor)}
          </Section>
        </div>
      )}
      <div className="mt-6">
        <Section icon={Star} title="Ratings">
          <RatingsSection vendor={vendor} />
        </Section>
      </div>
    </article>
  );
}

function Section({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Icon aria-hidden="true" className="size-5 text-teal-700" />
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}
