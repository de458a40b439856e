import { zodResolver } from '@hookform/resolvers/zod';
import { currencies, DealInput, MAX_DEAL_IMAGES, MAX_PER_CUSTOMER, vendorCategories } from '@localloop/contract';
import type { VendorAddress } from '@localloop/contract';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { LoaderCircle, MapPinOff, ShieldAlert } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { FormAlert } from '../../components/form-alert.tsx';
import { described, FormActions, FormSection, LabelledField } from '../../components/form-parts.tsx';
import { fieldOfPath, formProblems, withFormFields } from '../../components/form-problems.ts';
import { EmptyState, LoadError } from '../../components/page-states.tsx';
import type { PageProps } from '../../components/page-props.ts';
import { PicturesField, type Picture } from '../../components/pictures-field.tsx';
import { applyServerError } from '../../components/server-errors.ts';
import { TextField, inputClass } from '../../components/text-field.tsx';
import { toast } from '../../lib/toast.ts';
import { paths, to } from '../../paths.ts';
import { useAuth } from '../../session/auth-context.tsx';
import { useCreateDeal } from './api/create-deal.ts';
import { useDealAddresses } from './api/get-deal-addresses.ts';
import { formatMoney, zoneLabel } from './format.ts';
import { useVendorId } from './use-vendor-id.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/** What the inputs hold: text, as a person types it; the schema below turns it into a DealInput. */
const FormValues = z.object({
  title: z.string(),
  description: z.string(),
  category: z.string(),
  image_ids: z.array(z.string()),
  original_price: z.string(),
  deal_price: z.string(),
  currency: z.string(),
  quantity_available: z.string(),
  per_customer_limit: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  address_id: z.string(),
  terms: z.string(),
});
type FormInput = z.input<typeof FormValues>;
type FormField = keyof FormInput;
type DealBody = z.output<typeof DealInput>;

const formFields = Object.keys(FormValues.shape) as FormField[];

/** The form field a DealInput path (or a server `fields` key such as "deal_price.amount_cents", "image_ids.0") belongs under. */
const formFieldOf = (path: readonly PropertyKey[] | string) => fieldOfPath(formFields, path);

const priceText = /^\d{1,7}(\.\d{1,2})?$/;
const wholeText = /^\d{1,7}$/;
const localFormat = 'YYYY-MM-DDTHH:mm';

/** The browser's time zone: the deal's times are read in it when the address has none. */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The form's schema: the text of the inputs turned into a DealInput (cents, numbers, instants in the redemption
 * address's time zone) and checked by the contract's own DealInput, its messages under the fields they are about.
 */
function dealFormSchema(zoneOf: (addressId: string) => string) {
  return FormValues.transform((v, ctx): DealBody => {
    const { problem, check } = formProblems(formFieldOf);
    const cents = (field: 'original_price' | 'deal_price', missing: string) => {
      const text = v[field].trim();
      if (text === '') problem(field, missing);
      else if (!priceText.test(text)) problem(field, 'Enter a price such as 35 or 35.50.');
      else return Math.round(Number(text) * 100);
      return 0;
    };
    const whole = (field: 'quantity_available' | 'per_customer_limit') => {
      const text = v[field].trim();
      if (wholeText.test(text)) return Number(text);
      problem(field, 'Use a whole number.');
      return 1;
    };
    const zone = zoneOf(v.address_id);
    const instant = (field: 'starts_at' | 'ends_at', missing: string) => {
      const local = v[field] === '' ? null : dayjs.tz(v[field], zone);
      if (!local?.isValid()) {
        problem(field, missing);
        return '';
      }
      return local.toISOString();
    };
    const candidate = {
      title: v.title,
      description: v.description,
      category: v.category,
      image_ids: v.image_ids,
      original_price: { amount_cents: cents('original_price', 'Enter the original price.'), currency: v.currency },
      deal_price: { amount_cents: cents('deal_price', 'Enter the deal price.'), currency: v.currency },
      quantity_available: v.quantity_available.trim() === '' ? null : whole('quantity_available'),
      per_customer_limit: whole('per_customer_limit'),
      starts_at: instant('starts_at', 'Choose when the deal starts.'),
      ends_at: instant('ends_at', 'Choose when the deal ends.'),
      address_id: v.address_id,
      terms: v.terms,
    };
    return check(DealInput, candidate, ctx);
  });
}

