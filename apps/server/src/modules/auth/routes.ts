import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { endpoints } from '@localloop/contract';
import { route, type App } from '../../lib/http.ts';
import type { AppContext } from '../../lib/context.ts';
import { perMinute } from '../../lib/rate-limit.ts';
import { requesterOf } from '../../lib/requester.ts';
import {
  createVerifiedUser,
  finishPhoneLogin,
  forgotPassword,
  resendForFlow,
  resendRegistration,
  resetPassword,
  startPhoneLogin,
  startRegistration,
  verifyAndCreateV2,
  verifyPasswordReset,
  verifyRegistration,
  type FlowCookie,
  type FlowDeps,
  type Meta,
  type Sent,
} from './flows.ts';
import { ErrorCode } from '@localloop/contract';
import { AppError } from '../../lib/errors.ts';
import { loginWithPassword, logout, rotateRefreshToken, type LoginMeta } from './service.ts';
import { accountKeyOf, DEVICE_COOKIE, deviceCookieWith, pruneLoginFailures, trustedAccounts } from './throttle.ts';

/** The browser flow a code belongs to, so /resend-otp/ (no body) knows what to send again. */
const FLOW_COOKIE = 'll_code_flow';
// The cookie is not signed: whatever it holds is the client's input. No control characters (a NUL fails in SQL).
const FlowCookieSchema = z.object({ id: z.string().uuid(), purpose: z.string().max(32), to: z.string().min(3).max(254).regex(/^[^\p{Cc}]+$/u) });

