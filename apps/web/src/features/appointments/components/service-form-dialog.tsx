import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { currencies, MAX_SERVICE_IMAGES, vendorCategories } from '@localloop/contract';
import type { Service } from '@localloop/contract';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormAlert } from '../../../components/form-alert.tsx';
import { applyServerError } from '../../../components/server-errors.ts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { TextField, inputClass } from '../../../components/text-field.tsx';
import { useSaveService } from '../api/save-service.ts';
import { formatDuration } from '../format.ts';
import { PicturesField, picturesOf, type Picture } from '../../../components/pictures-field.tsx';

const durations = [15, 20, 30, 45, 60, 75, 90, 120, 150, 180, 240] as const;
const buffers = [0, 5, 10, 15, 20, 30, 45, 60] as const;

const FormValues = z.object({
  name: z.string().trim().min(2, 'Give the service a name of at least 2 characters.').max(120, 'Use at most 120 characters.'),
  description: z.string().trim().max(2000, 'Use at most 2,000 characters.'),
  category: z.enum(vendorCategories, { error: 'Choose a category.' }),
  duration_minutes: z.coerce.number<string>().int(),
  buffer_minutes: z.coerce.number<string>().int(),
  price: z
    .string()
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, 'Enter a price such as 35 or 35.50.'),
  currency: z.enum(currencies),
  is_active: z.boolean(),
});
type FormInput = z.input<typeof FormValues>;
type FormOutput = z.output<typeof FormValues>;

const toForm = (service: Service | null): FormInput => ({
  name: service?.name ?? '',
  description: service?.description ?? '',
  category: (service?.category as FormInput['category'] | undefined) ?? vendorCategories[0],
  duration_minutes: String(service?.duration_minutes ?? 60),
  buffer_minutes: String(service?.buffer_minutes ?? 0),
  price: service ? (service.price.amount_cents / 100).toFixed(service.price.amount_cents % 100 === 0 ? 0 : 2) : '',
  currency: service?.price.currency ?? 'USD',
  is_active: service?.is_active ?? true,
});

type ServiceFormDialogProps = {
  /** The service to change, null to add one; the dialog is open while `open`. */
  service: Service | null;
  open: boolean;
  onClose: () => void;
  onSaved: (service: Service) => void;
};

/** Add or change a service: name, category, description, pictures, length, pause after, price and whether it can be booked. */
export function ServiceFormDialog({ service, open, onClose, onSaved }: ServiceFormDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onClose={() => !busy && onClose()} className="relative z-[60]">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-900/50 transition-opacity duration-150 data-closed:opacity-0" />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-center justify-center p-4">
          <DialogPanel transition className="w-full max-w-lg rounded-2xl bg-white p-6 shadow-xl transition duration-150 data-closed:scale-95 data-closed:opacity-0">
            <DialogTitle className="text-lg font-semibold text-slate-900">{service ? `Edit ${service.name}` : 'Add a service'}</DialogTitle>
            {/* Mounted with the dialog: each opening starts from the service as saved. */}
            <ServiceForm service={service} onClose={onClose} onSaved={onSaved} onBusy={setBusy} />
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}

function ServiceForm({ service, onClose, onSaved, onBusy }: Omit<ServiceFormDialogProps, 'open'> & { onBusy: (busy: boolean) => void }) {
  const id = useId();
  const save = useSaveService();
  const [serverError, setServerError] = useState<string | null>(null);
  const [pictures, setPictures] = useState<Picture[]>(() => (service ? picturesOf(service.image_ids, service.images) : []));
  const [uploading, setUploading] = useState(false);
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(FormValues), defaultValues: toForm(service) });
  const { errors, isSubmitting } = form.formState;

  const submit = async (values: FormOutput) => {
    setServerError(null);
    onBusy(true);
    try {
      const saved = await save.mutateAsync({
        id: service?.id ?? null,
        body: {
          name: values.name,
          description: values.description,
          category: values.category,
          duration_minutes: values.duration_minutes,
          buffer_minutes: values.buffer_minutes,
          price: { amount_cents: Math.round(Number(values.price) * 100), currency: values.currency },
          image_ids: pictures.map((p) => p.id),
          is_active: values.is_active,
        },
      });
      onSaved(saved);
    } catch (error) {
      // A refused picture (image_ids) is not a form field: its message joins the form's alert.
      setServerError(applyServerError(error, form.setError, ['name', 'description', 'category', 'duration_minutes', 'buffer_minutes']));
    } finally {
      onBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)} className="mt-5 space-y-4">
      <TextField label="Name" data-autofocus autoComplete="off" maxLength={120} error={errors.name?.message} {...form.register('name')} />
      <div>
        <label htmlFor={`${id}-category`} className="block text-sm font-medium text-slate-800">
          Category
        </label>
        <select id={`${id}-category`} className={`${inputClass} mt-1.5`} {...form.register('category')}>
          {vendorCategories.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-description`} className="block text-sm font-medium text-slate-800">
          Description <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <textarea id={`${id}-description`} rows={3} maxLength={2000} className={`${inputClass} mt-1.5`} aria-invalid={errors.description ? true : undefined} {...form.register('description')} />
        {errors.description && <p className="mt-1.5 text-sm text-red-700">{errors.description.message}</p>}
      </div>
      <PicturesField
        label="Pictures"
        pictures={pictures}
        max={MAX_SERVICE_IMAGES}
        onChange={setPictures}
        onBusy={(busy) => {
          setUploading(busy);
          onBusy(busy);
        }}
        describe={(n) => `Picture ${n} of the service`}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-duration`} className="block text-sm font-medium text-slate-800">
            Length
          </label>
          <select id={`${id}-duration`} className={`${inputClass} mt-1.5`} {...form.register('duration_minutes')}>
            {durations.map((m) => (
              <option key={m} value={m}>
                {formatDuration(m)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-buffer`} className="block text-sm font-medium text-slate-800">
            Pause after
          </label>
          <select id={`${id}-buffer`} className={`${inputClass} mt-1.5`} {...form.register('buffer_minutes')}>
            {buffers.map((m) => (
              <option key={m} value={m}>
                {m === 0 ? 'None' : formatDuration(m)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="grid grid-cols-[1fr_auto] gap-4">
        <TextField label="Price" inputMode="decimal" autoComplete="off" error={errors.price?.message} {...form.register('price')} />
        <div>
          <label htmlFor={`${id}-currency`} className="block text-sm font-medium text-slate-800">
            Currency
          </label>
          <select id={`${id}-currency`} className={`${inputClass} mt-1.5`} {...form.register('currency')}>
            {currencies.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
      </div>
      <label className="flex items-start gap-3 rounded-xl border border-slate-200 p-3">
        <input type="checkbox" className="mt-0.5 size-4 accent-teal-700" {...form.register('is_active')} />
        <span className="text-sm">
          <span className="font-medium text-slate-900">Customers can book it</span>
          <span className="block text-slate-600">Untick to hide it without losing its bookings.</span>
        </span>
      </label>
      <FormAlert>{serverError}</FormAlert>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={onClose} disabled={isSubmitting}>
          Cancel
        </button>
        <SubmitButton busy={isSubmitting} disabled={uploading} className="btn-primary">
          {service ? 'Save changes' : 'Add service'}
        </SubmitButton>
      </div>
    </form>
  );
}
