import type { FastifyReply, FastifyRequest } from 'fastify';
import { endpoints } from '@localloop/contract';
import { route, type App } from '../../lib/http.ts';
import { perMinute } from '../../lib/rate-limit.ts';
import {
  createVerifiedUser,
  finishPhoneLogin,
  forgotPassword,
  legacyLogin,
  resendForFlow,
  resendRegistration,
  resetPassword,
  startPhoneLogin,
  startRegistration,
  verifyAndCreateV2,
  verifyPasswordReset,
  verifyRegistration,
  type FlowDeps,
  type Sent,
} from './flows.ts';
import { loginWithPassword, logout, rotateRefreshToken } from './service.ts';

/** The browser flow a code belongs to, so /resend-otp/ (no body) knows what to send again. */
const FLOW_COOKIE = 'll_code_flow';

export async function authRoutes(app: App, deps: FlowDeps & { authRateLimitPerMinute: number; secureCookies: boolean }) {
  const limited = perMinute(deps.authRateLimitPerMinute);
  const meta = (request: FastifyRequest) => ({ userAgent: request.headers['user-agent'] });

  const rememberFlow = (reply: FastifyReply, sent: { flowId: string; purpose: string }) => {
    reply.setCookie(FLOW_COOKIE, `${sent.flowId}.${sent.purpose}`, {
      path: '/api',
      httpOnly: true,
      sameSite: 'strict',
      secure: deps.secureCookies,
      maxAge: 3600,
    });
  };
  const flowOf = (request: FastifyRequest) => {
    const [id, purpose] = (request.cookies[FLOW_COOKIE] ?? '').split('.');
    return id && purpose && /^[0-9a-f-]{36}$/i.test(id) ? { id, purpose } : null;
  };
  const sentAnswer = (reply: FastifyReply, sent: Sent) => {
    rememberFlow(reply, sent);
    const { flowId: _flowId, purpose: _purpose, ...answer } = sent;
    return answer;
  };

  route(
    app,
    endpoints.login,
    async ({ body, request, reply }) => {
      if (body.email && body.password) return loginWithPassword(deps, { email: body.email, password: body.password }, meta(request));
      return sentAnswer(reply, await startPhoneLogin(deps, body.phone_number ?? ''));
    },
    limited,
  );
  route(app, endpoints.legacyLogin, ({ body, request }) => legacyLogin(deps, body, meta(request)), limited);
  route(app, endpoints.loginOtp, ({ body, request }) => finishPhoneLogin(deps, body.phone_number, body.otp, meta(request)), limited);
  route(app, endpoints.resendLoginOtp, async ({ body, request, reply }) => sentAnswer(reply, await startPhoneLogin(deps, body.phone_number, flowOf(request)?.id)), limited);

  route(app, endpoints.register, async ({ body, reply }) => sentAnswer(reply, await startRegistration(deps, body)), limited);
  route(app, endpoints.registerV2, async ({ body, reply }) => sentAnswer(reply, await startRegistration(deps, body)), limited);
  route(app, endpoints.verifyRegistration, ({ body }) => verifyRegistration(deps, body.email, body.otp), limited);
  route(app, endpoints.createUser, ({ body, request }) => createVerifiedUser(deps, body.verification_token, meta(request)), limited);
  route(app, endpoints.verifyCreateV2, ({ body, request }) => verifyAndCreateV2(deps, body.email, body.otp, meta(request)), limited);
  route(app, endpoints.resendRegistrationOtp, async ({ body, request, reply }) => sentAnswer(reply, await resendRegistration(deps, body.email, flowOf(request)?.id)), limited);

  route(
    app,
    endpoints.forgotPassword,
    async ({ body, reply }) => {
      const { flowId, message } = await forgotPassword(deps, body.email);
      rememberFlow(reply, { flowId, purpose: 'password_reset' });
      return { message };
    },
    limited,
  );
  route(app, endpoints.verifyReset, ({ body }) => verifyPasswordReset(deps, body.email, body.otp), limited);
  route(app, endpoints.resetPassword, ({ body }) => resetPassword(deps, body.reset_token, body.password), limited);
  route(app, endpoints.resendOtp, async ({ request, reply, userId }) => sentAnswer(reply, await resendForFlow(deps, flowOf(request), userId)), limited);

  route(app, endpoints.tokenRefresh, ({ body, request }) => rotateRefreshToken(deps, body.refresh, meta(request)));
  route(app, endpoints.logout, async ({ body }) => {
    await logout(deps, body.refresh);
    return { message: 'Logged out.' };
  });
}
