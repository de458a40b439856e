import { endpoints } from '@localloop/contract';
import { route, type App } from '../../lib/http.ts';
import type { AppContext } from '../../lib/context.ts';
import { perAccount, perMinute } from '../../lib/rate-limit.ts';
import { requesterOf } from '../../lib/requester.ts';
import {
  changePassword,
  deleteAccount,
  finishContactChange,
  getProfile,
  logoutEverywhere,
  startContactChange,
  undoContactChange,
  updateProfile,
  type UsersDeps,
} from './service.ts';
import { getAccountLocation, saveAccountLocation } from './location.ts';

/** The signed-in account: every route here acts only on the caller's own row. */
type FileRemoval = { deleteFile: (key: string) => Promise<void>; deletePrivateFile: (key: string) => Promise<void> };

export async function usersRoutes(app: App, ctx: AppContext) {
  const deps = {
    db: ctx.db,
    clock: ctx.clock,
    messenger: ctx.messenger,
    secret: ctx.secret,
    background: ctx.background,
    sessions: ctx.sessions,
    publicUrl: ctx.config.publicUrl,
    authRateLimitPerMinute: ctx.config.authRateLimitPerMinute,
    mediaUrl: ctx.mediaUrl,
    deleteFile: (key: string) => ctx.storage.delete(key),
    deletePrivateFile: (key: string) => ctx.privateStorage.delete(key),
  } satisfies UsersDeps & FileRemoval & { authRateLimitPerMinute: number };
  // Each of these checks a password (argon2, CPU-heavy on purpose) for one account: a budget per account, so a stolen
  // token can neither guess the password fast nor starve everyone else of CPU.
  const passwordWork = perAccount(10, '10 minutes');
  route(app, endpoints.profile, ({ userId }) => getProfile(deps, deps.db, userId));
  route(app, endpoints.updateProfile, ({ userId, body }) => updateProfile(deps, userId, body));
  route(app, endpoints.accountLocation, ({ userId }) => getAccountLocation(deps.db, userId));
  route(app, endpoints.saveAccountLocation, ({ userId, body }) => saveAccountLocation(deps, userId, body));
  route(
    app,
    endpoints.sendVerificationOtp,
    async ({ userId, body, request }) => {
      const context = { authTime: request.session?.authTime ?? 0, requester: requesterOf(deps.secret, request.ip) };
      const { flowId: _flowId, ...sent } = await startContactChange(deps, userId, body, context);
      return sent;
    },
    passwordWork,
  );
  route(app, endpoints.verifyContact, ({ userId, body }) => finishContactChange(deps, userId, body.channel, body.otp));
  route(app, endpoints.changePassword, ({ userId, body }) => changePassword(deps, userId, body), passwordWork);
  route(app, endpoints.undoContactChange, ({ body }) => undoContactChange(deps, body.token), perMinute(deps.authRateLimitPerMinute));
  route(app, endpoints.logoutAll, ({ userId }) => logoutEverywhere(deps, userId));
  route(
    app,
    endpoints.deleteAccount,
    async ({ userId, body, request }) => {
    const { message, removedKeys, removedPrivateKeys } = await deleteAccount(deps, userId, body.password);
    // The rows are gone; a file that cannot be removed now is only an orphan, never a reachable record.
    const remove = (del: (key: string) => Promise<void>) => (key: string) =>
      del(key).catch((err: unknown) => request.log.warn({ err, key }, 'could not delete a file'));
    await Promise.all([...removedKeys.map(remove(deps.deleteFile)), ...removedPrivateKeys.map(remove(deps.deletePrivateFile))]);
    return { message };
    },
    passwordWork,
  );
}
