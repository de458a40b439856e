import { endpoints } from '@localloop/contract';
import { route, type App } from '../../lib/http.ts';
import { loginWithPassword, logout, rotateRefreshToken, type AuthDeps } from './service.ts';

export async function authRoutes(app: App, deps: AuthDeps) {
  route(app, endpoints.login, ({ body, request }) =>
    loginWithPassword(deps, body, { userAgent: request.headers['user-agent'] }),
  );
  route(app, endpoints.tokenRefresh, ({ body, request }) =>
    rotateRefreshToken(deps, body.refresh, { userAgent: request.headers['user-agent'] }),
  );
  route(app, endpoints.logout, async ({ body }) => {
    await logout(deps, body.refresh);
    return { message: 'Logged out.' };
  });
}
