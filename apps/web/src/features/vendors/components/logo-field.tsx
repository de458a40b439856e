import { imageUploadLimits } from '@localloop/contract';
import { ImageUp, LoaderCircle, Store, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { ChangeEvent, ReactNode } from 'react';
import { uploadImages } from '../../../api/upload.ts';
import { errorMessageOf } from '../../../components/server-errors.ts';
import { imageFileProblem } from '../../../lib/image-file.ts';

const logoHint = 'A square JPEG, PNG or WebP image, up to 5 MB.';

type LogoFieldProps = {
  /** The image shown (a thumbnail), or null for none. */
  previewUrl: string | null;
  /** A new upload: its URL (what the form sends) and its thumbnail; null when the logo is removed. */
  onChange: (logo: { url: string; thumbnailUrl: string } | null) => void;
  error?: string | undefined;
  /** Shown after the hint, e.g. that the saved logo is not live yet. */
  note?: ReactNode;
};

/** Uploads the logo through /UploadImagesAPI/ at once; the form sends its URL when saved. */
export function LogoField({ previewUrl, onChange, error, note }: LogoFieldProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const shownProblem = problem ?? error ?? null;

  const upload = async (file: File) => {
    const fileProblem = imageFileProblem(file);
    if (fileProblem) {
      setProblem(fileProblem);
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const image = (await uploadImages([file])).images[0];
      if (!image) throw new Error('The upload answered no image.');
      onChange({ url: image.url, thumbnailUrl: image.thumbnail_url });
    } catch (failure) {
      setProblem(errorMessageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so picking the same file again (after fixing it) still counts as a change.
    event.target.value = '';
    if (file && !busy) void upload(file);
  };

  return (
    <div>
      <p className="block text-sm font-medium text-slate-800">Logo</p>
      <div className="mt-1.5 flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <div className="relative flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-2xl border border-slate-200 bg-slate-50">
          {previewUrl ? (
            <img src={previewUrl} alt="Your logo" data-testid="logo-preview" className="size-full object-cover" />
          ) : (
            <Store aria-hidden="true" className="size-8 text-slate-400" />
          )}
          {busy && (
            <span className="absolute inset-0 flex items-center justify-center bg-white/60">
              <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-teal-700" />
            </span>
          )}
        </div>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap gap-2">
            <input
              id={inputId}
              type="file"
              accept={imageUploadLimits.types.join(',')}
              onChange={onPick}
              disabled={busy}
              aria-describedby={shownProblem ? `${errorId} ${hintId}` : hintId}
              aria-invalid={shownProblem ? true : undefined}
              className="peer sr-only"
            />
            <label
              htmlFor={inputId}
              aria-busy={busy}
              className="btn-secondary cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-teal-700 peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
            >
              {busy ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <ImageUp aria-hidden="true" className="size-4" />}
              {busy ? 'Uploading…' : previewUrl ? 'Change logo' : 'Upload a logo'}
            </label>
            {previewUrl && (
              <button type="button" onClick={() => onChange(null)} disabled={busy} className="btn-ghost text-red-700 hover:bg-red-50 hover:text-red-800">
                <Trash2 aria-hidden="true" className="size-4" />
                Remove logo
              </button>
            )}
          </div>
          {shownProblem && (
            <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
              {shownProblem}
            </p>
          )}
          <p id={hintId} className="mt-2 text-xs text-slate-500">
            {logoHint}
            {note && <> {note}</>}
          </p>
        </div>
      </div>
    </div>
  );
}
