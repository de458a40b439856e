import { zodResolver } from '@hookform/resolvers/zod';
import { AddressInput } from '@localloop/contract';
import type { Place, VendorAddress, VendorProfile } from '@localloop/contract';
import { Clock, LoaderCircle, LocateFixed, MapPin, MapPinOff, Pencil, Plus, Star, Trash2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormAlert } from '../../components/form-alert.tsx';
import { isOffline } from '../../components/map/open-in-maps.ts';
import type { MapPoint } from '../../components/map/pin-map.tsx';
import { Panel } from '../../components/panel.tsx';
import { PlaceSearch } from '../../components/place-search.tsx';
import type { PlaceFinder } from '../../components/place-search.tsx';
import { applyServerError, errorMessageOf } from '../../components/server-errors.ts';
import { SubmitButton } from '../../components/submit-button.tsx';
import { TextField } from '../../components/text-field.tsx';
import { toast } from '../../lib/toast.ts';
import { useUserLocation } from '../../session/user-location.ts';
import { useUpdateMyVendor } from './api/get-my-vendor.ts';
import { deleteVendorAddress } from './api/delete-vendor-address.ts';
import { useTimeZoneAt } from './api/get-time-zone-at.ts';
import { saveVendorAddress } from './api/save-vendor-address.ts';
import { KycPage } from './components/kyc-page.tsx';
import { currentPosition, positionErrorMessage } from './place-finder.ts';
import { describeTimeZone, timeZoneLabel } from './time-zones.ts';

const PinMap = lazy(() => import('../../components/map/pin-map.tsx'));

const pinMissing = 'Place the pin: find the place above, use your current location, or click the map.';
// The point is placed on the map, never typed: until it is (null), the form says how to place it, not "0, 0".
const coordinate = (schema: z.ZodType<number, unknown>) =>
  z
    .number()
    .nullable()
    .transform((value, ctx) => {
      if (value === null) {
        ctx.addIssue({ code: 'custom', message: pinMissing });
        return z.NEVER;
      }
      // The contract's own range check and messages.
      const parsed = schema.safeParse(value);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
      return z.NEVER;
    });
const AddressForm = AddressInput.extend({
  latitude: coordinate(AddressInput.shape.latitude),
  longitude: coordinate(AddressInput.shape.longitude),
});
type Fields = z.input<typeof AddressForm>;
type Values = z.output<typeof AddressForm>;

const fieldNames = ['label', 'line1', 'line2', 'city', 'state', 'postal_code', 'country', 'latitude', 'longitude'] as const;

const emptyFields: Fields = { label: '', line1: '', line2: '', city: '', state: '', postal_code: '', country: '', latitude: null, longitude: null, is_primary: false };

function fieldsOf(address: VendorAddress): Fields {
  const { label, line1, line2, city, state, postal_code, country, latitude, longitude, is_primary } = address;
  return { label, line1, line2, city, state, postal_code, country, latitude, longitude, is_primary };
}

function bodyOf(address: VendorAddress): AddressInput {
  const { label, line1, line2, city, state, postal_code, country, latitude, longitude, is_primary } = address;
  return { label, line1, line2, city, state, postal_code, country, latitude, longitude, is_primary };
}

/** Saved addresses in the cache: the new or changed one in place, and only one primary. */
function withAddress(profile: VendorProfile, saved: VendorAddress): VendorProfile {
  const others = profile.addresses.map((a) => (saved.is_primary && a.id !== saved.id ? { ...a, is_primary: false } : a));
  const exists = others.some((a) => a.id === saved.id);
  const addresses = exists ? others.map((a) => (a.id === saved.id ? saved : a)) : [...others, saved];
  // The hours follow the primary address's zone unless the vendor chose one (the server does the same).
  const followsAddress = profile.service_time.time_zone_auto && saved.is_primary && saved.time_zone;
  const service_time = followsAddress && saved.time_zone ? { ...profile.service_time, time_zone: saved.time_zone } : profile.service_time;
  return { ...profile, addresses, service_time, steps: { ...profile.steps, addresses: true } };
}

