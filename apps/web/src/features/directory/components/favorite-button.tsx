import type { VendorCard } from '@localloop/contract';
import { Heart } from 'lucide-react';
import { useState } from 'react';
import { useAuth } from '../../../session/auth-context.tsx';
import { useToggleFavorite } from '../api/toggle-favorite.ts';
import { LoginPrompt } from './login-prompt.tsx';

type FavoriteButtonProps = {
  vendor: Pick<VendorCard, 'id' | 'business_name' | 'is_favorite'>;
  /** A round icon button (cards) or a labelled one (the vendor page). */
  variant?: 'icon' | 'labelled';
  className?: string;
};

/** The heart: toggles the favorite for a signed-in person, asks a visitor to log in. */
export function FavoriteButton({ vendor, variant = 'icon', className = '' }: FavoriteButtonProps) {
  const { isAuthenticated } = useAuth();
  const toggle = useToggleFavorite();
  const [prompting, setPrompting] = useState(false);
  const on = isAuthenticated && vendor.is_favorite;
  // The round heart keeps one name whatever its state (aria-pressed says whether it is saved).
  const label = `Save ${vendor.business_name} to favorites`;

  const onClick = () => {
    if (!isAuthenticated) {
      setPrompting(true);
      return;
    }
    toggle.mutate(vendor);
  };

  const heart = <Heart aria-hidden="true" className={`size-5 transition-colors ${on ? 'fill-rose-500 text-rose-500' : 'text-slate-500'}`} />;
  return (
    <>
      {variant === 'icon' ? (
        <button
          type="button"
          aria-label={label}
          aria-pressed={on}
          disabled={toggle.isPending}
          onClick={onClick}
          className={`flex size-10 items-center justify-center rounded-full bg-white/95 shadow-sm ring-1 ring-slate-200 transition hover:bg-rose-50 disabled:cursor-wait ${className}`}
        >
          {heart}
        </button>
      ) : (
        <button
          type="button"
          aria-pressed={on}
          disabled={toggle.isPending}
          onClick={onClick}
          className={`btn-secondary ${on ? 'border-rose-200 bg-rose-50 text-rose-800 hover:bg-rose-100' : ''} ${className}`}
        >
          {heart}
          {/* The labelled button says what is so ("Saved") as well as being pressed; its name keeps the word people see. */}
          {on ? 'Saved' : 'Save'}{' '}
          <span className="sr-only">{vendor.business_name} to favorites</span>
        </button>
      )}
      <LoginPrompt
        open={prompting}
        onClose={() => setPrompting(false)}
        title="Log in to save favorites"
        text={`Keep ${vendor.business_name} and your other favorite places in one list: log in or create a free account.`}
      />
    </>
  );
}
