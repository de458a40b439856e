import { endpoints } from '@localloop/contract';
import type { Config } from '../../config.ts';
import { route, type App } from '../../lib/http.ts';
import { perMinute } from '../../lib/rate-limit.ts';
import type { AuthDeps } from '../auth/index.ts';
import { createGoogleVerifier, loginWithGoogle } from './service.ts';

export async function socialRoutes(app: App, deps: AuthDeps & { google: Config['google']; authRateLimitPerMinute: number }) {
  // One key set per app, so jose's cache of Google's keys lives as long as the app.
  const google = createGoogleVerifier(deps.google, deps.clock, (err) => app.log.warn({ err }, 'Google sign-in: the key set could not be fetched'));
  const social = { ...deps, google };
  route(app, endpoints.socialLogin, ({ body, request }) =>
    loginWithGoogle(social, body, { userAgent: request.headers['user-agent'] }),
    perMinute(deps.authRateLimitPerMinute),
  );
}
