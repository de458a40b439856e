import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { TakeDownPhotoInput } from '@localloop/contract';
import type { VendorPhoto } from '@localloop/contract';
import { EyeOff } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../../api/client.ts';
import { FormAlert } from '../../../components/form-alert.tsx';
import { ResponsiveImage } from '../../../components/responsive-image.tsx';
import { errorMessageOf } from '../../../components/server-errors.ts';
import { Spinner } from '../../../components/spinner.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { inputClass } from '../../../components/text-field.tsx';
import { toast } from '../../../lib/toast.ts';
import { useAdminVendorPhotos } from '../api/get-admin-vendor-photos.ts';
import { useTakeDownPhoto } from '../api/take-down-photo.ts';

type Vendor = { id: string; business_name: string };

/** The vendor's photos, live without review (docs/decisions/0015): an operator takes down one that breaks the rules. */
export function VendorPhotos({ vendor }: { vendor: Vendor }) {
  const photos = useAdminVendorPhotos(vendor.id);
  const [takingDown, setTakingDown] = useState<{ photo: VendorPhoto; position: number } | null>(null);

  if (photos.isPending) return <Spinner label="Loading the photos…" className="py-6" />;
  if (photos.isError) return <FormAlert>{errorMessageOf(photos.error)}</FormAlert>;
  if (photos.data.photos.length === 0) return <p className="text-sm text-slate-500">No photos.</p>;
  return (
    <>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {photos.data.photos.map((photo, index) => (
          <li key={photo.id} className="overflow-hidden rounded-xl border border-slate-200">
            <ResponsiveImage image={photo.image} alt={photo.caption || `Photo ${index + 1} of ${vendor.business_name}`} sizes="12rem" aspectRatio="4 / 3" className="bg-slate-100" fallback={null} />
            <div className="space-y-2 p-2.5">
              <p className="line-clamp-2 text-xs text-slate-600 [overflow-wrap:anywhere]">
                {index === 0 && <span className="badge mr-1 bg-teal-50 text-teal-800">Cover</span>}
                {photo.caption || 'No caption'}
              </p>
              <button
                type="button"
                aria-label={`Take down photo ${index + 1}`}
                className="btn-ghost -ml-1 px-2 py-1 text-xs text-red-700 hover:bg-red-50"
                onClick={() => setTakingDown({ photo, position: index + 1 })}
              >
                <EyeOff aria-hidden="true" className="size-3.5" />
                Take down
              </button>
            </div>
          </li>
        ))}
      </ul>
      <Dialog open={takingDown !== null} onClose={() => setTakingDown(null)} className="relative z-[60]">
        <DialogBackdrop className="fixed inset-0 bg-slate-900/50" />
        <div className="fixed inset-0 flex items-end justify-center p-4 sm:items-center">
          <DialogPanel className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl">
            {takingDown && <TakeDownForm key={takingDown.photo.id} vendor={vendor} photo={takingDown.photo} position={takingDown.position} onClose={() => setTakingDown(null)} />}
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}

function TakeDownForm({ vendor, photo, position, onClose }: { vendor: Vendor; photo: VendorPhoto; position: number; onClose: () => void }) {
  const id = useId();
  const takeDown = useTakeDownPhoto();
  const [alert, setAlert] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<{ reason: string }>({ resolver: zodResolver(TakeDownPhotoInput), defaultValues: { reason: '' } });
  const error = formState.errors.reason?.message;

  const onSubmit = handleSubmit(async ({ reason }) => {
    setAlert(null);
    try {
      await takeDown.mutateAsync({ vendorId: vendor.id, photoId: photo.id, reason });
      toast.success(`The photo is taken down. The owner of ${vendor.business_name} has been told why.`);
      onClose();
    } catch (failure) {
      const fieldMessage = failure instanceof ApiError ? failure.fields?.reason : undefined;
      if (fieldMessage) setError('reason', { type: 'server', message: fieldMessage }, { shouldFocus: true });
      else setAlert(errorMessageOf(failure));
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <DialogTitle className="text-lg font-semibold text-slate-900">Take down photo {position}?</DialogTitle>
      <Description className="mt-1.5 text-sm text-slate-600">
        The image is deleted from the shop and the marketplace at once. The owner sees your reason.
      </Description>
      <ResponsiveImage image={photo.image} alt="" sizes="24rem" aspectRatio="16 / 9" className="mt-4 rounded-xl bg-slate-100" fallback={null} />
      <div className="mt-4 space-y-3">
        <FormAlert>{alert}</FormAlert>
        <div>
          <label htmlFor={`${id}-reason`} className="block text-sm font-medium text-slate-800">
            Reason for the vendor
          </label>
          <textarea
            id={`${id}-reason`}
            rows={3}
            data-autofocus
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            aria-required
            className={`${inputClass} mt-1.5`}
            {...register('reason')}
          />
          {error && (
            <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
      </div>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" onClick={onClose} className="btn-secondary">
          Cancel
        </button>
        <SubmitButton
          busy={formState.isSubmitting}
          className="inline-flex items-center justify-center gap-2 rounded-xl bg-red-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-red-700 disabled:opacity-60"
        >
          Take down
        </SubmitButton>
      </div>
    </form>
  );
}
