import { zodResolver } from '@hookform/resolvers/zod';
import { BasicInfoInput, vendorCategories, VendorCategory } from '@localloop/contract';
import type { VendorProfile } from '@localloop/contract';
import { Lock } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { FormAlert } from '../../components/form-alert.tsx';
import { applyServerError } from '../../components/server-errors.ts';
import { SubmitButton } from '../../components/submit-button.tsx';
import { TextField } from '../../components/text-field.tsx';
import { Panel } from '../../components/panel.tsx';
import { toast } from '../../lib/toast.ts';
import { useAuth } from '../../session/auth-context.tsx';
import { getStoredContact } from '../../session/storage.ts';
import { useSetMyVendor } from './api/get-my-vendor.ts';
import { saveBasicInfo } from './api/save-basic-info.ts';
import { hintWithPending, SelectField, TextAreaField } from './components/fields.tsx';
import { KycPage } from './components/kyc-page.tsx';
import { LogoField } from './components/logo-field.tsx';
import { PhotosManager } from './components/photos-manager.tsx';
import { isLive, isLockedForReview, isPendingField, nextStepPath } from './kyc-steps.ts';

// The record keeps the category as text; the select starts empty until one is chosen.
const BasicInfoFormInput = BasicInfoInput.extend({ category: z.string().pipe(VendorCategory) });
type Fields = z.input<typeof BasicInfoFormInput>;
type Values = z.output<typeof BasicInfoFormInput>;

const fieldNames = ['business_name', 'category', 'description', 'logo', 'contact_email', 'contact_phone'] as const;

function valuesOf(profile: VendorProfile | null): Fields {
  if (!profile) {
    // A new application starts with the account's stored e-mail and phone number (both exist: the menu checked).
    const contact = getStoredContact();
    return { business_name: '', category: '', description: '', logo: null, contact_email: contact.email ?? '', contact_phone: contact.phoneNumber ?? '' };
  }
  return {
    business_name: profile.business_name,
    category: profile.category,
    description: profile.description,
    logo: profile.logo,
    contact_email: profile.contact_email ?? '',
    contact_phone: profile.contact_phone ?? '',
  };
}

function BasicInfoForm({ profile }: { profile: VendorProfile | null }) {
  const navigate = useNavigate();
  const setMyVendor = useSetMyVendor();
  const { applyVendorStatus } = useAuth();
  const [serverError, setServerError] = useState<string | null>(null);
  const [logoPreview, setLogoPreview] = useState<string | null>(profile?.logo_thumbnail ?? profile?.logo ?? null);
  const inFlight = useRef(false);
  const form = useForm<Fields, unknown, Values>({ resolver: zodResolver(BasicInfoFormInput), defaultValues: valuesOf(profile) });
  const { errors, isSubmitting } = form.formState;
  const live = isLive(profile);
  const locked = isLockedForReview(profile);
  const hint = (field: (typeof fieldNames)[number], text?: string) => hintWithPending(text, isPendingField(profile, field));

  const submit = async (values: Values) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setServerError(null);
    try {
      const saved = await saveBasicInfo(values);
      setMyVendor(saved);
      if (!profile) {
        // The account is now a vendor in progress: its vendor_id is stored (the menu's Pending marker, the status fetch).
        applyVendorStatus({ vendor_id: saved.id, is_approved: saved.is_approved, kyc_status: saved.kyc_status });
      }
      if (isLive(saved)) {
        form.reset(valuesOf(saved));
        toast.success(
          saved.pending_changes
            ? 'Changes saved. They go live once you send them for review and they are approved.'
            : 'Saved. Your profile is the same as your live shop.',
        );
        return;
      }
      toast.success('Basic info saved.');
      const next = nextStepPath('basic_info');
      if (next) await navigate(next);
    } catch (error) {
      setServerError(applyServerError(error, form.setError, fieldNames));
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <Panel
      title={live ? 'Shop details' : 'About your business'}
      description={
        live
          ? 'Customers see your approved details on your vendor page. Changes here go live once the marketplace team approves them.'
          : 'Customers see these on your vendor page.'
      }
    >
      <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)} className="space-y-5">
        {locked && (
          <p className="flex gap-2 rounded-xl bg-slate-100 px-3.5 py-2.5 text-sm text-slate-700">
            <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            Read-only while the marketplace team reviews your changes. You can edit these details again once they have decided.
          </p>
        )}
        <fieldset disabled={locked} className="space-y-5">
          <TextField
            label="Business name"
            autoComplete="organization"
            hint={hint('business_name')}
            error={errors.business_name?.message}
            {...form.register('business_name')}
          />
          <SelectField label="Category" hint={hint('category')} error={errors.category?.message} {...form.register('category')}>
            <option value="">Choose a category</option>
            {vendorCategories.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </SelectField>
          <TextAreaField
            label="Description"
            rows={4}
            hint={hint('description', 'What you offer, in a few sentences (up to 2000 characters).')}
            error={errors.description?.message}
            {...form.register('description')}
          />
          <LogoField
            previewUrl={logoPreview}
            error={errors.logo?.message}
            note={hint('logo')}
            onChange={(logo) => {
              form.setValue('logo', logo?.url ?? null, { shouldDirty: true });
              form.clearErrors('logo');
              setLogoPreview(logo?.thumbnailUrl ?? null);
            }}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label="Contact e-mail"
              type="email"
              autoComplete="email"
              hint={hint('contact_email', 'Where customers and the marketplace team reach you.')}
              error={errors.contact_email?.message}
              {...form.register('contact_email')}
            />
            <TextField
              label="Contact phone"
              type="tel"
              autoComplete="tel"
              hint={hint('contact_phone', 'With its country code, e.g. +15551234567.')}
              error={errors.contact_phone?.message}
              {...form.register('contact_phone')}
            />
          </div>
        </fieldset>
        <FormAlert>{serverError}</FormAlert>
        {!locked && (
          <div className="flex justify-end">
            <SubmitButton busy={isSubmitting} className="btn-primary w-full sm:w-auto">
              {live ? 'Save changes' : 'Save and continue'}
            </SubmitButton>
          </div>
        )}
      </form>
    </Panel>
  );
}

/** /BasicInfo: KYC step 1 (it creates the vendor record), and the vendor profile edit page once approved. */
export default function BasicInfoPage() {
  return (
    <KycPage
      step="basic_info"
      heading={(profile) => (isLive(profile) ? 'Vendor profile' : 'Basic info')}
      description={(profile) =>
        isLive(profile) ? 'How your shop appears to customers on LocalLoop.' : 'Tell customers who you are. You can change this at any time.'
      }
    >
      {/* A new review state (sent, approved, rejected) starts the form again from the record as it now is. */}
      {(profile) => (
        <div className="space-y-6">
          <BasicInfoForm key={profile ? `${profile.id}:${profile.kyc_status}` : 'new'} profile={profile} />
          {/* Photos save on their own, live at once (docs/decisions/0015); they need the vendor record first. */}
          {profile && <PhotosManager businessName={profile.business_name} />}
        </div>
      )}
    </KycPage>
  );
}