/** A new deal goes on sale now (this minute) and runs a week, to the next full hour: what a shop most often wants. */
function localValue(zone: string, days = 0): string {
  const now = dayjs().tz(zone);
  return (days === 0 ? now.startOf('minute') : now.add(1, 'hour').startOf('hour').add(days, 'day')).format(localFormat);
}

const addressLine = (a: VendorAddress) => (a.label ? `${a.label}: ${a.formatted_address}` : a.formatted_address);

function DealForm({ addresses }: { addresses: VendorAddress[] }) {
  const id = useId();
  const navigate = useNavigate();
  const create = useCreateDeal();
  const [pictures, setPictures] = useState<Picture[]>([]);
  const [uploading, setUploading] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const primary = addresses.find((a) => a.is_primary) ?? addresses[0];
  const zoneOf = useMemo(() => {
    const zones = new Map(addresses.map((a) => [a.id, a.time_zone]));
    return (addressId: string) => zones.get(addressId) ?? browserZone();
  }, [addresses]);
  const schema = useMemo(() => dealFormSchema(zoneOf), [zoneOf]);
  const startZone = zoneOf(primary?.id ?? '');
  const form = useForm<FormInput, unknown, DealBody>({
    resolver: zodResolver(schema),
    defaultValues: {
      title: '',
      description: '',
      category: vendorCategories[0],
      image_ids: [],
      original_price: '',
      deal_price: '',
      currency: 'USD',
      quantity_available: '',
      per_customer_limit: '1',
      starts_at: localValue(startZone),
      ends_at: localValue(startZone, 7),
      address_id: primary?.id ?? '',
      terms: '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const [addressId, original, dealPrice, currency] = useWatch({ control: form.control, name: ['address_id', 'original_price', 'deal_price', 'currency'] });
  const zone = zoneOf(addressId);
  const discount = priceText.test(original.trim()) && priceText.test(dealPrice.trim()) && Number(original) > Number(dealPrice) ? Math.floor((1 - Number(dealPrice) / Number(original)) * 100) : null;

  const changePictures = (next: Picture[]) => {
    setPictures(next);
    form.setValue(
      'image_ids',
      next.map((p) => p.id),
      { shouldValidate: form.formState.isSubmitted },
    );
  };

  const submit = async (body: DealBody) => {
    setServerError(null);
    try {
      const deal = await create.mutateAsync(body);
      toast.success(deal.state === 'upcoming' ? `“${deal.title}” is scheduled.` : `“${deal.title}” is on sale.`);
      await navigate(to.myDeals());
    } catch (error) {
      // The server names nested fields ("deal_price.amount_cents", "image_ids.0"): each goes under its input.
      setServerError(applyServerError(withFormFields(error, formFieldOf), form.setError, formFields));
    }
  };

  const fieldError = (name: FormField) => errors[name]?.message;

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)} className="space-y-6">
      <TextField label="Title" autoComplete="off" maxLength={120} error={fieldError('title')} {...form.register('title')} />
      <LabelledField id={`${id}-description`} label="Description" error={fieldError('description')}>
        <textarea id={`${id}-description`} rows={4} maxLength={4000} className={inputClass} {...described(`${id}-description`, fieldError('description'))} {...form.register('description')} />
      </LabelledField>
      <LabelledField id={`${id}-category`} label="Category" error={fieldError('category')}>
        <select id={`${id}-category`} className={inputClass} {...described(`${id}-category`, fieldError('category'))} {...form.register('category')}>
          {vendorCategories.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </LabelledField>
      <PicturesField label="Images" pictures={pictures} max={MAX_DEAL_IMAGES} onChange={changePictures} onBusy={setUploading} describe={(n) => `Image ${n} of the deal`} error={fieldError('image_ids')} />

      <FormSection legend="Price">
        <div className="mt-2 grid gap-4 sm:grid-cols-[1fr_1fr_auto]">
          <TextField label="Original price" inputMode="decimal" autoComplete="off" error={fieldError('original_price')} {...form.register('original_price')} />
          <TextField label="Deal price" inputMode="decimal" autoComplete="off" error={fieldError('deal_price')} {...form.register('deal_price')} />
          <LabelledField id={`${id}-currency`} label="Currency">
            <select id={`${id}-currency`} className={inputClass} {...form.register('currency')}>
              {currencies.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </LabelledField>
        </div>
        {discount !== null && (
          <p className="mt-2 text-sm text-teal-800">
            {discount}% off: customers pay {formatMoney({ amount_cents: Math.round(Number(dealPrice) * 100), currency })} instead of {formatMoney({ amount_cents: Math.round(Number(original) * 100), currency })}.
          </p>
        )}
      </FormSection>

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Quantity available"
          type="number"
          inputMode="numeric"
          min={1}
          placeholder="Unlimited"
          hint="Leave empty for no limit."
          error={fieldError('quantity_available')}
          {...form.register('quantity_available')}
        />
        <TextField
          label="Limit per customer"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_PER_CUSTOMER}
          hint={`How many one customer may buy, at most ${MAX_PER_CUSTOMER}.`}
          error={fieldError('per_customer_limit')}
          {...form.register('per_customer_limit')}
        />
      </div>

      <LabelledField
        id={`${id}-address`}
        label="Redemption address"
        error={fieldError('address_id')}
        hint="Where customers redeem the deal: its map pin and distance come from here."
      >
        <select id={`${id}-address`} className={`${inputClass} truncate`} {...described(`${id}-address`, fieldError('address_id'), true)} {...form.register('address_id')}>
          {addresses.map((a) => (
            <option key={a.id} value={a.id}>
              {addressLine(a)}
            </option>
          ))}
        </select>
      </LabelledField>

      <FormSection legend="On sale" note={`Times are ${zone === browserZone() ? 'your local time' : `${zoneLabel(zone)}, where the deal is redeemed`}.`}>
        {/* grid-cols-1 (a 0 minimum): a date-and-time input is wider than a phone's column on its own and would overflow the card. */}
        <div className="mt-2 grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField label="Starts" type="datetime-local" error={fieldError('starts_at')} {...form.register('starts_at')} />
          <TextField label="Ends" type="datetime-local" error={fieldError('ends_at')} {...form.register('ends_at')} />
        </div>
      </FormSection>

      <LabelledField id={`${id}-terms`} label="Terms" optional error={fieldError('terms')} hint="What the customer should know: opening times, one per visit, not with other offers…">
        <textarea id={`${id}-terms`} rows={3} maxLength={2000} className={inputClass} {...described(`${id}-terms`, fieldError('terms'), true)} {...form.register('terms')} />
      </LabelledField>

      <FormAlert>{serverError}</FormAlert>
      <FormActions cancelTo={to.myDeals()} submitLabel="Create deal" busy={isSubmitting} disabled={uploading} />
    </form>
  );
}

/** /vendor/deal/add: an approved vendor puts a deal on sale at one of its addresses. */
export default function VendorCreateDealPage({ title }: PageProps) {
  const { canPostDeals } = useAuth();
  const vendorId = useVendorId();
  const addresses = useDealAddresses(canPostDeals ? vendorId : null);
  return (
    <section className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      <p className="mt-1 text-sm text-slate-600">Customers near your address find it under Popular Deals, buy it and show its QR code at your counter.</p>
      <div className="mt-6">
        {!canPostDeals || vendorId === null ? (
          <EmptyState
            icon={ShieldAlert}
            title="Deals open once your shop is approved"
            actions={
              <Link to={paths.basicInfo} className="btn-primary">
                Open your vendor profile
              </Link>
            }
          >
            LocalLoop checks every shop before it can sell. Finish your profile and send it for review.
          </EmptyState>
        ) : addresses.isPending ? (
          <p role="status" className="flex items-center gap-2 text-slate-600">
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> Loading…
          </p>
        ) : addresses.isError ? (
          <LoadError error={addresses.error} what="your addresses" onRetry={() => void addresses.refetch()} />
        ) : addresses.data.length === 0 ? (
          <EmptyState
            icon={MapPinOff}
            title="Add an address first"
            actions={
              <Link to={paths.addAddress} className="btn-primary">
                Add an address
              </Link>
            }
          >
            A deal is redeemed at one of your addresses: customers see it on the map and how far it is.
          </EmptyState>
        ) : (
          <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
            <DealForm addresses={addresses.data} />
          </div>
        )}
      </div>
    </section>
  );
}
