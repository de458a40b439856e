import { zodResolver } from '@hookform/resolvers/zod';
import { BankDetailsInput } from '@localloop/contract';
import type { BankDetails, VendorProfile } from '@localloop/contract';
import { Landmark, Lock } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { FormAlert } from '../../components/form-alert.tsx';
import { Panel } from '../../components/panel.tsx';
import { applyServerError } from '../../components/server-errors.ts';
import { SubmitButton } from '../../components/submit-button.tsx';
import { TextField } from '../../components/text-field.tsx';
import { formatDate } from '../../lib/format-date.ts';
import { toast } from '../../lib/toast.ts';
import { useUpdateMyVendor } from './api/get-my-vendor.ts';
import { saveBankDetails } from './api/save-bank-details.ts';
import { KycPage } from './components/kyc-page.tsx';
import { NotLiveYet } from './components/fields.tsx';
import { isLive, isLockedForReview, nextStepPath } from './kyc-steps.ts';

type AccountKind = BankDetails['kind'];
type Fields = { account_holder: string; bank_name: string; kind: AccountKind; iban: string; routing_number: string; account_number: string };
type Body = z.output<typeof BankDetailsInput>;

const fieldNames = ['account_holder', 'bank_name', 'iban', 'routing_number', 'account_number'] as const;
const kindLabels: Record<AccountKind, string> = { iban: 'IBAN', us_account: 'US routing and account number' };

/** Only the fields of the chosen kind go to the contract's schema, and to the server. */
function toBody(values: Fields): BankDetailsInput {
  const base = { account_holder: values.account_holder, bank_name: values.bank_name };
  return values.kind === 'iban'
    ? { ...base, iban: values.iban }
    : { ...base, routing_number: values.routing_number, account_number: values.account_number };
}

const contractResolver = zodResolver(BankDetailsInput);

/**
 * Validates with the contract's BankDetailsInput. With the US kind and nothing typed, the schema's
 * "IBAN or routing number" message belongs under the routing number, the field the person sees.
 */
const bankResolver: Resolver<Fields, unknown, Body> = async (values, context, options) => {
  const result = await contractResolver(toBody(values), context, options as unknown as Parameters<typeof contractResolver>[2]);
  const errors = { ...(result.errors as FieldErrors<Fields>) };
  if (values.kind === 'us_account' && errors.iban) {
    errors.routing_number ??= { type: 'custom', message: 'Enter the 9-digit routing number.' };
    errors.account_number ??= { type: 'custom', message: 'Enter the account number: 4 to 17 digits.' };
    delete errors.iban;
  }
  if (Object.keys(errors).length > 0) return { values: {}, errors };
  return { values: result.values as Body, errors: {} };
};

/** The form never holds a saved number: the server answers it masked, and the person types it again to change it. */
function valuesOf(saved: BankDetails | null): Fields {
  return {
    account_holder: saved?.account_holder ?? '',
    bank_name: saved?.bank_name ?? '',
    kind: saved?.kind ?? 'iban',
    iban: '',
    routing_number: '',
    account_number: '',
  };
}

type SavedAccountProps = {
  saved: BankDetails;
  /** The account shown is a proposed change: payouts still go to the approved one. */
  pending: boolean;
  /** Null while the account cannot be changed (its change is being reviewed). */
  onChange: (() => void) | null;
};

function SavedAccount({ saved, pending, onChange }: SavedAccountProps) {
  return (
    <div className="space-y-5">
      {pending && (
        <p className="text-sm text-slate-700">
          <NotLiveYet /> Payouts go to your approved account until the marketplace team approves this one.
        </p>
      )}
      <div className="flex items-start gap-3 rounded-2xl border border-slate-200 bg-slate-50 p-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-white text-teal-700 shadow-sm">
          <Landmark aria-hidden="true" className="size-5" />
        </span>
        <dl className="grid min-w-0 flex-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-500">Account holder</dt>
            <dd className="font-medium text-slate-900">{saved.account_holder}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Bank</dt>
            <dd className="font-medium text-slate-900">{saved.bank_name}</dd>
          </div>
          <div>
            <dt className="text-slate-500">{saved.kind === 'iban' ? 'IBAN' : 'Account number'}</dt>
            <dd className="font-mono font-medium text-slate-900" data-testid="masked-account-number">
              {saved.account_number_masked}
            </dd>
          </div>
          {saved.routing_number && (
            <div>
              <dt className="text-slate-500">Routing number</dt>
              <dd className="font-mono font-medium text-slate-900">{saved.routing_number}</dd>
            </div>
          )}
        </dl>
      </div>
      <p className="flex items-center gap-1.5 text-xs text-slate-500">
        <Lock aria-hidden="true" className="size-3.5" />
        {`Saved ${formatDate(saved.updated_at, 'DD MMM YYYY')}. For your safety the full number is never shown again.`}
      </p>
      {onChange ? (
        <div className="flex justify-end">
          <button type="button" onClick={onChange} className="btn-secondary w-full sm:w-auto">
            Change bank account
          </button>
        </div>
      ) : (
        <p className="flex gap-2 rounded-xl bg-slate-100 px-3.5 py-2.5 text-sm text-slate-700">
          <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          Read-only while the marketplace team reviews your changes. You can change the account again once they have decided.
        </p>
      )}
    </div>
  );
}

