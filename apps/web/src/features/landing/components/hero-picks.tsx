import {
  Briefcase,
  CalendarDays,
  Car,
  ChevronRight,
  Dumbbell,
  GraduationCap,
  HeartPulse,
  MapPin,
  Palette,
  PartyPopper,
  PawPrint,
  ShoppingBag,
  Sparkles,
  Star,
  Store,
  Tag,
  UtensilsCrossed,
  Wrench,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { paths, to } from '../../../paths.ts';
import { nearbyPickCount, useNearbyPicks } from '../api/get-nearby-picks.ts';
import type { NearbyPick } from '../api/get-nearby-picks.ts';

const categoryLook: Record<string, { icon: LucideIcon; tone: string }> = {
  'Food & Drink': { icon: UtensilsCrossed, tone: 'bg-amber-100 text-amber-700' },
  'Beauty & Wellness': { icon: Sparkles, tone: 'bg-rose-100 text-rose-700' },
  'Fitness & Sports': { icon: Dumbbell, tone: 'bg-emerald-100 text-emerald-700' },
  'Health & Care': { icon: HeartPulse, tone: 'bg-sky-100 text-sky-700' },
  'Home Services': { icon: Wrench, tone: 'bg-slate-200 text-slate-700' },
  'Shopping & Retail': { icon: ShoppingBag, tone: 'bg-violet-100 text-violet-700' },
  'Education & Classes': { icon: GraduationCap, tone: 'bg-indigo-100 text-indigo-700' },
  'Arts & Entertainment': { icon: Palette, tone: 'bg-fuchsia-100 text-fuchsia-700' },
  'Events & Venues': { icon: PartyPopper, tone: 'bg-orange-100 text-orange-700' },
  Automotive: { icon: Car, tone: 'bg-zinc-200 text-zinc-700' },
  Pets: { icon: PawPrint, tone: 'bg-lime-100 text-lime-700' },
  'Professional Services': { icon: Briefcase, tone: 'bg-cyan-100 text-cyan-700' },
};
const otherLook = { icon: Store, tone: 'bg-teal-100 text-teal-700' };

/** "350 m", "1.2 km", "14 km". */
export function distanceLabel(km: number | null): string | null {
  if (km === null) return null;
  if (km < 0.1) return '< 100 m';
  if (km < 1) return `${Math.round((km * 1000) / 10) * 10} m`;
  return km < 10 ? `${km.toFixed(1)} km` : `${Math.round(km)} km`;
}

const cardClass = 'rounded-2xl border border-slate-200 bg-white p-4 shadow-lg';
// The three cards stagger like the page's illustration did, loaded or not (so nothing moves when they arrive).
const offsets = ['', 'ml-6 sm:ml-12', ''];

function PickCard({ pick }: { pick: NearbyPick }) {
  const look = categoryLook[pick.category] ?? otherLook;
  const Icon = look.icon;
  const distance = distanceLabel(pick.distance_km);
  const rated = pick.rating_avg !== null && pick.rating_count > 0;
  return (
    <Link to={to.vendorProfile(pick.user_id)} className={`${cardClass} group flex items-center gap-3 transition-shadow hover:shadow-xl`}>
      {pick.logo_thumbnail ? (
        <img src={pick.logo_thumbnail} alt="" width={44} height={44} className="size-11 shrink-0 rounded-xl object-cover" />
      ) : (
        <span className={`flex size-11 shrink-0 items-center justify-center rounded-xl ${look.tone}`}>
          <Icon aria-hidden="true" className="size-5" />
        </span>
      )}
      <span className="min-w-0 flex-1">
        <span className="block truncate font-semibold text-slate-900 group-hover:text-teal-800">{pick.business_name}</span>
        <span className="flex min-w-0 items-center gap-1 text-sm text-slate-500">
          <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
          <span className="truncate">{[pick.category, pick.city, distance && `${distance} away`].filter(Boolean).join(' · ')}</span>
        </span>
      </span>
      {rated && pick.rating_avg !== null ? (
        <span className="inline-flex shrink-0 items-center gap-1 text-sm font-semibold text-amber-700">
          <Star aria-hidden="true" className="size-3.5 fill-amber-400 text-amber-400" />
          <span className="sr-only">Rated </span>
          {pick.rating_avg.toFixed(1)}
        </span>
      ) : (
        <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
      )}
    </Link>
  );
}

function SkeletonCard() {
  return (
    <div className={`${cardClass} flex items-center gap-3`}>
      <span className="size-11 shrink-0 animate-pulse rounded-xl bg-slate-100" />
      <span className="flex-1 space-y-2">
        <span className="block h-4 w-2/3 animate-pulse rounded bg-slate-100" />
        <span className="block h-3.5 w-1/2 animate-pulse rounded bg-slate-100" />
      </span>
    </div>
  );
}

/** What LocalLoop lists, shown when no real vendor can be (none nearby, or the directory did not answer): marked as examples. */
const examples: { icon: LucideIcon; tone: string; title: string; detail: string }[] = [
  { icon: CalendarDays, tone: 'bg-emerald-100 text-emerald-700', title: 'A Saturday run club', detail: 'Activities people nearby start and join' },
  { icon: Tag, tone: 'bg-amber-100 text-amber-700', title: 'Two coffees for one', detail: 'Deals from the shops on your street' },
  { icon: Store, tone: 'bg-sky-100 text-sky-700', title: 'A barber with a free slot today', detail: 'Services you book in a few taps' },
];

function ExampleCards() {
  return (
    <ul className="space-y-4" aria-label="What you can find on LocalLoop (examples)">
      {examples.map(({ icon: Icon, tone, title, detail }, index) => (
        <li key={title} className={`${cardClass} flex items-center gap-3 ${offsets[index] ?? ''}`}>
          <span className={`flex size-11 shrink-0 items-center justify-center rounded-xl ${tone}`}>
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <span className="min-w-0 flex-1">
            <span className="block truncate font-semibold text-slate-900">{title}</span>
            <span className="block truncate text-sm text-slate-500">{detail}</span>
          </span>
          <span className="badge shrink-0 bg-slate-100 text-slate-600">Example</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The hero's cards: real vendors near the visitor (the chosen location, or New York), best rated first, each a link to
 * its page. While they load, placeholders of the same size; with none to show, clearly marked examples.
 */
export function HeroPicks() {
  const { location, picks } = useNearbyPicks();
  const place = location.city.trim() || 'you';
  const found = picks.data ?? [];
  return (
    <section aria-labelledby="hero-picks-title" className="relative mx-auto w-full max-w-md lg:max-w-none">
      <div aria-hidden="true" className="absolute -inset-6 rounded-[2.5rem] bg-linear-to-br from-teal-200/60 via-emerald-100/40 to-transparent blur-2xl" />
      <div className="relative">
        <h2 id="hero-picks-title" className="mb-3 flex items-center gap-1.5 text-sm font-semibold text-teal-900">
          <Star aria-hidden="true" className="size-4 fill-teal-600 text-teal-600" />
          {found.length > 0 || picks.isPending ? `Top rated near ${place}` : 'What you will find here'}
        </h2>
        {picks.isPending ? (
          <div className="space-y-4" aria-busy="true" aria-label={`Loading vendors near ${place}`} role="status">
            {Array.from({ length: nearbyPickCount }, (_, index) => (
              <div key={index} className={offsets[index]}>
                <SkeletonCard />
              </div>
            ))}
          </div>
        ) : found.length > 0 ? (
          <ul className="space-y-4">
            {found.map((pick, index) => (
              <li key={pick.id} className={offsets[index]}>
                <PickCard pick={pick} />
              </li>
            ))}
          </ul>
        ) : (
          <ExampleCards />
        )}
        {found.length > 0 && (
          <p className="mt-4 text-right">
            <Link to={`${paths.vendor}?sort=rating`} className="inline-flex items-center gap-1 rounded-lg text-sm font-semibold text-teal-800 hover:text-teal-900 hover:underline">
              See all vendors
              <ChevronRight aria-hidden="true" className="size-4" />
            </Link>
          </p>
        )}
      </div>
    </section>
  );
}
