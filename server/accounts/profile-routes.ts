// API of the signed-in user's own data (spec §7 "Account"): the user, the profile change (and the page of
// the link it mails to a new e-mail, which works signed out), saved addresses and favourites. Signed out, each answers 401 in Russian; each reads and writes only the caller's rows.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ENDPOINTS } from '../../common/endpoints.ts';
import { formPageRoutes, route, sendLinkPage, tokenOf, type LinkPage } from '../http/public.ts';
import { Refusal } from '../refusal.ts';
import { addressesOf } from './addresses-sql.ts';
import { addFavorites, clearFavorites, favoriteIds } from './favorites-sql.ts';
import { userProfile } from './users-sql.ts';
import { ACCOUNT_MESSAGES, signedInUser, userView } from './account-rules.ts';
import { removeAddress, saveAddress } from './addresses.ts';
import { changeProfile } from './profile.ts';
import { confirmEmailChange, emailChangeLinkProblem, emailChangeUrl } from './email-change.ts';

export default async function profileRoutes(app: FastifyInstance): Promise<void> {
  const currentUser = async (req: FastifyRequest) => {
    const user = await userProfile(app.db, signedInUser(req));
    if (!user) throw new Refusal('unauthenticated', ACCOUNT_MESSAGES.signInNeeded);
    return userView(user);
  };
  route(app, ENDPOINTS.user, currentUser);
  route(app, ENDPOINTS.userByPost, currentUser);

  route(app, ENDPOINTS.changeInfo, async (req) => {
    await changeProfile(app.db, { userId: signedInUser(req), token: tokenOf(req) ?? '', publicUrl: app.config.publicUrl }, req.body);
    return currentUser(req);
  });

  // The link mailed to a new e-mail: a page with a button, whose POST makes the change (email-change.ts); a
  // link that can no longer be used says so at once, with no button.
  const emailPage = (reply: FastifyReply, status: number, text: string, button?: LinkPage['button']) =>
    sendLinkPage(reply, status, { title: 'Смена e-mail', text, button, back: `${app.config.publicUrl}/profile` });
  formPageRoutes(app, (scope) => {
    route(scope, ENDPOINTS.emailChangePage, async (req, reply) => {
      const problem = await emailChangeLinkProblem(app.db, req.params.token);
      if (problem) return emailPage(reply, 400, problem);
      return emailPage(reply, 200, 'Подтвердите, что это ваш новый e-mail для магазина «Море и Мода».', {
        label: 'Подтвердить e-mail',
        action: emailChangeUrl(app.config.publicUrl, req.params.token),
      });
    });
    route(scope, ENDPOINTS.emailChangeConfirm, async (req, reply) => {
      const result = await confirmEmailChange(app.db, req.params.token);
      return emailPage(reply, result.ok ? 200 : 400, result.message);
    });
  });

  route(app, ENDPOINTS.addresses, async (req) => addressesOf(app.db, signedInUser(req)));
  for (const [endpoint, editing] of [
    [ENDPOINTS.addAddress, false],
    [ENDPOINTS.changeAddress, true],
  ] as const) {
    route(app, endpoint, async (req) => {
      const userId = signedInUser(req);
      await saveAddress(app.db, userId, req.body, editing);
      return addressesOf(app.db, userId);
    });
  }
  route(app, ENDPOINTS.deleteAddress, async (req) => {
    const userId = signedInUser(req);
    await removeAddress(app.db, userId, req.body.id);
    return addressesOf(app.db, userId);
  });

  const favorites = async (userId: number) => ({ ids: await favoriteIds(app.db, userId) });
  route(app, ENDPOINTS.favorites, async (req) => favorites(signedInUser(req)));
  route(app, ENDPOINTS.addFavorites, async (req) => {
    const userId = signedInUser(req);
    await app.db.transaction((tx) => addFavorites(tx, userId, req.body.ids));
    return favorites(userId);
  });
  route(app, ENDPOINTS.replaceFavorites, async (req) => {
    const userId = signedInUser(req);
    await app.db.transaction(async (tx) => {
      await clearFavorites(tx, userId);
      await addFavorites(tx, userId, req.body.ids);
    });
    return favorites(userId);
  });
}