function BankForm({ profile, onDone }: { profile: VendorProfile; onDone: (() => void) | null }) {
  const navigate = useNavigate();
  const updateMyVendor = useUpdateMyVendor();
  const [serverError, setServerError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const form = useForm<Fields, unknown, Body>({ resolver: bankResolver, defaultValues: valuesOf(profile.bank_details) });
  const { errors, isSubmitting } = form.formState;
  const kind = useWatch({ control: form.control, name: 'kind' });

  const submit = async (body: Body) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setServerError(null);
    try {
      const saved = await saveBankDetails(body);
      // Cleared at once: the typed number is not kept anywhere once the server has it.
      form.reset(valuesOf(saved));
      updateMyVendor((current) => ({ ...current, bank_details: saved, steps: { ...current.steps, bank_details: true } }));
      toast.success(isLive(profile) ? 'Bank details saved. A changed account is used for payouts once the marketplace team approves it.' : 'Bank details saved.');
      onDone?.();
      const next = nextStepPath('bank_details');
      if (!isLive(profile) && next) await navigate(next);
    } catch (error) {
      setServerError(applyServerError(error, form.setError, fieldNames));
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)} className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Account holder" autoComplete="name" error={errors.account_holder?.message} {...form.register('account_holder')} />
        <TextField label="Bank name" autoComplete="off" error={errors.bank_name?.message} {...form.register('bank_name')} />
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Account type</legend>
        <div className="mt-1.5 grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1 text-sm font-medium">
          {(Object.keys(kindLabels) as AccountKind[]).map((value) => (
            <label
              key={value}
              className={`flex cursor-pointer items-center justify-center rounded-lg px-3 py-2 text-center transition-colors has-focus-visible:outline-2 has-focus-visible:outline-teal-700 ${
                kind === value ? 'bg-white text-teal-800 shadow-sm' : 'text-slate-600 hover:text-slate-900'
              }`}
            >
              <input type="radio" value={value} className="sr-only" {...form.register('kind')} />
              {value === 'iban' ? 'IBAN account' : 'US account'}
            </label>
          ))}
        </div>
      </fieldset>
      {kind === 'iban' ? (
        <TextField
          key="iban"
          label="IBAN"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          inputMode="text"
          placeholder="DE89 3704 0044 0532 0130 00"
          hint="Spaces are fine. We check it by its checksum."
          error={errors.iban?.message}
          {...form.register('iban')}
        />
      ) : (
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            key="routing"
            label="Routing number"
            autoComplete="off"
            inputMode="numeric"
            hint="9 digits (ABA)."
            error={errors.routing_number?.message}
            {...form.register('routing_number')}
          />
          <TextField
            key="account"
            label="Account number"
            autoComplete="off"
            inputMode="numeric"
            hint="4 to 17 digits."
            error={errors.account_number?.message}
            {...form.register('account_number')}
          />
        </div>
      )}
      {profile.bank_details && <p className="text-xs text-slate-500">Enter the full number again to change the account; the saved one is never shown.</p>}
      <FormAlert>{serverError}</FormAlert>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onDone && (
          <button type="button" onClick={onDone} className="btn-ghost">
            Cancel
          </button>
        )}
        <SubmitButton busy={isSubmitting} className="btn-primary w-full sm:w-auto">
          {isLive(profile) ? 'Save bank details' : 'Save and continue'}
        </SubmitButton>
      </div>
    </form>
  );
}

function Bank({ profile }: { profile: VendorProfile }) {
  const [editing, setEditing] = useState(false);
  const saved = profile.bank_details;
  const locked = isLockedForReview(profile);
  const description = isLive(profile)
    ? 'Where LocalLoop pays your sales. A new account is used once the marketplace team approves it. Only its last four characters are ever shown.'
    : 'Where LocalLoop pays your sales. Stored securely; only its last four characters are ever shown.';
  return (
    <Panel title="Payout account" description={description}>
      {saved && (!editing || locked) ? (
        <SavedAccount saved={saved} pending={profile.pending_changes?.bank_details ?? false} onChange={locked ? null : () => setEditing(true)} />
      ) : locked ? (
        <p className="text-sm text-slate-700">Bank details can be added once the marketplace team has reviewed your changes.</p>
      ) : (
        <BankForm profile={profile} onDone={saved ? () => setEditing(false) : null} />
      )}
    </Panel>
  );
}

/** /BankDetails: KYC step 3, the payout account (IBAN or US routing and account number); shown masked once saved. */
export default function BankDetailsPage() {
  return (
    <KycPage step="bank_details" heading="Bank details" description="The account your earnings are paid into.">
      {(profile) => profile && <Bank profile={profile} />}
    </KycPage>
  );
}
