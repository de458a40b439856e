import { imageUploadLimits } from '@localloop/contract';
import type { ResponsiveImage as ResponsiveImageData } from '@localloop/contract';
import { ImagePlus, LoaderCircle, Star, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { ChangeEvent } from 'react';
import { uploadImages } from '../api/upload.ts';
import { ResponsiveImage } from './responsive-image.tsx';
import { errorMessageOf } from './server-errors.ts';
import { imageFileProblem, photoHint } from '../lib/image-file.ts';

/** A stored image a form refers to by its id (what it sends), with what it shows. */
export type Picture = { id: string; image: ResponsiveImageData };

/** The pictures a saved record shows, paired with their ids (the server answers both in the same order). */
export function picturesOf(ids: readonly string[], images: readonly ResponsiveImageData[]): Picture[] {
  return ids.flatMap((id, i) => {
    const image = images[i];
    return image ? [{ id, image }] : [];
  });
}

type PicturesFieldProps = {
  label: string;
  pictures: Picture[];
  /** How many the record may have; with 1, a new picture replaces the one there. */
  max: number;
  onChange: (pictures: Picture[]) => void;
  /** True while files are uploading: the form waits before it saves. */
  onBusy?: (busy: boolean) => void;
  /** What picture `n` (from 1) shows, for people who cannot see it. */
  describe: (n: number) => string;
  error?: string | undefined;
};

const iconButton = 'flex size-8 items-center justify-center rounded-lg bg-white/95 text-slate-700 shadow-sm ring-1 ring-slate-200 hover:bg-white disabled:opacity-50';

/**
 * Pictures of a form (a service's, a provider's photo): files are checked, uploaded at once through /UploadImagesAPI/
 * and shown; the form sends their ids when it is saved. The first picture leads (cards show it).
 */
export function PicturesField({ label, pictures, max, onChange, onBusy, describe, error }: PicturesFieldProps) {
  const inputId = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const replaces = max === 1 && pictures.length === 1;
  const room = replaces ? 1 : max - pictures.length;
  const shownProblem = problem ?? error ?? null;

  const working = (on: boolean) => {
    setBusy(on);
    onBusy?.(on);
  };

  const add = async (files: File[]) => {
    if (files.length === 0 || busy) return;
    setProblem(null);
    for (const file of files) {
      const fileProblem = imageFileProblem(file);
      if (fileProblem) {
        setProblem(files.length > 1 ? `${file.name}: ${fileProblem}` : fileProblem);
        return;
      }
    }
    const chosen = files.slice(0, Math.min(room, imageUploadLimits.maxFiles));
    working(true);
    try {
      const { images } = await uploadImages(chosen);
      const added = images.map((image) => ({ id: image.id, image }));
      onChange(replaces ? added : [...pictures, ...added]);
      if (chosen.length < files.length) setProblem(`Only ${max} fit: ${files.length - chosen.length} left out.`);
    } catch (failure) {
      setProblem(errorMessageOf(failure));
    } finally {
      working(false);
    }
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // Cleared, so picking the same file again (after fixing it) still counts as a change.
    event.target.value = '';
    void add(files);
  };

  const addLabel = busy ? 'Uploading…' : replaces ? 'Replace photo' : max === 1 ? 'Add a photo' : pictures.length === 0 ? 'Add pictures' : 'Add more';

  return (
    <div>
      <p className="block text-sm font-medium text-slate-800">{label}</p>
      <ul className="mt-1.5 flex flex-wrap gap-3">
        {pictures.map((picture, index) => (
          <li key={picture.id} className="relative w-28 shrink-0">
            <ResponsiveImage image={picture.image} alt={describe(index + 1)} sizes="7rem" aspectRatio="1 / 1" className="rounded-xl bg-slate-100" fallback={null} />
            {index === 0 && max > 1 && <span className="badge absolute bottom-1.5 left-1.5 bg-white text-teal-800 shadow-sm">Main</span>}
            <div className="absolute right-1.5 top-1.5 flex gap-1">
              {index > 0 && (
                <button type="button" className={iconButton} disabled={busy} onClick={() => onChange([picture, ...pictures.filter((p) => p.id !== picture.id)])} aria-label={`Make picture ${index + 1} the main one`} title="Make main">
                  <Star aria-hidden="true" className="size-4" />
                </button>
              )}
              <button
                type="button"
                className={`${iconButton} text-red-700`}
                disabled={busy}
                onClick={() => onChange(pictures.filter((p) => p.id !== picture.id))}
                aria-label={max === 1 ? 'Remove the photo' : `Remove picture ${index + 1}`}
                title="Remove"
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </button>
            </div>
          </li>
        ))}
        {room > 0 && (
          // Relative: the sr-only input stays inside this tile.
          <li className="relative w-28 shrink-0">
            <input
              id={inputId}
              type="file"
              multiple={room > 1}
              accept={imageUploadLimits.types.join(',')}
              onChange={onPick}
              disabled={busy}
              aria-describedby={`${inputId}-hint`}
              aria-invalid={shownProblem ? true : undefined}
              className="peer sr-only"
            />
            <label
              htmlFor={inputId}
              aria-busy={busy}
              className="flex aspect-square cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed border-slate-300 bg-slate-50 p-2 text-center transition hover:border-teal-400 hover:bg-teal-50/50 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-teal-700 peer-disabled:cursor-wait"
            >
              {busy ? <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-teal-700" /> : <ImagePlus aria-hidden="true" className="size-6 text-teal-700" />}
              <span className="text-xs font-semibold text-slate-900">{addLabel}</span>
            </label>
          </li>
        )}
      </ul>
      {shownProblem && (
        <p role="alert" className="mt-1.5 text-sm text-red-700">
          {shownProblem}
        </p>
      )}
      <p id={`${inputId}-hint`} className="mt-1.5 text-xs text-slate-500">
        {photoHint} {max > 1 ? `Up to ${max}; the main one leads on cards.` : 'Square works best.'}
      </p>
    </div>
  );
}
