import { basicInfoFieldLabels } from '@localloop/contract';
import type { BasicInfoField, KycStep, VendorProfile } from '@localloop/contract';
import { paths } from '../../paths.ts';

export type KycStepInfo = { step: KycStep; label: string; path: string };

/** The five KYC pages in order: what the stepper shows and where "next" goes. */
export const kycStepList: readonly KycStepInfo[] = [
  { step: 'basic_info', label: 'Basic info', path: paths.basicInfo },
  { step: 'documents', label: 'Documents', path: paths.vendorDocument },
  { step: 'bank_details', label: 'Bank details', path: paths.bankDetails },
  { step: 'service_time', label: 'Opening hours', path: paths.serviceTime },
  { step: 'addresses', label: 'Addresses', path: paths.addAddress },
];

export function stepInfo(step: KycStep): KycStepInfo {
  const info = kycStepList.find((s) => s.step === step);
  if (!info) throw new Error(`Unknown KYC step ${step}`);
  return info;
}

/** The page after this one; the last step has none. */
export function nextStepPath(step: KycStep): string | null {
  const index = kycStepList.findIndex((s) => s.step === step);
  return kycStepList[index + 1]?.path ?? null;
}

/** The steps the operator's rejection asked to fix, while the application is rejected (none otherwise). */
export function stepsToFix(profile: VendorProfile | null): KycStep[] {
  return profile?.kyc_status === 'rejected' ? profile.rejection_steps : [];
}

export function allStepsComplete(profile: VendorProfile): boolean {
  return kycStepList.every(({ step }) => profile.steps[step]);
}

/** An approved vendor edits a live shop: saving stays on the page and changes go back to review when sent. */
export function isLive(profile: VendorProfile | null): boolean {
  return profile?.is_approved === true;
}

/**
 * An approved vendor's basic info and bank details are read-only while their changes are reviewed: the server
 * refuses edits then, so the operator approves exactly what was sent.
 */
export function isLockedForReview(profile: VendorProfile | null): boolean {
  return isLive(profile) && profile?.kyc_status === 'pending';
}

/** Whether this field of the basic info differs from the live shop (an approved vendor's change not public yet). */
export function isPendingField(profile: VendorProfile | null, field: BasicInfoField): boolean {
  return profile?.pending_changes?.fields.includes(field) ?? false;
}

/** What an approved vendor changed, in words: the basic-info fields in the form's order, then the bank details. */
export function pendingChangeLabels(profile: VendorProfile): string[] {
  const changes = profile.pending_changes;
  if (!changes) return [];
  return [...changes.fields.map((field) => basicInfoFieldLabels[field]), ...(changes.bank_details ? ['Bank details'] : [])];
}
