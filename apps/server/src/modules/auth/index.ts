// The auth module's public surface: sessions, the sign-up/log-in/reset flows' shared pieces, and one-time codes.
export { authRoutes } from './routes.ts';
export { endSessions, inNewSession, openSession, type AuthDeps } from './service.ts';
export { assertContactsFree, passwordChanged, welcome } from './flows.ts';
export { checkCode, issueCode, mask, type OtpDeps } from './otp.ts';
