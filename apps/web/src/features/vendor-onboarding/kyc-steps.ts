import type { KycStep, VendorProfile } from '@localloop/contract';
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

export function allStepsComplete(profile: VendorProfile): boolean {
  return kycStepList.every(({ step }) => profile.steps[step]);
}

/** An approved vendor edits a live shop: saving stays on the page and changes go back to review when sent. */
export function isLive(profile: VendorProfile | null): boolean {
  return profile?.is_approved === true;
}
