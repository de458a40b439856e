import type { KycStep, VendorProfile } from '@localloop/contract';
import { Check, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { kycStepList, stepsToFix } from '../kyc-steps.ts';

/**
 * The progress header of the KYC pages: the five steps in order, which are complete (GET /vendor/me/
 * `steps`), which the operator's rejection asks to fix, the current one, and links between them. Before the first
 * save only Basic info is open.
 */
export function KycStepper({ current, profile }: { current: KycStep; profile: VendorProfile | null }) {
  const toFix = stepsToFix(profile);
  return (
    <nav aria-label="Vendor sign-up steps" className="mt-6">
      <ol className="grid grid-cols-5 gap-1 sm:gap-2">
        {kycStepList.map(({ step, label, path }, index) => {
          const done = profile?.steps[step] === true;
          const fix = toFix.includes(step);
          const isCurrent = step === current;
          const open = profile !== null || step === 'basic_info';
          const circle = `flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold ring-2 ${
            fix
              ? 'bg-red-50 text-red-700 ring-red-600'
              : done
                ? 'bg-teal-700 text-white ring-teal-700'
                : isCurrent
                  ? 'bg-white text-teal-800 ring-teal-700'
                  : 'bg-white text-slate-500 ring-slate-300'
          }`;
          const state = fix ? 'needs changes' : done ? 'complete' : 'not complete yet';
          const body = (
            <>
              <span className={circle} aria-hidden="true">
                {fix ? <TriangleAlert className="size-4" strokeWidth={2.5} /> : done ? <Check className="size-4" strokeWidth={3} /> : index + 1}
              </span>
              <span className={`text-center text-[0.7rem] leading-tight sm:text-xs ${isCurrent ? 'font-semibold text-slate-900' : 'text-slate-600'}`}>
                {label}
                <span className="sr-only">{`, step ${index + 1} of ${kycStepList.length}, ${state}`}</span>
              </span>
              {fix && (
                <span aria-hidden="true" data-testid={`fix-${step}`} className="text-center text-[0.65rem] leading-tight font-semibold text-red-700 sm:text-[0.7rem]">
                  Fix this
                </span>
              )}
            </>
          );
          const itemClass = 'relative z-10 flex h-full flex-col items-center gap-1.5 rounded-xl px-0.5 py-2';
          return (
            <li key={step} className="relative">
              {index > 0 && (
                <span
                  aria-hidden="true"
                  className={`absolute top-6 right-1/2 h-0.5 w-full ${profile?.steps[kycStepList[index - 1]?.step ?? 'basic_info'] ? 'bg-teal-600' : 'bg-slate-200'}`}
                />
              )}
              {open ? (
                <Link
                  to={path}
                  aria-current={isCurrent ? 'step' : undefined}
                  className={`${itemClass} hover:bg-slate-100`}
                >
                  {body}
                </Link>
              ) : (
                <span aria-disabled="true" className={`${itemClass} opacity-60`}>
                  {body}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
