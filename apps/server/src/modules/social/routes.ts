import { endpoints } from '@localloop/contract';
import { route, type App } from '../../lib/http.ts';
import type { AppContext } from '../../lib/context.ts';
import { perMinute } from '../../lib/rate-limit.ts';
import { createGoogleVerifier, loginWithGoogle } from './service.ts';

export async function socialRoutes(app: App, ctx: AppContext) {
  const deps = { db: ctx.db, tokens: ctx.tokens, clock: ctx.clock, google: ctx.config.google, authRateLimitPerMinute: ctx.config.authRateLimitPerMinute };
  // One key set per app, so jose's cache of Google's keys lives as long as the app.
  const google = createGoogleVerifier(deps.google, deps.clock, (err) => app.log.warn({ err }, 'Google sign-in: the key set could not be fetched'));
  const social = { ...deps, google };
  route(app, endpoints.socialLogin, ({ body, request }) =>
    loginWithGoogle(social, body, { userAgent: request.headers['user-agent'] }),
    perMinute(deps.authRateLimitPerMinute),
  );
}
