import { FormAlert } from '../../../components/form-alert.tsx';
import { errorMessageOf } from '../../../components/server-errors.ts';
import { Spinner } from '../../../components/spinner.tsx';

/** While the profile loads, or when it could not be. */
export function ProfileLoading({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (!error) return <Spinner label="Loading your profile…" className="py-16" />;
  return (
    <div className="space-y-4">
      <FormAlert>{errorMessageOf(error)}</FormAlert>
      <button type="button" onClick={onRetry} className="btn-secondary">
        Try again
      </button>
    </div>
  );
}
