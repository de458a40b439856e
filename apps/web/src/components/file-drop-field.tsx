import { FileText, UploadCloud } from 'lucide-react';
import type { DragEvent, Ref } from 'react';
import { useState } from 'react';

type FileDropFieldProps = {
  id: string;
  label: string;
  name?: string;
  /** The input's accept list (types and extensions). */
  accept: string;
  file: File | null;
  /** A file chosen with the picker or dropped (the first, when several are dropped), or null when cleared. */
  onFile: (file: File | null) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  hint?: string;
  error?: string | undefined;
  /** "1.2 MB": how the chosen file's size is written. */
  formatSize: (bytes: number) => string;
};

/**
 * A file field that also takes a file dragged onto it. It is a real file input, stretched invisibly over the drop
 * zone: a click or a tap anywhere opens the picker, the keyboard reaches it with Tab (the zone shows the focus ring)
 * and Enter or Space, and screen readers announce it as the file input it is.
 */
export function FileDropField({ id, label, name, accept, file, onFile, onBlur, inputRef, hint, error, formatSize }: FileDropFieldProps) {
  const [dragging, setDragging] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const chosenId = `${id}-chosen`;

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files;
    const first = dropped[0];
    if (!first) return;
    const input = event.currentTarget.querySelector('input');
    // Kept in the input too, so that it holds what the page will send (assignable in every current browser).
    try {
      if (input && dropped.length === 1) input.files = dropped;
    } catch {
      // An older browser cannot set it; the form keeps the file all the same.
    }
    setNote(dropped.length > 1 ? `One file at a time: ${first.name} was taken.` : null);
    onFile(first);
  };

  const zone = dragging
    ? 'border-teal-600 bg-teal-50'
    : error
      ? 'border-red-300 bg-red-50/40 hover:border-red-400'
      : 'border-slate-300 bg-slate-50 hover:border-teal-500 hover:bg-teal-50/40';
  const describedBy = [error ? errorId : null, file ? chosenId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div
        data-testid={`${name ?? id}-drop-zone`}
        data-dragging={dragging || undefined}
        onDragEnter={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={(event) => {
          // Leaving for a child of the zone is not leaving the zone.
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
        className={`relative mt-1.5 flex min-h-32 flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed px-4 py-6 text-center transition-colors has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-teal-700 ${zone}`}
      >
        <input
          ref={inputRef}
          id={id}
          name={name}
          type="file"
          accept={accept}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onBlur={onBlur}
          onChange={(event) => {
            setNote(null);
            onFile(event.target.files?.[0] ?? null);
          }}
          className="absolute inset-0 h-full w-full cursor-pointer opacity-0"
        />
        {file ? (
          <>
            <FileText aria-hidden="true" className="size-7 text-teal-700" />
            <p id={chosenId} className="max-w-full text-sm">
              <span className="block truncate font-semibold text-slate-900">{file.name}</span>
              <span className="text-slate-600">{formatSize(file.size)} · chosen. Drop or choose another to replace it.</span>
            </p>
          </>
        ) : (
          <>
            <UploadCloud aria-hidden="true" className={`size-7 ${dragging ? 'text-teal-700' : 'text-slate-400'}`} />
            <p aria-hidden="true" className="text-sm text-slate-700">
              {dragging ? (
                'Drop the file to choose it'
              ) : (
                <>
                  <span className="font-semibold text-teal-800 underline underline-offset-2">Choose a file</span> or drag it here
                </>
              )}
            </p>
          </>
        )}
      </div>
      {note && <p className="mt-1.5 text-sm text-amber-800">{note}</p>}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  );
}