export async function authRoutes(app: App, ctx: AppContext) {
  const deps = {
    db: ctx.db,
    clock: ctx.clock,
    messenger: ctx.messenger,
    secret: ctx.secret,
    tokens: ctx.tokens,
    background: ctx.background,
    sessions: ctx.sessions,
    publicUrl: ctx.config.publicUrl,
    authRateLimitPerMinute: ctx.config.authRateLimitPerMinute,
    secureCookies: ctx.config.publicUrl.startsWith('https://'),
  } satisfies FlowDeps & { authRateLimitPerMinute: number; secureCookies: boolean };
  const limited = perMinute(deps.authRateLimitPerMinute);
  // The two password log-ins share one budget per address: a guesser gains nothing by alternating them.
  const passwordLimited = perMinute(deps.authRateLimitPerMinute, 'password-login');
  const meta = (request: FastifyRequest): Meta => ({ userAgent: request.headers['user-agent'], requester: requesterOf(deps.secret, request.ip) });

  const rememberFlow = (reply: FastifyReply, flow: FlowCookie) => {
    reply.setCookie(FLOW_COOKIE, Buffer.from(JSON.stringify(flow)).toString('base64url'), {
      path: '/api',
      httpOnly: true,
      sameSite: 'strict',
      secure: deps.secureCookies,
      maxAge: 3600,
    });
  };
  const flowOf = (request: FastifyRequest): FlowCookie | null => {
    try {
      const parsed = FlowCookieSchema.safeParse(JSON.parse(Buffer.from(request.cookies[FLOW_COOKIE] ?? '', 'base64url').toString()));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  };
  const sentAnswer = (reply: FastifyReply, sent: Sent, to: string) => {
    rememberFlow(reply, { id: sent.flowId, purpose: sent.purpose, to });
    const { flowId: _flowId, purpose: _purpose, ...answer } = sent;
    return answer;
  };

  const flowIdOf = (request: FastifyRequest) => flowOf(request)?.id ?? null;
  // A code check names this browser's flow and the accounts that logged in here before (past the guessing cap).
  const codeScopeOf = (request: FastifyRequest) => ({
    flowId: flowIdOf(request),
    trustedAccounts: trustedAccounts(deps.secret, request.cookies[DEVICE_COOKIE], deps.clock()),
  });

  // The device cookie: accounts that logged in from this browser skip the per-account slowdown (throttle.ts).
  const loginMeta = (request: FastifyRequest): LoginMeta => ({
    ...meta(request),
    trustedAccounts: trustedAccounts(deps.secret, request.cookies[DEVICE_COOKIE], deps.clock()),
  });
  const trustDevice = (request: FastifyRequest, reply: FastifyReply, accountKey: string) => {
    const value = deviceCookieWith(deps.secret, trustedAccounts(deps.secret, request.cookies[DEVICE_COOKIE], deps.clock()), accountKey, deps.clock());
    reply.setCookie(DEVICE_COOKIE, value, { path: '/api', httpOnly: true, sameSite: 'strict', secure: deps.secureCookies, maxAge: 180 * 86_400 });
  };
  const passwordLogin = async (request: FastifyRequest, reply: FastifyReply, input: Parameters<typeof loginWithPassword>[1], refusal?: () => AppError) => {
    const { accountKey, ...session } = await loginWithPassword(deps, input, loginMeta(request), refusal);
    trustDevice(request, reply, accountKey);
    return session;
  };
  const legacyRefusal = () => new AppError(ErrorCode.invalidCredentials, 'The e-mail, phone number or password is incorrect.');

  // Failed log-ins older than a day help no limit: cleared hourly (every process may do it; it is idempotent).
  const prune = setInterval(() => void pruneLoginFailures(deps.db, deps.clock()).catch((err: unknown) => app.log.warn({ err }, 'could not prune login failures')), 3600_000);
  prune.unref();
  app.addHook('onClose', async () => clearInterval(prune));

  route(
    app,
    endpoints.login,
    async ({ body, request, reply }) => {
      if (body.email && body.password) return passwordLogin(request, reply, { email: body.email, password: body.password });
      const phone = body.phone_number ?? '';
      return sentAnswer(reply, await startPhoneLogin(deps, phone, meta(request)), phone);
    },
    passwordLimited,
  );
  route(app, endpoints.legacyLogin, ({ body, request, reply }) => passwordLogin(request, reply, body, legacyRefusal), passwordLimited);
  route(
    app,
    endpoints.loginOtp,
    async ({ body, request, reply }) => {
      const session = await finishPhoneLogin(deps, body.phone_number, body.otp, codeScopeOf(request), meta(request));
      trustDevice(request, reply, accountKeyOf(deps.secret, { userId: session.user.id }));
      return session;
    },
    limited,
  );
  route(
    app,
    endpoints.resendLoginOtp,
    async ({ body, request, reply }) => sentAnswer(reply, await startPhoneLogin(deps, body.phone_number, meta(request), flowOf(request)?.id), body.phone_number),
    limited,
  );

  route(app, endpoints.register, async ({ body, request, reply }) => sentAnswer(reply, await startRegistration(deps, body, meta(request)), body.email), limited);
  route(app, endpoints.registerV2, async ({ body, request, reply }) => sentAnswer(reply, await startRegistration(deps, body, meta(request)), body.email), limited);
  route(app, endpoints.verifyRegistration, ({ body, request }) => verifyRegistration(deps, body.email, body.otp, flowIdOf(request)), limited);
  route(app, endpoints.createUser, ({ body, request }) => createVerifiedUser(deps, body.verification_token, meta(request)), limited);
  route(app, endpoints.verifyCreateV2, ({ body, request }) => verifyAndCreateV2(deps, body.email, body.otp, flowIdOf(request), meta(request)), limited);
  route(
    app,
    endpoints.resendRegistrationOtp,
    async ({ body, request, reply }) => sentAnswer(reply, await resendRegistration(deps, body.email, flowOf(request)?.id, meta(request)), body.email),
    limited,
  );

  route(
    app,
    endpoints.forgotPassword,
    async ({ body, request, reply }) => {
      const { flowId, message } = await forgotPassword(deps, body.email, meta(request));
      rememberFlow(reply, { id: flowId, purpose: 'password_reset', to: body.email });
      return { message };
    },
    limited,
  );
  route(app, endpoints.verifyReset, ({ body, request }) => verifyPasswordReset(deps, body.email, body.otp, codeScopeOf(request)), limited);
  route(
    app,
    endpoints.resetPassword,
    async ({ body, request, reply }) => {
      const { message, userId } = await resetPassword(deps, body.reset_token, body.password);
      // Whoever set the password through the e-mailed code may log in here without the slowdown.
      trustDevice(request, reply, accountKeyOf(deps.secret, { userId }));
      return { message };
    },
    limited,
  );
  route(
    app,
    endpoints.resendOtp,
    async ({ request, reply, userId }) => {
      const flow = flowOf(request);
      const sent = await resendForFlow(deps, flow, userId, meta(request));
      // A signed-in account's contact change is not a browser flow: its cookie stays as it is.
      if (!flow || sent.purpose === 'verify_email' || sent.purpose === 'verify_phone') {
        const { flowId: _flowId, purpose: _purpose, ...answer } = sent;
        return answer;
      }
      return sentAnswer(reply, sent, flow.to);
    },
    limited,
  );

  route(app, endpoints.tokenRefresh, ({ body, request }) => rotateRefreshToken(deps, body.refresh, meta(request)));
  route(app, endpoints.logout, async ({ body }) => {
    await logout(deps, body.refresh);
    return { message: 'Logged out.' };
  });
}
