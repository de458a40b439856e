import { Link } from 'react-router';
import { config } from '../../../config.ts';
import { paths } from '../../../paths.ts';

/** The link to Google sign-in, shown only where a Google client id is configured. */
export function ContinueWithGoogle() {
  if (!config.googleClientId) return null;
  return (
    <p>
      <Link to={paths.socialLogin} className="font-semibold text-teal-800 hover:underline">
        Continue with Google
      </Link>
    </p>
  );
}
