import type { KycStep, VendorProfile } from '@localloop/contract';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleDashed, LoaderCircle, Send, TriangleAlert } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { FormAlert } from '../../../components/form-alert.tsx';
import { Panel } from '../../../components/panel.tsx';
import { errorMessageOf } from '../../../components/server-errors.ts';
import { useAuth } from '../../../session/auth-context.tsx';
import { useSetMyVendor } from '../api/get-my-vendor.ts';
import { vendorStatusQueryKey } from '../api/get-vendor-status.ts';
import { submitKyc } from '../api/submit-kyc.ts';
import { allStepsComplete, kycStepList, pendingChangeLabels, stepsToFix } from '../kyc-steps.ts';

type StepProblems = Partial<Record<KycStep, string>>;

function isKycStep(name: string): name is KycStep {
  return kycStepList.some((s) => s.step === name);
}

/** The wording of the button and panel: first submission, resubmission after a rejection, or an approved vendor's reapplication. */
function wordingOf(profile: VendorProfile) {
  if (profile.is_approved) {
    return {
      title: 'Send your changes for review',
      description: 'Your shop stays live with its approved details until the marketplace team approves these changes.',
      button: 'Send changes for review',
    };
  }
  if (profile.kyc_status === 'rejected') {
    return {
      title: 'Resubmit for review',
      description: 'Once you have fixed what the marketplace team asked for, send your application again.',
      button: 'Resubmit for review',
    };
  }
  return {
    title: 'Submit for review',
    description: 'The marketplace team checks your details and documents, then approves your shop. We will let you know.',
    button: 'Submit for review',
  };
}

/**
 * POST /vendor/me/submit/: the checklist of steps (each missing one linked, with the server's message
 * when it refused), and the button. Hidden while a review is pending. An approved vendor sends only its
 * changes: the panel names them, and is not offered with none (the server would answer that there is
 * nothing to review).
 */
export function SubmitForReview({ profile, onSubmitted }: { profile: VendorProfile; onSubmitted: () => void }) {
  const setMyVendor = useSetMyVendor();
  const queryClient = useQueryClient();
  const { applyVendorStatus } = useAuth();
  const [problems, setProblems] = useState<StepProblems>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  if (profile.kyc_status === 'pending') return null;
  const changes = profile.is_approved ? pendingChangeLabels(profile) : null;
  if (changes?.length === 0) return null;
  const wording = wordingOf(profile);
  const complete = allStepsComplete(profile);
  // A live shop's steps were all done once; the checklist matters again only if one has been emptied since.
  const showSteps = !changes || !complete || Object.keys(problems).length > 0;

  const submit = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    setProblems({});
    try {
      const updated = await submitKyc();
      setMyVendor(updated);
      applyVendorStatus({ is_approved: updated.is_approved, kyc_status: updated.kyc_status });
      void queryClient.invalidateQueries({ queryKey: vendorStatusQueryKey });
      // The confirmation is the "submitted — what happens next" screen (it takes the focus), not a toast: the
      // notification the server sends is this action's one toast.
      onSubmitted();
    } catch (failure) {
      const stepProblems: StepProblems = {};
      if (failure instanceof ApiError) {
        for (const [name, message] of Object.entries(failure.fields ?? {})) {
          if (isKycStep(name)) stepProblems[name] = message;
        }
      }
      setProblems(stepProblems);
      setError(errorMessageOf(failure));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  return (
    <Panel title={wording.title} description={wording.description}>
      {changes && (
        <div className={showSteps ? 'mb-5' : undefined}>
          <p className="text-sm font-medium text-slate-800">To be reviewed:</p>
          <ul aria-label="Changes to be reviewed" className="mt-1.5 list-disc space-y-0.5 pl-5 text-sm text-slate-700">
            {changes.map((label) => (
              <li key={label}>{label}</li>
            ))}
          </ul>
        </div>
      )}
      {showSteps && (
        <ul className="space-y-2" aria-label="Steps">
          {kycStepList.map(({ step, label, path }) => {
            const done = profile.steps[step] && !problems[step];
            // Complete, but the operator asked for a change here: worth a look before resubmitting.
            const flagged = done && stepsToFix(profile).includes(step);
            return (
              <li key={step} className="flex items-start gap-2.5 text-sm">
                {flagged ? (
                  <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-700" />
                ) : done ? (
                  <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-teal-700" />
                ) : (
                  <CircleDashed aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
                )}
                <div className="min-w-0">
                  <span className={done && !flagged ? 'text-slate-700' : 'font-medium text-slate-900'}>
                    {label}
                    <span className="sr-only">{flagged ? ': complete, asked to fix' : done ? ': complete' : ': to do'}</span>
                  </span>
                  {flagged && (
                    <>
                      {' · '}
                      <Link to={path} className="font-medium text-red-800 underline underline-offset-2 hover:text-red-900">
                        {`Asked to fix: review ${label.toLowerCase()}`}
                      </Link>
                    </>
                  )}
                  {!done && (
                    <>
                      {' · '}
                      <Link to={path} className="font-medium text-teal-800 underline underline-offset-2 hover:text-teal-900">
                        {`Finish ${label.toLowerCase()}`}
                      </Link>
                    </>
                  )}
                  {problems[step] && <p className="mt-0.5 text-red-700">{problems[step]}</p>}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <div className="mt-5 space-y-4">
        <FormAlert>{error}</FormAlert>
        {!complete && <p className="text-sm text-slate-600">Finish every step to submit.</p>}
        <div className="flex justify-end">
          <button type="button" disabled={busy || !complete} aria-busy={busy} className="btn-primary w-full sm:w-auto" onClick={() => void submit()}>
            {busy ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <Send aria-hidden="true" className="size-4" />}
            {wording.button}
          </button>
        </div>
      </div>
    </Panel>
  );
}
