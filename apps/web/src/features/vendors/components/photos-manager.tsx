import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { imageUploadLimits, MAX_PHOTO_CAPTION } from '@localloop/contract';
import type { VendorGallery, VendorPhoto } from '@localloop/contract';
import { ChevronLeft, ChevronRight, ImagePlus, LoaderCircle, Star, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { ChangeEvent, DragEvent, KeyboardEvent } from 'react';
import { uploadImages } from '../../../api/upload.ts';
import { FormAlert } from '../../../components/form-alert.tsx';
import { Panel } from '../../../components/panel.tsx';
import { ResponsiveImage } from '../../../components/responsive-image.tsx';
import { errorMessageOf } from '../../../components/server-errors.ts';
import { Spinner } from '../../../components/spinner.tsx';
import { inputClass } from '../../../components/text-field.tsx';
import { imageFileProblem, photoHint } from '../../../lib/image-file.ts';
import { toast } from '../../../lib/toast.ts';
import { addVendorPhotos } from '../api/add-vendor-photos.ts';
import { useMyPhotos, useSetMyPhotos } from '../api/get-my-photos.ts';
import { removeVendorPhoto } from '../api/remove-vendor-photo.ts';
import { reorderVendorPhotos } from '../api/reorder-vendor-photos.ts';
import { setVendorCover } from '../api/set-vendor-cover.ts';
import { updateVendorPhoto } from '../api/update-vendor-photo.ts';

const tileImageSizes = '(min-width: 640px) 15rem, 45vw';

const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

/** The photos in a new order: the one at `from` moved to `to`, the others keeping theirs. */
function moved(photos: readonly VendorPhoto[], from: number, to: number): VendorPhoto[] {
  const next = [...photos];
  const [photo] = next.splice(from, 1);
  if (photo) next.splice(to, 0, photo);
  return next;
}

type CaptionFieldProps = { photo: VendorPhoto; position: number; disabled: boolean; onSave: (caption: string) => Promise<void> };

/** A photo's caption, saved when the field is left (or Enter is pressed) and it changed. */
function CaptionField({ photo, position, disabled, onSave }: CaptionFieldProps) {
  const id = useId();
  const [draft, setDraft] = useState(photo.caption);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const saved = useRef(photo.caption);

  const save = async () => {
    const caption = draft.trim().replace(/\s+/g, ' ');
    if (caption === saved.current) return;
    setSaving(true);
    setProblem(null);
    try {
      await onSave(caption);
      saved.current = caption;
      setDraft(caption);
    } catch (failure) {
      setProblem(errorMessageOf(failure));
    } finally {
      setSaving(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      event.currentTarget.blur();
    }
  };

  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        Caption of photo {position}
      </label>
      <input
        id={id}
        value={draft}
        maxLength={MAX_PHOTO_CAPTION}
        placeholder="What the photo shows"
        disabled={disabled}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        aria-busy={saving}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => void save()}
        onKeyDown={onKeyDown}
        className={`${inputClass} mt-1 px-2.5 py-1.5 text-sm`}
      />
      {problem && (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}

type RemoveDialogProps = { photo: VendorPhoto | null; onCancel: () => void; onConfirm: () => void };

function RemoveDialog({ photo, onCancel, onConfirm }: RemoveDialogProps) {
  return (
    <Dialog open={photo !== null} onClose={onCancel} className="relative z-[60]">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/50" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-semibold text-slate-900">Remove this photo?</DialogTitle>
          <Description className="mt-1.5 text-sm text-slate-600">Customers will no longer see it on your vendor page.</Description>
          {photo && <ResponsiveImage image={photo.image} alt="" sizes="20rem" aspectRatio="4 / 3" className="mt-4 rounded-xl bg-slate-100" fallback={null} />}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button type="button" data-autofocus onClick={onCancel} className="btn-secondary">
              Cancel
            </button>
            <button
              type="button"
              onClick={onConfirm}
              className="inline-flex items-center justify-center gap-2 rounded-xl bg-red-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600"
            >
              Remove photo
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

const iconButton =
  'flex size-9 items-center justify-center rounded-lg border border-slate-200 bg-white text-slate-700 transition hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40';

/**
 * A vendor's photos on its profile: add (several at once, by picking or dropping files), caption, reorder (buttons, or
 * dragging with a mouse), make one the cover, remove. Every change is saved at once and is live at once (docs/decisions/
 * 0015); the first photo is the cover that cards and the vendor page lead with.
 */
export function PhotosManager({ businessName }: { businessName: string }) {
  const gallery = useMyPhotos(true);
  const setGallery = useSetMyPhotos();
  const inputId = useId();
  const [busy, setBusy] = useState<'upload' | 'change' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [removing, setRemoving] = useState<VendorPhoto | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const [dropping, setDropping] = useState(false);

  const photos = gallery.data?.photos ?? [];
  const max = gallery.data?.max_photos ?? 8;
  const room = max - photos.length;

  /** Runs a change; with `optimistic`, shows its result at once and puts the old one back if the server refuses. */
  const change = async (run: () => Promise<VendorGallery>, done: string, optimistic?: VendorPhoto[]): Promise<boolean> => {
    const before = gallery.data;
    if (optimistic && before) setGallery({ ...before, photos: optimistic });
    setBusy('change');
    setProblem(null);
    try {
      setGallery(await run());
      setStatus(done);
      return true;
    } catch (failure) {
      if (before) setGallery(before);
      setProblem(errorMessageOf(failure));
      // Changed elsewhere (another device): show what there is now.
      void gallery.refetch();
      return false;
    } finally {
      setBusy(null);
    }
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to >= photos.length || from === to) return;
    const next = moved(photos, from, to);
    void change(() => reorderVendorPhotos(next.map((p) => p.id)), to === 0 ? 'Cover photo changed.' : `Photo moved to place ${to + 1} of ${photos.length}.`, next);
  };
  const makeCover = (index: number) => {
    const photo = photos[index];
    if (photo) void change(() => setVendorCover(photo.id), 'Cover photo changed.', moved(photos, index, 0));
  };
  const remove = (photo: VendorPhoto) => {
    setRemoving(null);
    void change(
      () => removeVendorPhoto(photo.id),
      'Photo removed.',
      photos.filter((p) => p.id !== photo.id),
    ).then((removed) => {
      if (removed) toast.success('Photo removed.');
    });
  };

  const addFiles = async (files: File[]) => {
    if (files.length === 0 || busy) return;
    setProblem(null);
    if (room <= 0) {
      setProblem(`You have ${max} photos, the most a shop may show. Remove one to add another.`);
      return;
    }
    for (const file of files) {
      const fileProblem = imageFileProblem(file);
      if (fileProblem) {
        setProblem(`${file.name}: ${fileProblem}`);
        return;
      }
    }
    const chosen = files.slice(0, Math.min(room, imageUploadLimits.maxFiles));
    setBusy('upload');
    try {
      const { images } = await uploadImages(chosen);
      setGallery(await addVendorPhotos({ photos: images.map((image) => ({ image_id: image.id })) }));
      const added = `${plural(images.length, 'photo', 'photos')} added.`;
      const skipped = files.length - chosen.length;
      setStatus(added);
      toast.success(skipped > 0 ? `${added} ${plural(skipped, 'other was', 'others were')} left out: a shop shows at most ${max} photos.` : added);
    } catch (failure) {
      setProblem(errorMessageOf(failure));
      void gallery.refetch();
    } finally {
      setBusy(null);
    }
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // Cleared, so picking the same file again (after fixing it) still counts as a change.
    event.target.value = '';
    void addFiles(files);
  };

  // A tile dragged onto another takes its place; files dropped on the add tile are uploaded.
  const onTileDrop = (index: number) => (event: DragEvent) => {
    event.preventDefault();
    if (dragged !== null) move(dragged, index);
    setDragged(null);
  };
  const onFilesDrop = (event: DragEvent) => {
    event.preventDefault();
    setDropping(false);
    if (dragged !== null) return;
    void addFiles([...event.dataTransfer.files]);
  };

  const locked = busy !== null;

  return (
    <Panel
      title="Photos"
      description={
        <>
          Customers see your photos on your vendor page and in the directory, as soon as you add them. The first is your
          cover: a shop front, your space or your best work.
        </>
      }
      actions={
        gallery.data && (
          <p className="text-sm text-slate-600" data-testid="photo-count">
            {photos.length} of {max}
          </p>
        )
      }
    >
      {gallery.isPending ? (
        <Spinner label="Loading your photos…" className="py-10" />
      ) : gallery.isError && !gallery.data ? (
        <div className="space-y-3">
          <FormAlert>{errorMessageOf(gallery.error)}</FormAlert>
          <button type="button" className="btn-secondary" onClick={() => void gallery.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <div className="space-y-4">
          <p role="status" className="sr-only">
            {status}
          </p>
          {problem && <FormAlert>{problem}</FormAlert>}
          <ul aria-label={`Photos of ${businessName}`} className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
            {photos.map((photo, index) => {
              const position = index + 1;
              return (
                <li
                  key={photo.id}
                  data-testid="managed-photo"
                  draggable={!locked}
                  onDragStart={() => setDragged(index)}
                  onDragEnd={() => setDragged(null)}
                  onDragOver={(event) => event.preventDefault()}
                  onDrop={onTileDrop(index)}
                  className={`flex flex-col overflow-hidden rounded-2xl border bg-white shadow-sm ${dragged === index ? 'border-teal-500 opacity-60' : 'border-slate-200'}`}
                >
                  <div className="relative">
                    <ResponsiveImage
                      image={photo.image}
                      alt={photo.caption || `Photo ${position} of ${businessName}`}
                      sizes={tileImageSizes}
                      aspectRatio="4 / 3"
                      className="bg-slate-100"
                      fallback={null}
                    />
                    {index === 0 && <span className="badge absolute left-2 top-2 bg-white text-teal-800 shadow-sm">Cover</span>}
                  </div>
                  <div className="flex flex-1 flex-col gap-2 p-2.5 sm:p-3">
                    <CaptionField
                      photo={photo}
                      position={position}
                      disabled={locked}
                      onSave={async (caption) => {
                        setGallery(await updateVendorPhoto(photo.id, caption));
                        setStatus(`Caption of photo ${position} saved.`);
                      }}
                    />
                    <div className="mt-auto flex flex-wrap gap-1.5">
                      <button type="button" className={iconButton} disabled={locked || index === 0} onClick={() => move(index, index - 1)} aria-label={`Move photo ${position} earlier`} title="Move earlier">
                        <ChevronLeft aria-hidden="true" className="size-4" />
                      </button>
                      <button
                        type="button"
                        className={iconButton}
                        disabled={locked || index === photos.length - 1}
                        onClick={() => move(index, index + 1)}
                        aria-label={`Move photo ${position} later`}
                        title="Move later"
                      >
                        <ChevronRight aria-hidden="true" className="size-4" />
                      </button>
                      {index > 0 && (
                        <button type="button" className={iconButton} disabled={locked} onClick={() => makeCover(index)} aria-label={`Make photo ${position} the cover`} title="Make cover">
                          <Star aria-hidden="true" className="size-4" />
                        </button>
                      )}
                      <button
                        type="button"
                        className={`${iconButton} ml-auto text-red-700 hover:bg-red-50`}
                        disabled={locked}
                        onClick={() => setRemoving(photo)}
                        aria-label={`Remove photo ${position}`}
                        title="Remove"
                      >
                        <Trash2 aria-hidden="true" className="size-4" />
                      </button>
                    </div>
                  </div>
                </li>
              );
            })}
            {room > 0 && (
              <li
                onDragOver={(event) => {
                  event.preventDefault();
                  if (dragged === null) setDropping(true);
                }}
                onDragLeave={() => setDropping(false)}
                onDrop={onFilesDrop}
                className={photos.length === 0 ? 'col-span-2 sm:col-span-3' : ''}
              >
                <input
                  id={inputId}
                  type="file"
                  multiple
                  accept={imageUploadLimits.types.join(',')}
                  onChange={onPick}
                  disabled={locked}
                  aria-describedby={`${inputId}-hint`}
                  className="peer sr-only"
                />
                <label
                  htmlFor={inputId}
                  aria-busy={busy === 'upload'}
                  className={`flex h-full min-h-40 cursor-pointer flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed p-4 text-center transition peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-teal-700 peer-disabled:cursor-wait ${dropping ? 'border-teal-500 bg-teal-50' : 'border-slate-300 bg-slate-50 hover:border-teal-400 hover:bg-teal-50/50'}`}
                >
                  {busy === 'upload' ? (
                    <LoaderCircle aria-hidden="true" className="size-7 animate-spin text-teal-700" />
                  ) : (
                    <ImagePlus aria-hidden="true" className="size-7 text-teal-700" />
                  )}
                  <span className="text-sm font-semibold text-slate-900">{busy === 'upload' ? 'Uploading…' : photos.length === 0 ? 'Add photos' : 'Add more photos'}</span>
                  <span id={`${inputId}-hint`} className="text-xs text-slate-600">
                    {photoHint} Drop files here or choose them; {plural(room, 'more fits', 'more fit')}.
                  </span>
                </label>
              </li>
            )}
          </ul>
          {photos.length > 1 && <p className="text-xs text-slate-500">Drag a photo onto another to move it there, or use the arrows. The star makes a photo the cover.</p>}
        </div>
      )}
      <RemoveDialog photo={removing} onCancel={() => setRemoving(null)} onConfirm={() => removing && remove(removing)} />
    </Panel>
  );
}