/** What the toast says after a save: the zone too, when the opening hours now follow a new one. */
function savedMessage(profile: VendorProfile, saved: VendorAddress, editing: boolean): string {
  const done = editing ? 'Address updated.' : 'Address added.';
  const zone = saved.time_zone;
  if (!zone || !saved.is_primary || !profile.service_time.time_zone_auto || zone === profile.service_time.time_zone) return done;
  return `${done} Your opening hours are now in its time zone: ${timeZoneLabel(describeTimeZone(zone))}.`;
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;
/** How long the pin rests before its place is looked up (a drag or a run of arrow keys is one move). */
const reverseDelayMs = 400;

type FormProps = { profile: VendorProfile; editing: VendorAddress | null; places: PlaceFinder; placesLoading: boolean; onDone: () => void; canCancel: boolean };

/** The zone at the pin, and what it means for the opening hours. */
function PinTimeZone({ profile, pin, willBePrimary }: { profile: VendorProfile; pin: MapPoint; willBePrimary: boolean }) {
  const zone = useTimeZoneAt(pin);
  if (!zone.data) return null;
  const label = timeZoneLabel(describeTimeZone(zone.data.time_zone));
  const hours = profile.service_time;
  const effect = !willBePrimary
    ? null
    : hours.time_zone_auto
      ? hours.time_zone === zone.data.time_zone
        ? 'Your opening hours are in it.'
        : 'Your opening hours will use it once you save.'
      : `Your opening hours stay in the zone you chose (${describeTimeZone(hours.time_zone).city}).`;
  return (
    <p className="flex items-start gap-1.5 text-sm text-slate-700" data-testid="pin-time-zone">
      <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-teal-700" />
      <span>
        Time zone here: <span className="font-medium">{label}</span>. {effect}
      </span>
    </p>
  );
}

function AddressEditor({ profile, editing, places, placesLoading, onDone, canCancel }: FormProps) {
  const id = useId();
  const updateMyVendor = useUpdateMyVendor();
  const stored = useUserLocation();
  const [serverError, setServerError] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const [mapUnavailable, setMapUnavailable] = useState(isOffline);
  const [announcement, setAnnouncement] = useState('');
  const inFlight = useRef(false);
  const lookup = useRef<{ timer: number | undefined; seq: number }>({ timer: undefined, seq: 0 });
  const form = useForm<Fields, unknown, Values>({
    resolver: zodResolver(AddressForm),
    defaultValues: editing ? fieldsOf(editing) : { ...emptyFields, is_primary: profile.addresses.length === 0 },
  });
  const { errors, isSubmitting } = form.formState;
  const latitude = useWatch({ control: form.control, name: 'latitude' });
  const longitude = useWatch({ control: form.control, name: 'longitude' });
  const isPrimary = useWatch({ control: form.control, name: 'is_primary' });
  const pin: MapPoint | null = latitude !== null && longitude !== null ? { latitude, longitude } : null;
  const primary = profile.addresses.find((a) => a.is_primary);
  const center: MapPoint = primary ? { latitude: primary.latitude, longitude: primary.longitude } : { latitude: stored.latitude, longitude: stored.longitude };
  const pinError = errors.latitude?.message ?? errors.longitude?.message;

  useEffect(() => {
    const pending = lookup.current;
    return () => window.clearTimeout(pending.timer);
  }, []);

  const setPin = (point: MapPoint) => {
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    form.setValue('latitude', round(point.latitude), options);
    form.setValue('longitude', round(point.longitude), options);
  };

  const fillFrom = (place: Place) => {
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    form.setValue('city', place.city, options);
    form.setValue('state', place.state, options);
    form.setValue('country', place.country, options);
  };

  /** The pin moved on the map: once it rests, its place fills the city, state and country. */
  const onPlace = (point: MapPoint) => {
    setPin(point);
    window.clearTimeout(lookup.current.timer);
    const seq = ++lookup.current.seq;
    lookup.current.timer = window.setTimeout(() => {
      places.reverse(point.latitude, point.longitude).then(
        (place) => {
          // A later move answers for itself.
          if (seq !== lookup.current.seq) return;
          fillFrom(place);
          setAnnouncement(`Pin placed in ${place.formatted_address || [place.city, place.state, place.country].filter(Boolean).join(', ')}.`);
        },
        () => {
          if (seq === lookup.current.seq) setAnnouncement('Pin placed. Its city could not be looked up: type it below.');
        },
      );
    }, reverseDelayMs);
  };

  const locateMe = async () => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      toast.error('Geolocation not supported by your browser.');
      return;
    }
    setLocating(true);
    try {
      let coords: MapPoint;
      try {
        const position = await currentPosition();
        coords = { latitude: position.coords.latitude, longitude: position.coords.longitude };
      } catch (error) {
        toast.error(positionErrorMessage(error));
        return;
      }
      lookup.current.seq += 1;
      setPin(coords);
      try {
        const place = await places.reverse(coords.latitude, coords.longitude);
        fillFrom(place);
        setAnnouncement(`Pin placed at your current location, in ${place.formatted_address}.`);
      } catch {
        // The position is known but could not be named: the pin stays, the person types the rest.
        setAnnouncement('Pin placed at your current location. Its city could not be looked up: type it below.');
      }
    } finally {
      setLocating(false);
    }
  };

  const submit = async (values: Values) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setServerError(null);
    try {
      const saved = await saveVendorAddress(values, editing?.id);
      updateMyVendor((current) => withAddress(current, saved));
      toast.success(savedMessage(profile, saved, editing !== null));
      onDone();
    } catch (error) {
      setServerError(applyServerError(error, form.setError, fieldNames));
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)} className="space-y-5">
      <div className="space-y-3 rounded-2xl bg-slate-50 p-4">
        <PlaceSearch
          places={places}
          loading={placesLoading}
          label="Find the place"
          placeholder="Search a city or place"
          hint="Places the pin and fills in the city, state and country; add the street yourself."
          onChoose={(suggestion) => {
            places.resolve(suggestion).then(
              (place) => {
                lookup.current.seq += 1;
                fillFrom(place);
                setPin({ latitude: place.latitude, longitude: place.longitude });
                setAnnouncement(`Pin placed in ${place.formatted_address}. Drag it to the exact spot.`);
              },
              () => toast.error('Failed to process selected location. Please try again.'),
            );
          }}
        />
        <button type="button" onClick={() => void locateMe()} disabled={locating} aria-busy={locating} className="btn-secondary w-full sm:w-auto">
          {locating ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <LocateFixed aria-hidden="true" className="size-4" />}
          Use my current location
        </button>
      </div>

      <div>
        <p id={`${id}-pin-label`} className="text-sm font-medium text-slate-800">
          Place on the map
        </p>
        {mapUnavailable ? (
          <div data-testid="pin-map-fallback" className="mt-1.5 flex gap-3 rounded-2xl border border-dashed border-slate-300 bg-slate-50 p-4 text-sm">
            <MapPinOff aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
            <div className="min-w-0">
              <p className="font-medium text-slate-900">The map cannot be shown right now</p>
              <p className="mt-0.5 text-slate-600">
                {pin
                  ? 'The pin is where the search or your current location put it; you can move it once the map loads.'
                  : 'Find the place above or use your current location: the pin goes there.'}
              </p>
            </div>
          </div>
        ) : (
          <div data-testid="pin-map" role="group" aria-labelledby={`${id}-pin-label`} className="relative isolate mt-1.5 h-64 overflow-hidden rounded-2xl border border-slate-200 bg-slate-100 sm:h-80">
            <ErrorBoundary fallback={<p className="p-4 text-sm text-slate-600">The map could not be loaded. Find the place above instead.</p>}>
              <Suspense fallback={<p className="p-4 text-sm text-slate-600">Loading map…</p>}>
                <PinMap pin={pin} center={center} onPlace={onPlace} onUnavailable={() => setMapUnavailable(true)} />
              </Suspense>
            </ErrorBoundary>
          </div>
        )}
        <div className="mt-1.5 space-y-1">
          {!mapUnavailable && (
            <p className="text-xs text-slate-500">
              {pin ? 'Drag the pin to your entrance, or click the map. With a keyboard: Tab to the pin, then use the arrow keys (Shift for bigger steps).' : 'Click the map to drop the pin, or find the place above.'}
            </p>
          )}
          {pinError && (
            <p id={`${id}-pin-error`} role="alert" className="text-sm text-red-700">
              {pinError}
            </p>
          )}
          {pin && (
            <p className="flex items-start gap-1.5 text-sm text-slate-700" data-testid="pin-position">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-teal-700" />
              <span className="tabular-nums">
                Pin at {pin.latitude.toFixed(5)}, {pin.longitude.toFixed(5)}
              </span>
            </p>
          )}
          {pin && <PinTimeZone profile={profile} pin={pin} willBePrimary={isPrimary || editing?.is_primary === true} />}
          <p role="status" aria-live="polite" className="sr-only">
            {announcement}
          </p>
        </div>
      </div>

      <TextField label="Label (optional)" placeholder="Shop, Studio, Warehouse…" error={errors.label?.message} {...form.register('label')} />
      <TextField label="Street and number" autoComplete="address-line1" error={errors.line1?.message} {...form.register('line1')} />
      <TextField label="Address line 2 (optional)" autoComplete="address-line2" placeholder="Floor, suite, unit…" error={errors.line2?.message} {...form.register('line2')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="City" autoComplete="address-level2" error={errors.city?.message} {...form.register('city')} />
        <TextField label="State or region" autoComplete="address-level1" error={errors.state?.message} {...form.register('state')} />
        <TextField label="Postal code" autoComplete="postal-code" error={errors.postal_code?.message} {...form.register('postal_code')} />
        <TextField label="Country" autoComplete="country-name" error={errors.country?.message} {...form.register('country')} />
      </div>
      <label className="flex items-center gap-2.5 text-sm text-slate-800">
        <input type="checkbox" className="size-4 rounded border-slate-300 accent-teal-700" {...form.register('is_primary')} />
        Primary address (shown first to customers)
      </label>
      <FormAlert>{serverError}</FormAlert>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {canCancel && (
          <button type="button" onClick={onDone} className="btn-ghost">
            Cancel
          </button>
        )}
        <SubmitButton busy={isSubmitting} className="btn-primary w-full sm:w-auto">
          {editing ? 'Save address' : 'Add address'}
        </SubmitButton>
      </div>
    </form>
  );
}

