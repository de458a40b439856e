import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { documentKindLabels } from '@localloop/contract';
import type { VendorDocument } from '@localloop/contract';
import { Download, ExternalLink, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FormAlert } from '../../../components/form-alert.tsx';
import { errorMessageOf } from '../../../components/server-errors.ts';
import { Spinner } from '../../../components/spinner.tsx';
import { getVendorDocumentFile } from '../api/get-vendor-document-file.ts';

type Loaded = { status: 'loading' } | { status: 'ready'; url: string; type: string } | { status: 'failed'; message: string };

/**
 * Shows a private document: fetched with the bearer token (a plain link would carry none) and shown
 * through a blob: URL, revoked when the dialog closes. Images show inline; a PDF opens in a new tab or downloads.
 */
function useDocumentBlob(document: VendorDocument): Loaded {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    getVendorDocumentFile(document.id, controller.signal).then(
      (blob) => {
        try {
          url = URL.createObjectURL(blob);
          setLoaded({ status: 'ready', url, type: blob.type || document.content_type });
        } catch {
          setLoaded({ status: 'failed', message: 'This browser cannot show the file.' });
        }
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoaded({ status: 'failed', message: errorMessageOf(error) });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [document.id, document.content_type]);
  return loaded;
}

function DocumentBody({ document }: { document: VendorDocument }) {
  const loaded = useDocumentBlob(document);
  if (loaded.status === 'loading') return <Spinner label="Loading the document…" className="py-16" />;
  if (loaded.status === 'failed') return <FormAlert>{loaded.message}</FormAlert>;
  const isImage = loaded.type.startsWith('image/');
  return (
    <div className="space-y-4">
      {isImage ? (
        <img src={loaded.url} alt={document.file_name} className="max-h-[60vh] w-full rounded-xl bg-slate-50 object-contain" />
      ) : (
        <p className="rounded-xl bg-slate-50 px-4 py-6 text-center text-sm text-slate-600">This PDF opens in a new tab or in your PDF reader.</p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <a href={loaded.url} target="_blank" rel="noopener" className="btn-secondary">
          <ExternalLink aria-hidden="true" className="size-4" />
          Open in a new tab
        </a>
        <a href={loaded.url} download={document.file_name} className="btn-primary">
          <Download aria-hidden="true" className="size-4" />
          Download
        </a>
      </div>
    </div>
  );
}

export function DocumentViewer({ document, onClose }: { document: VendorDocument | null; onClose: () => void }) {
  // The last document stays in the panel while it fades out.
  const [shown, setShown] = useState(document);
  if (document && document !== shown) setShown(document);
  return (
    <Dialog open={document !== null} onClose={onClose} className="relative z-50">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-900/40 transition-opacity duration-200 data-closed:opacity-0" />
      <div className="fixed inset-0 flex items-start justify-center overflow-y-auto p-4 sm:pt-20">
        <DialogPanel transition className="w-full max-w-2xl rounded-2xl bg-white p-5 shadow-xl transition duration-200 data-closed:scale-95 data-closed:opacity-0">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <DialogTitle className="truncate text-lg font-semibold text-slate-900">{shown?.file_name}</DialogTitle>
              {shown && <p className="text-sm text-slate-600">{documentKindLabels[shown.kind]}</p>}
            </div>
            <button type="button" onClick={onClose} className="btn-ghost -mr-2 p-2" aria-label="Close">
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
          <div className="mt-4">{document && <DocumentBody key={document.id} document={document} />}</div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
