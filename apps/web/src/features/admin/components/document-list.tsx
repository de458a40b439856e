import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { documentKindLabels } from '@localloop/contract';
import type { VendorDocument } from '@localloop/contract';
import { Download, FileText, X } from 'lucide-react';
import { useState } from 'react';
import { errorMessageOf } from '../../../components/server-errors.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { toast } from '../../../lib/toast.ts';
import { downloadDocument, fetchDocumentUrl, openDocumentInNewTab } from '../api/open-document.ts';

type Preview = { url: string; title: string };

function formatBytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A vendor's private documents: images are shown here, PDFs open in a new tab, any can be downloaded. */
export function DocumentList({ documents }: { documents: readonly VendorDocument[] }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  if (documents.length === 0) return <p className="text-sm text-slate-500">No documents uploaded.</p>;

  const run = async (document: VendorDocument, action: 'open' | 'download') => {
    setBusy(`${action}:${document.id}`);
    try {
      if (action === 'download') await downloadDocument(document);
      else if (document.content_type.startsWith('image/')) {
        setPreview({ url: await fetchDocumentUrl(document), title: `${documentKindLabels[document.kind]}: ${document.file_name}` });
      } else await openDocumentInNewTab(document);
    } catch (error) {
      toast.error(`Could not ${action} ${document.file_name}. ${errorMessageOf(error)}`);
    } finally {
      setBusy(null);
    }
  };
  const closePreview = () => {
    if (preview) URL.revokeObjectURL(preview.url);
    setPreview(null);
  };

  return (
    <>
      <ul className="space-y-3">
        {documents.map((document) => (
          <li key={document.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
            <FileText aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
            <div className="min-w-0 flex-1">
              <p className="font-medium text-slate-900">{documentKindLabels[document.kind]}</p>
              <p className="truncate text-xs text-slate-500">
                {document.file_name} · {formatBytes(document.bytes)} · {formatDate(document.uploaded_at, 'DD MMM YYYY')}
              </p>
            </div>
            <div className="flex gap-1.5">
              <button
                type="button"
                className="btn-secondary px-3 py-1.5"
                disabled={busy !== null}
                aria-label={`Open ${document.file_name}`}
                onClick={() => void run(document, 'open')}
              >
                {busy === `open:${document.id}` ? 'Opening…' : 'Open'}
              </button>
              <button
                type="button"
                className="btn-ghost px-2 py-1.5"
                disabled={busy !== null}
                aria-label={`Download ${document.file_name}`}
                onClick={() => void run(document, 'download')}
              >
                <Download aria-hidden="true" className="size-4" />
              </button>
            </div>
          </li>
        ))}
      </ul>
      <Dialog open={preview !== null} onClose={closePreview} className="relative z-[60]">
        <DialogBackdrop className="fixed inset-0 bg-slate-900/70" />
        <div className="fixed inset-0 flex items-center justify-center p-4">
          <DialogPanel className="flex max-h-full w-full max-w-3xl flex-col rounded-2xl bg-white p-4 shadow-xl">
            <div className="flex items-center justify-between gap-3">
              <DialogTitle className="truncate text-base font-semibold text-slate-900">{preview?.title}</DialogTitle>
              <button type="button" onClick={closePreview} className="btn-ghost p-2" aria-label="Close">
                <X aria-hidden="true" className="size-5" />
              </button>
            </div>
            {preview && <img src={preview.url} alt={preview.title} className="mt-3 min-h-0 flex-1 rounded-lg object-contain" />}
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}
