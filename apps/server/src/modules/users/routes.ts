import { endpoints } from '@localloop/contract';
import { route, type App } from '../../lib/http.ts';
import { changePassword, deleteAccount, finishContactChange, getProfile, logoutEverywhere, startContactChange, updateProfile, type UsersDeps } from './service.ts';

/** The signed-in account: every route here acts only on the caller's own row. */
export async function usersRoutes(app: App, deps: UsersDeps & { deleteFile: (key: string) => Promise<void> }) {
  route(app, endpoints.profile, ({ userId }) => getProfile(deps, deps.db, userId));
  route(app, endpoints.updateProfile, ({ userId, body }) => updateProfile(deps, userId, body));
  route(app, endpoints.sendVerificationOtp, async ({ userId, body }) => {
    const { flowId: _flowId, ...sent } = await startContactChange(deps, userId, body);
    return sent;
  });
  route(app, endpoints.verifyContact, ({ userId, body }) => finishContactChange(deps, userId, body.channel, body.otp));
  route(app, endpoints.changePassword, ({ userId, body }) => changePassword(deps, userId, body));
  route(app, endpoints.logoutAll, ({ userId }) => logoutEverywhere(deps, userId));
  route(app, endpoints.deleteAccount, async ({ userId, body, request }) => {
    const { message, removedKeys } = await deleteAccount(deps, userId, body.password);
    // The rows are gone; a file that cannot be removed now is only an orphan, never a reachable record.
    await Promise.all(removedKeys.map((key) => deps.deleteFile(key).catch((err: unknown) => request.log.warn({ err, key }, 'could not delete a file'))));
    return { message };
  });
}