function AddressRow({ address, onEdit }: { address: VendorAddress; onEdit: () => void }) {
  const updateMyVendor = useUpdateMyVendor();
  const [busy, setBusy] = useState<'primary' | 'delete' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const name = address.label || address.line1;

  const makePrimary = async () => {
    setBusy('primary');
    try {
      const saved = await saveVendorAddress({ ...bodyOf(address), is_primary: true }, address.id);
      updateMyVendor((current) => withAddress(current, saved));
      toast.success(`${name} is now your primary address.`);
    } catch (error) {
      toast.error(errorMessageOf(error));
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setBusy('delete');
    try {
      await deleteVendorAddress(address.id);
      updateMyVendor((current) => {
        const addresses = current.addresses.filter((a) => a.id !== address.id);
        return { ...current, addresses, steps: { ...current.steps, addresses: addresses.length > 0 } };
      });
      toast.success(`${name} was deleted.`);
    } catch (error) {
      toast.error(errorMessageOf(error));
      setBusy(null);
      setConfirming(false);
    }
  };

  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-slate-100 text-slate-600">
          <MapPin aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-900">
            {address.label || 'Address'}
            {address.is_primary && <span className="badge bg-teal-100 text-teal-800">Primary</span>}
          </p>
          <p className="text-sm text-slate-700">{address.formatted_address}</p>
          {address.time_zone && <p className="text-xs text-slate-500">Time zone: {timeZoneLabel(describeTimeZone(address.time_zone))}</p>}
        </div>
      </div>
      {confirming ? (
        <div className="flex flex-wrap items-center gap-2 sm:justify-end" role="group" aria-label={`Delete ${name}?`}>
          <span className="text-sm text-slate-700">Delete it?</span>
          <button type="button" onClick={() => setConfirming(false)} disabled={busy !== null} className="btn-ghost">
            Keep
          </button>
          <button type="button" onClick={() => void remove()} disabled={busy !== null} aria-busy={busy === 'delete'} className="btn-secondary border-red-300 text-red-700 hover:bg-red-50">
            {busy === 'delete' && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
            Yes, delete
          </button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-1 sm:justify-end">
          {!address.is_primary && (
            <button type="button" onClick={() => void makePrimary()} disabled={busy !== null} aria-busy={busy === 'primary'} className="btn-ghost" aria-label={`Make ${name} primary`}>
              {busy === 'primary' ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <Star aria-hidden="true" className="size-4" />}
              Make primary
            </button>
          )}
          <button type="button" onClick={onEdit} className="btn-ghost" aria-label={`Edit ${name}`}>
            <Pencil aria-hidden="true" className="size-4" />
            Edit
          </button>
          <button type="button" onClick={() => setConfirming(true)} className="btn-ghost text-red-700 hover:bg-red-50 hover:text-red-800" aria-label={`Delete ${name}`}>
            <Trash2 aria-hidden="true" className="size-4" />
            Delete
          </button>
        </div>
      )}
    </li>
  );
}

type Editing = { mode: 'closed' } | { mode: 'new' } | { mode: 'edit'; address: VendorAddress };

function Addresses({ profile, places, placesLoading }: { profile: VendorProfile; places: PlaceFinder; placesLoading: boolean }) {
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  // With no address yet, the form is open from the start.
  const formOpen = editing.mode !== 'closed' || profile.addresses.length === 0;
  const address = editing.mode === 'edit' ? editing.address : null;
  return (
    <>
      <Panel
        title="Your addresses"
        description="Where customers find you. The primary address is shown first."
        actions={
          !formOpen && (
            <button type="button" onClick={() => setEditing({ mode: 'new' })} className="btn-secondary">
              <Plus aria-hidden="true" className="size-4" />
              Add an address
            </button>
          )
        }
      >
        {profile.addresses.length === 0 ? (
          <p className="rounded-xl bg-slate-50 px-4 py-6 text-center text-sm text-slate-600">No addresses yet. Add the first one below.</p>
        ) : (
          <ul className="-my-4 divide-y divide-slate-100">
            {profile.addresses.map((a) => (
              <AddressRow key={a.id} address={a} onEdit={() => setEditing({ mode: 'edit', address: a })} />
            ))}
          </ul>
        )}
      </Panel>
      {formOpen && (
        <Panel title={address ? `Edit ${address.label || 'address'}` : 'New address'}>
          <AddressEditor
            key={address?.id ?? 'new'}
            profile={profile}
            editing={address}
            places={places}
            placesLoading={placesLoading}
            canCancel={profile.addresses.length > 0}
            onDone={() => setEditing({ mode: 'closed' })}
          />
        </Panel>
      )}
    </>
  );
}

/**
 * /AddAddress: KYC step 5, the vendor's addresses, each placed with a pin on a map (found with the geocoder the
 * routing layer hands in, the location picker's, then dragged or moved with the keyboard), and the submit panel.
 */
export function AddressesPage({ places, placesLoading = false }: { places: PlaceFinder; placesLoading?: boolean }) {
  return (
    <KycPage step="addresses" heading="Addresses" description="One or more places where customers can find you." alwaysShowSubmit>
      {(profile) => profile && <Addresses profile={profile} places={places} placesLoading={placesLoading} />}
    </KycPage>
  );
}
