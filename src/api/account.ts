// Calls of accounts (spec §7 "Account"): log in, register, the current user, profile, addresses, password
// reset, mailing, favourites, the bonus ledger, order history and social login. Each answer is checked
// against its contract struct; callers apply spec §8.
import {
  AddressList,
  BonusInfo,
  BonusLedger,
  BonusRules,
  FavoriteIds,
  MessageBody,
  OrderDetail,
  OrderHistory,
  SocialLoginResponse,
  SocialProviderList,
  TokenResponse,
  User,
  type AddressInput,
  type ChangeInfoRequest,
  type SignInRequest,
  type SocialProviderName,
} from '../../common/contract.ts';
import { request } from './client.ts';

export const login = (username: string, password: string) =>
  request('/v1/auth/', TokenResponse, { method: 'POST', body: { username, password } });
export const register = (data: SignInRequest) => request('/v1/sign_in/', TokenResponse, { method: 'POST', body: data });
export const getUser = () => request('/v1/get_user/', User);
export const logout = () => request('/v1/logout/', MessageBody, { method: 'POST', body: {} });
export const changeInfo = (data: ChangeInfoRequest) => request('/v1/changeinfo/', User, { method: 'PUT', body: data });

export const getAddresses = () => request('/v1/user_address/', AddressList);
/** POST adds an address, PUT (with id) edits one; both answer the whole list. */
export const saveAddress = (a: AddressInput) =>
  request('/v1/user_address/', AddressList, { method: a.id ? 'PUT' : 'POST', body: a });
export const deleteAddress = (id: number) => request('/v1/user_address_delete/', AddressList, { method: 'POST', body: { id } });

export const requestReset = (email: string) => request('/v1/reset/', MessageBody, { method: 'POST', body: { email } });
export const completeReset = (password_one: string, password_two: string, token: string) =>
  request('/v1/reset/complite/', MessageBody, { method: 'POST', body: { password_one, password_two, token } });

export const subscribe = (email: string) => request('/v1/subscribe/', MessageBody, { query: { email } });
export const unsubscribe = (email: string) => request('/v1/unsubscribe/', MessageBody, { query: { email } });

/** POST adds ids to the server's list (at login); PUT replaces it (after a change while signed in). */
export const mergeFavorites = (ids: number[]) => request('/v1/favorites/', FavoriteIds, { method: 'POST', body: { ids } });
export const putFavorites = (ids: number[]) => request('/v1/favorites/', FavoriteIds, { method: 'PUT', body: { ids } });

export const getBonus = () => request('/v1/bonus/', BonusInfo);
export const getBonusLedger = () => request('/v1/bonus/history/', BonusLedger);
/** The programme's rules alone, for anyone (/rules-discount). */
export const getBonusRules = () => request('/v1/bonus/rules/', BonusRules);

export const getOrderHistory = () => request('/v1/history_order_preview/', OrderHistory);
export const getOrderDetail = (pk: number) => request('/v1/history_order_detail/', OrderDetail, { method: 'POST', body: { pk } });

export const getSocialProviders = () => request('/v1/auth/providers/', SocialProviderList);
/** POST /auth/{provider} { code, redirect_uri }: the provider's code exchanged for our token (data.token). */
export const socialLogin = (provider: SocialProviderName, code: string, redirect_uri?: string) =>
  request(`/auth/${provider}`, SocialLoginResponse, { method: 'POST', body: { code, redirect_uri } });
