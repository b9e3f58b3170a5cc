// API of the signed-in user's own data (spec §7 "Account"): the user, the profile change, saved addresses
// and favourites. Signed out, each answers 401 in Russian; each reads and writes only the caller's rows.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AddressDeleteRequest,
  AddressInput,
  AddressList,
  ChangeInfoRequest,
  FavoriteIds,
  FavoritesRequest,
  User,
} from '../../common/contract.ts';
import { answer, parse } from '../http/contract.ts';
import { HttpError } from '../plugins/errors.ts';
import { registerPrivateAnswers } from '../http/private-answers.ts';
import { addressesOf } from './addresses-sql.ts';
import { addFavorites, clearFavorites, favoriteIds } from './favorites-sql.ts';
import { userProfile } from './users-sql.ts';
import { ACCOUNT_MESSAGES, signedInUser, userView } from './account-rules.ts';
import { removeAddress, saveAddress } from './addresses.ts';
import { changeProfile } from './profile.ts';

export default async function profileRoutes(app: FastifyInstance): Promise<void> {
  registerPrivateAnswers(app);

  const currentUser = async (req: FastifyRequest) => {
    const user = await userProfile(app.db, signedInUser(req));
    if (!user) throw new HttpError(401, ACCOUNT_MESSAGES.signInNeeded);
    return answer(userView(user), User);
  };
  app.get('/v1/get_user/', currentUser);
  app.post('/v1/get_user/', currentUser);

  app.put('/v1/changeinfo/', async (req) => {
    const userId = signedInUser(req);
    await changeProfile(app.db, userId, parse(req.body, ChangeInfoRequest));
    return currentUser(req);
  });

  const addresses = async (userId: number) => answer(await addressesOf(app.db, userId), AddressList);
  app.get('/v1/user_address/', async (req) => addresses(signedInUser(req)));
  app.post('/v1/user_address/', async (req) => {
    const userId = signedInUser(req);
    await saveAddress(app.db, userId, parse(req.body, AddressInput), false);
    return addresses(userId);
  });
  app.put('/v1/user_address/', async (req) => {
    const userId = signedInUser(req);
    await saveAddress(app.db, userId, parse(req.body, AddressInput), true);
    return addresses(userId);
  });
  app.post('/v1/user_address_delete/', async (req) => {
    const userId = signedInUser(req);
    await removeAddress(app.db, userId, parse(req.body, AddressDeleteRequest).id);
    return addresses(userId);
  });

  const favorites = async (userId: number) => answer({ ids: await favoriteIds(app.db, userId) }, FavoriteIds);
  app.get('/v1/favorites/', async (req) => favorites(signedInUser(req)));
  app.post('/v1/favorites/', async (req) => {
    const userId = signedInUser(req);
    const { ids } = parse(req.body, FavoritesRequest);
    await app.db.transaction((tx) => addFavorites(tx, userId, ids));
    return favorites(userId);
  });
  app.put('/v1/favorites/', async (req) => {
    const userId = signedInUser(req);
    const { ids } = parse(req.body, FavoritesRequest);
    await app.db.transaction(async (tx) => {
      await clearFavorites(tx, userId);
      await addFavorites(tx, userId, ids);
    });
    return favorites(userId);
  });
}
