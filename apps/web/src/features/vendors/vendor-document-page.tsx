import { zodResolver } from '@hookform/resolvers/zod';
import { DocumentKind, documentKindLabels, documentKinds, documentUploadLimits } from '@localloop/contract';
import type { VendorDocument, VendorProfile } from '@localloop/contract';
import { ArrowRight, Eye, FileText, Image, LoaderCircle, Trash2, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { FormAlert } from '../../components/form-alert.tsx';
import { Panel } from '../../components/panel.tsx';
import { applyServerError, errorMessageOf } from '../../components/server-errors.ts';
import { SubmitButton } from '../../components/submit-button.tsx';
import { FileDropField } from '../../components/file-drop-field.tsx';
import { formatDate } from '../../lib/format-date.ts';
import { toast } from '../../lib/toast.ts';
import { paths } from '../../paths.ts';
import { useUpdateMyVendor } from './api/get-my-vendor.ts';
import { deleteVendorDocument } from './api/delete-vendor-document.ts';
import { uploadVendorDocument } from './api/upload-vendor-document.ts';
import { DocumentViewer } from './components/document-viewer.tsx';
import { SelectField } from './components/fields.tsx';
import { KycPage } from './components/kyc-page.tsx';
import { documentFileProblem, documentHint, documentMissingMessage, formatBytes } from './document-file.ts';

const UploadForm = z.object({
  kind: z.string().pipe(DocumentKind),
  file: z
    .custom<File | null>((value) => value === null || value instanceof File)
    .superRefine((file, ctx) => {
      const problem = file ? documentFileProblem(file) : documentMissingMessage;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});
type UploadFields = z.input<typeof UploadForm>;
type UploadValues = z.output<typeof UploadForm>;

function DocumentUpload({ profile }: { profile: VendorProfile }) {
  const updateMyVendor = useUpdateMyVendor();
  const fileInputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const hasIdentity = profile.documents.some((d) => d.kind === 'identity');
  const form = useForm<UploadFields, unknown, UploadValues>({
    resolver: zodResolver(UploadForm),
    defaultValues: { kind: hasIdentity ? '' : 'identity', file: null },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = async ({ kind, file }: UploadValues) => {
    if (!file) return;
    setServerError(null);
    try {
      const document = await uploadVendorDocument(kind, file);
      updateMyVendor((current) => ({
        ...current,
        documents: [...current.documents, document],
        steps: { ...current.steps, documents: current.steps.documents || document.kind === 'identity' },
      }));
      form.reset({ kind: '', file: null });
      if (fileInput.current) fileInput.current.value = '';
      toast.success(`${documentKindLabels[document.kind]} uploaded.`);
    } catch (error) {
      setServerError(applyServerError(error, form.setError, ['kind', 'file']));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)} className="space-y-5">
      <SelectField label="What is it?" error={errors.kind?.message} {...form.register('kind')}>
        <option value="">Choose what the document is</option>
        {documentKinds.map((kind) => (
          <option key={kind} value={kind}>
            {documentKindLabels[kind]}
          </option>
        ))}
      </SelectField>
      <Controller
        control={form.control}
        name="file"
        render={({ field }) => (
          <FileDropField
            id={fileInputId}
            label="File"
            name={field.name}
            accept={[...documentUploadLimits.types, '.pdf', '.jpg', '.jpeg', '.png', '.webp'].join(',')}
            file={field.value}
            inputRef={(element) => {
              fileInput.current = element;
              field.ref(element);
            }}
            onBlur={field.onBlur}
            onFile={(file) => {
              field.onChange(file);
              // Checked at once, before anything is sent.
              void form.trigger('file');
            }}
            error={errors.file?.message}
            hint={documentHint}
            formatSize={formatBytes}
          />
        )}
      />
      <FormAlert>{serverError}</FormAlert>
      <div className="flex justify-end">
        <SubmitButton busy={isSubmitting} className="btn-primary w-full sm:w-auto">
          {!isSubmitting && <Upload aria-hidden="true" className="size-4" />}
          {isSubmitting ? 'Uploading…' : 'Upload document'}
        </SubmitButton>
      </div>
    </form>
  );
}

function DocumentRow({ document, onView }: { document: VendorDocument; onView: () => void }) {
  const updateMyVendor = useUpdateMyVendor();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const Icon = document.content_type.startsWith('image/') ? Image : FileText;

  const remove = async () => {
    setBusy(true);
    try {
      await deleteVendorDocument(document.id);
      updateMyVendor((current) => {
        const documents = current.documents.filter((d) => d.id !== document.id);
        return { ...current, documents, steps: { ...current.steps, documents: documents.some((d) => d.kind === 'identity') } };
      });
      toast.success(`${document.file_name} was deleted.`);
    } catch (error) {
      toast.error(errorMessageOf(error));
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-slate-100 text-slate-600">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          <p className="text-sm font-semibold text-slate-900">{documentKindLabels[document.kind]}</p>
          <p className="truncate text-sm text-slate-700">{document.file_name}</p>
          <p className="text-xs text-slate-500">
            {formatBytes(document.bytes)} · uploaded {formatDate(document.uploaded_at, 'DD MMM YYYY')}
          </p>
        </div>
      </div>
      {confirming ? (
        <div className="flex flex-wrap items-center gap-2 sm:justify-end" role="group" aria-label={`Delete ${document.file_name}?`}>
          <span className="text-sm text-slate-700">Delete it?</span>
          <button type="button" onClick={() => setConfirming(false)} disabled={busy} className="btn-ghost">
            Keep
          </button>
          <button type="button" onClick={() => void remove()} disabled={busy} aria-busy={busy} className="btn-secondary border-red-300 text-red-700 hover:bg-red-50">
            {busy && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
            Yes, delete
          </button>
        </div>
      ) : (
        <div className="flex gap-2 sm:justify-end">
          <button type="button" onClick={onView} className="btn-secondary" aria-label={`View ${document.file_name}`}>
            <Eye aria-hidden="true" className="size-4" />
            View
          </button>
          <button type="button" onClick={() => setConfirming(true)} className="btn-ghost text-red-700 hover:bg-red-50 hover:text-red-800" aria-label={`Delete ${document.file_name}`}>
            <Trash2 aria-hidden="true" className="size-4" />
            Delete
          </button>
        </div>
      )}
    </li>
  );
}

function Documents({ profile }: { profile: VendorProfile }) {
  const [viewing, setViewing] = useState<VendorDocument | null>(null);
  return (
    <>
      <Panel title="Your documents" description="An identity document is required; a business registration or proof of address helps the review.">
        {profile.documents.length === 0 ? (
          <p className="rounded-xl bg-slate-50 px-4 py-6 text-center text-sm text-slate-600">No documents yet.</p>
        ) : (
          <ul className="-my-4 divide-y divide-slate-100">
            {profile.documents.map((document) => (
              <DocumentRow key={document.id} document={document} onView={() => setViewing(document)} />
            ))}
          </ul>
        )}
        <div className="mt-5 flex flex-col gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-600">{profile.steps.documents ? 'This step is complete.' : 'Upload at least one identity document to complete this step.'}</p>
          {profile.steps.documents && (
            <Link to={paths.bankDetails} className="btn-secondary">
              Continue to bank details
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          )}
        </div>
      </Panel>
      <Panel title="Upload a document">
        <DocumentUpload profile={profile} />
      </Panel>
      <DocumentViewer document={viewing} onClose={() => setViewing(null)} />
    </>
  );
}

/** /VendorDocument: KYC step 2, the private identity and business documents. */
export default function VendorDocumentPage() {
  return (
    <KycPage step="documents" heading="Documents" description="Identity and business documents for the marketplace team's check. They stay private.">
      {(profile) => profile && <Documents profile={profile} />}
    </KycPage>
  );
}
