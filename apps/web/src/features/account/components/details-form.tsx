import { zodResolver } from '@hookform/resolvers/zod';
import { accountEndpoints, ProfileUpdateInput, Username } from '@localloop/contract';
import type { Profile } from '@localloop/contract';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { call } from '../../../api/client.ts';
import { FormAlert } from '../../../components/form-alert.tsx';
import { applyServerError } from '../../../components/server-errors.ts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { toast } from '../../../lib/toast.ts';
import { useApplyProfile } from '../api/get-profile.ts';

// An account made with Google may have no username yet; leaving it empty keeps it that way.
const DetailsInput = ProfileUpdateInput.pick({ first_name: true, last_name: true }).extend({
  username: z.union([z.literal(''), Username]),
});
type Fields = z.input<typeof DetailsInput>;
type Values = z.output<typeof DetailsInput>;

const fieldNames = ['first_name', 'last_name', 'username'] as const;

function valuesOf(profile: Profile): Fields {
  return { first_name: profile.first_name, last_name: profile.last_name, username: profile.username ?? '' };
}

/** First name, last name and username, saved with PATCH /profile/. */
export function DetailsForm({ profile }: { profile: Profile }) {
  const applyProfile = useApplyProfile();
  const [serverError, setServerError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const form = useForm<Fields, unknown, Values>({ resolver: zodResolver(DetailsInput), defaultValues: valuesOf(profile) });
  const { errors, isSubmitting } = form.formState;

  const submit = async (values: Values) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setServerError(null);
    try {
      const updated = await call(accountEndpoints.updateProfile, {
        body: { first_name: values.first_name, last_name: values.last_name, username: values.username || undefined },
      });
      applyProfile(updated);
      form.reset(valuesOf(updated));
      toast.success('Your details have been saved.');
    } catch (error) {
      setServerError(applyServerError(error, form.setError, fieldNames, { USERNAME_TAKEN: 'username' }));
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)} className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" error={errors.first_name?.message} {...form.register('first_name')} />
        <TextField label="Last name" autoComplete="family-name" error={errors.last_name?.message} {...form.register('last_name')} />
      </div>
      <TextField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        hint="3 to 30 letters, digits, dots or underscores."
        error={errors.username?.message}
        {...form.register('username')}
      />
      <FormAlert>{serverError}</FormAlert>
      <div className="flex justify-end">
        <SubmitButton busy={isSubmitting} className="btn-primary w-full sm:w-auto">
          Save changes
        </SubmitButton>
      </div>
    </form>
  );
}
