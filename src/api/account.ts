// Calls of accounts (spec §7 "Account"): log in, register, the current user, profile, addresses, password
// reset, mailing, favourites, the bonus ledger, order history and social login. Methods, paths and answer
// checks come from the endpoint table; callers apply spec §8.
import type { AddressInput, ChangeInfoRequest, RegistrationRequest, SocialProviderName } from '../../common/contract/accounts.ts';
import { ENDPOINTS } from '../../common/endpoints.ts';
import { call } from './client.ts';

export const login = (username: string, password: string) => call(ENDPOINTS.logIn, { body: { username, password } });
export const register = (data: RegistrationRequest) => call(ENDPOINTS.register, { body: data });
export const getUser = () => call(ENDPOINTS.user);
export const logout = () => call(ENDPOINTS.logOut);
export const getSessions = () => call(ENDPOINTS.sessions);
export const endOtherSessions = () => call(ENDPOINTS.endOtherSessions);
export const changeInfo = (data: ChangeInfoRequest) => call(ENDPOINTS.changeInfo, { body: data });

export const getAddresses = () => call(ENDPOINTS.addresses);
/** POST adds an address, PUT (with id) edits one; both answer the whole list. */
export const saveAddress = (a: AddressInput) => call(a.id ? ENDPOINTS.changeAddress : ENDPOINTS.addAddress, { body: a });
export const deleteAddress = (id: number) => call(ENDPOINTS.deleteAddress, { body: { id } });

export const requestReset = (email: string) => call(ENDPOINTS.reset, { body: { email } });
export const completeReset = (password_one: string, password_two: string, token: string) =>
  call(ENDPOINTS.resetComplete, { body: { password_one, password_two, token } });

export const subscribe = (email: string) => call(ENDPOINTS.subscribe, { query: { email } });
export const unsubscribe = (email: string) => call(ENDPOINTS.unsubscribe, { query: { email } });

/** POST adds ids to the server's list (at login); PUT replaces it (after a change while signed in). */
export const mergeFavorites = (ids: number[]) => call(ENDPOINTS.addFavorites, { body: { ids } });
export const putFavorites = (ids: number[]) => call(ENDPOINTS.replaceFavorites, { body: { ids } });

export const getBonus = () => call(ENDPOINTS.bonus);
export const getBonusLedger = () => call(ENDPOINTS.bonusHistory);
/** The programme's rules alone, for anyone (/rules-discount). */
export const getBonusRules = () => call(ENDPOINTS.bonusRules);

export const getOrderHistory = () => call(ENDPOINTS.orderHistory);
export const getOrderDetail = (pk: number) => call(ENDPOINTS.orderDetail, { body: { pk } });

export const getSocialProviders = () => call(ENDPOINTS.socialProviders);
/** POST /auth/{provider} { code, redirect_uri }: the provider's code exchanged for a session (the server sets its cookies). */
export const socialLogin = (provider: SocialProviderName, code: string, redirect_uri?: string) =>
  call(ENDPOINTS.socialLogin, { params: { provider }, body: { code, redirect_uri } });
