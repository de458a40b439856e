import { zodResolver } from '@hookform/resolvers/zod';
import { AddressInput } from '@localloop/contract';
import type { Place, VendorAddress, VendorProfile } from '@localloop/contract';
import { LoaderCircle, LocateFixed, MapPin, Pencil, Plus, Star, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormAlert } from '../../components/form-alert.tsx';
import { Panel } from '../../components/panel.tsx';
import { applyServerError, errorMessageOf } from '../../components/server-errors.ts';
import { SubmitButton } from '../../components/submit-button.tsx';
import { TextField } from '../../components/text-field.tsx';
import { toast } from '../../lib/toast.ts';
import { useUpdateMyVendor } from './api/get-my-vendor.ts';
import { deleteVendorAddress } from './api/delete-vendor-address.ts';
import { saveVendorAddress } from './api/save-vendor-address.ts';
import { KycPage } from './components/kyc-page.tsx';
import { PlaceSearch } from './components/place-search.tsx';
import { currentPosition, positionErrorMessage } from './place-finder.ts';
import type { PlaceFinder } from './place-finder.ts';

// Coordinates are typed as text: an empty box must say so, not become 0.
const coordinate = (schema: z.ZodType<number, unknown>) =>
  z
    .string()
    .trim()
    .min(1, 'Find the place above, or enter its coordinates.')
    .regex(/^-?\d{1,3}(\.\d+)?$/, 'Use a number like 40.7128.')
    .transform((text, ctx) => {
      // The contract's own range check and messages.
      const parsed = schema.safeParse(text);
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

const emptyFields: Fields = { label: '', line1: '', line2: '', city: '', state: '', postal_code: '', country: '', latitude: '', longitude: '', is_primary: false };

function fieldsOf(address: VendorAddress): Fields {
  const { label, line1, line2, city, state, postal_code, country, latitude, longitude, is_primary } = address;
  return { label, line1, line2, city, state, postal_code, country, latitude: String(latitude), longitude: String(longitude), is_primary };
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
  return { ...profile, addresses, steps: { ...profile.steps, addresses: true } };
}

const round = (value: number) => String(Math.round(value * 1e6) / 1e6);

type FormProps = { profile: VendorProfile; editing: VendorAddress | null; places: PlaceFinder; placesLoading: boolean; onDone: () => void; canCancel: boolean };

function AddressEditor({ profile, editing, places, placesLoading, onDone, canCancel }: FormProps) {
  const updateMyVendor = useUpdateMyVendor();
  const [serverError, setServerError] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const inFlight = useRef(false);
  const form = useForm<Fields, unknown, Values>({
    resolver: zodResolver(AddressForm),
    defaultValues: editing ? fieldsOf(editing) : { ...emptyFields, is_primary: profile.addresses.length === 0 },
  });
  const { errors, isSubmitting } = form.formState;

  const fillFrom = (place: Place, position?: { latitude: number; longitude: number }) => {
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    form.setValue('city', place.city, options);
    form.setValue('state', place.state, options);
    form.setValue('country', place.country, options);
    form.setValue('latitude', round(position?.latitude ?? place.latitude), options);
    form.setValue('longitude', round(position?.longitude ?? place.longitude), options);
  };

  const locateMe = async () => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      toast.error('Geolocation not supported by your browser.');
      return;
    }
    setLocating(true);
    try {
      let coords: { latitude: number; longitude: number };
      try {
        const position = await currentPosition();
        coords = { latitude: position.coords.latitude, longitude: position.coords.longitude };
      } catch (error) {
        toast.error(positionErrorMessage(error));
        return;
      }
      try {
        fillFrom(await places.reverse(coords.latitude, coords.longitude), coords);
      } catch {
        // The position is known but could not be named: keep the coordinates, the person types the rest.
        form.setValue('latitude', round(coords.latitude), { shouldDirty: true });
        form.setValue('longitude', round(coords.longitude), { shouldDirty: true });
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
      toast.success(editing ? 'Address updated.' : 'Address added.');
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
          onChoose={(suggestion) => {
            places.resolve(suggestion).then(
              (place) => fillFrom(place),
              () => toast.error('Failed to process selected location. Please try again.'),
            );
          }}
        />
        <button type="button" onClick={() => void locateMe()} disabled={locating} aria-busy={locating} className="btn-secondary w-full sm:w-auto">
          {locating ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <LocateFixed aria-hidden="true" className="size-4" />}
          Use my current location
        </button>
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
      <div className="grid grid-cols-2 gap-3 sm:gap-5">
        <TextField label="Latitude" inputMode="decimal" autoComplete="off" error={errors.latitude?.message} {...form.register('latitude')} />
        <TextField label="Longitude" inputMode="decimal" autoComplete="off" error={errors.longitude?.message} {...form.register('longitude')} />
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
          <p className="text-sm break-words text-slate-700">{address.formatted_address}</p>
          <p className="text-xs text-slate-500 tabular-nums">
            {address.latitude.toFixed(5)}, {address.longitude.toFixed(5)}
          </p>
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
 * /AddAddress: KYC step 5, the vendor's addresses with coordinates, and the submit panel. The place search
 * uses the geocoder the routing layer hands in (the location picker's).
 */
export function AddressesPage({ places, placesLoading = false }: { places: PlaceFinder; placesLoading?: boolean }) {
  return (
    <KycPage step="addresses" heading="Addresses" description="One or more places where customers can find you." alwaysShowSubmit>
      {(profile) => profile && <Addresses profile={profile} places={places} placesLoading={placesLoading} />}
    </KycPage>
  );
}
