import { endpoints } from '@localloop/contract';
import { AppError } from '../../lib/errors.ts';
import { route, type App } from '../../lib/http.ts';
import { loginWithPassword, logout, rotateRefreshToken, type AuthDeps } from './service.ts';

export async function authRoutes(app: App, deps: AuthDeps) {
  route(app, endpoints.login, async ({ body, request }) => {
    if (body.email && body.password) {
      return loginWithPassword(deps, { email: body.email, password: body.password }, { userAgent: request.headers['user-agent'] });
    }
    throw new AppError(400, 'PHONE_LOGIN_UNAVAILABLE', 'Phone login is not available yet.');
  });
  route(app, endpoints.tokenRefresh, ({ body, request }) =>
    rotateRefreshToken(deps, body.refresh, { userAgent: request.headers['user-agent'] }),
  );
  route(app, endpoints.logout, async ({ body }) => {
    await logout(deps, body.refresh);
    return { message: 'Logged out.' };
  });
}
