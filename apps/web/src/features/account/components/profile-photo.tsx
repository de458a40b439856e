import { accountEndpoints, imageUploadLimits } from '@localloop/contract';
import type { Profile } from '@localloop/contract';
import { ImageUp, LoaderCircle, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { ChangeEvent } from 'react';
import { call } from '../../../api/client.ts';
import { uploadImages } from '../../../api/upload.ts';
import { errorMessageOf } from '../../../components/server-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useApplyProfile } from '../api/get-profile.ts';
import { imageFileProblem, photoHint } from '../../../lib/image-file.ts';
import { Avatar } from './avatar.tsx';

function previewOf(file: File): string | null {
  try {
    return URL.createObjectURL(file);
  } catch {
    return null;
  }
}

/** Pick, check, upload, then point the profile at the stored image; or remove it. */
export function ProfilePhoto({ profile }: { profile: Profile }) {
  const applyProfile = useApplyProfile();
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);

  const upload = async (file: File) => {
    const fileProblem = imageFileProblem(file);
    if (fileProblem) {
      setProblem(fileProblem);
      return;
    }
    setProblem(null);
    const url = previewOf(file);
    setPreview(url);
    setBusy('upload');
    try {
      const { images } = await uploadImages([file]);
      const image = images[0];
      if (!image) throw new Error('The upload answered no image.');
      applyProfile(await call(accountEndpoints.updateProfile, { body: { profile_image: image.url } }));
      toast.success('Your photo has been updated.');
    } catch (error) {
      setProblem(errorMessageOf(error));
    } finally {
      setPreview(null);
      if (url) URL.revokeObjectURL(url);
      setBusy(null);
    }
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so picking the same file again (after fixing it) still counts as a change.
    event.target.value = '';
    if (file && !busy) void upload(file);
  };

  const remove = async () => {
    setProblem(null);
    setBusy('remove');
    try {
      applyProfile(await call(accountEndpoints.updateProfile, { body: { profile_image: null } }));
      toast.success('Your photo has been removed.');
    } catch (error) {
      setProblem(errorMessageOf(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="flex flex-col items-start gap-5 sm:flex-row sm:items-center">
      <div className="relative">
        <Avatar profile={profile} previewUrl={preview} />
        {busy === 'upload' && (
          <span className="absolute inset-0 flex items-center justify-center rounded-full bg-white/60">
            <LoaderCircle aria-hidden="true" className="size-7 animate-spin text-teal-700" />
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
            disabled={busy !== null}
            aria-describedby={problem ? `${errorId} ${hintId}` : hintId}
            aria-invalid={problem ? true : undefined}
            className="peer sr-only"
          />
          <label
            htmlFor={inputId}
            aria-busy={busy === 'upload'}
            className="btn-secondary cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-teal-700 peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
          >
            {busy === 'upload' ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <ImageUp aria-hidden="true" className="size-4" />}
            {busy === 'upload' ? 'Uploading…' : profile.profile_image ? 'Change photo' : 'Upload a photo'}
          </label>
          {profile.profile_image && (
            <button type="button" onClick={() => void remove()} disabled={busy !== null} aria-busy={busy === 'remove'} className="btn-ghost text-red-700 hover:bg-red-50 hover:text-red-800">
              {busy === 'remove' ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <Trash2 aria-hidden="true" className="size-4" />}
              Remove photo
            </button>
          )}
        </div>
        {problem && (
          <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
            {problem}
          </p>
        )}
        <p id={hintId} className="mt-2 text-xs text-slate-500">
          {photoHint}
        </p>
      </div>
    </div>
  );
}
