// The contract of accounts (spec §3 user, §7 account): login, registration, the user, profile changes,
// addresses, password reset, the mailing, social login, favourites and the bonus ledger. The §5 rules of a
// single field are held here with the words the page shows (`ruled`, common/input-rules.ts).
import { array, boolean, enums, integer, nullable, object, optional, size, string, type, type Infer } from 'superstruct';
import { email, id, queryInt, ruled, text } from './base.ts';
import { ADDRESS_PARTS, FULL_NAME, OPTIONAL_PHONE } from '../input-rules.ts';

export const LoginRequest = object({ username: email(), password: size(string(), 1, 200) });
export const TokenResponse = type({ token: string() });
export const RegistrationRequest = object({
  name: optional(size(string(), 0, 200)),
  full_name: ruled(FULL_NAME, 200),
  email: email(),
  phone: optional(ruled(OPTIONAL_PHONE, 30)),
  password_one: size(string(), 1, 200),
  password_two: size(string(), 1, 200),
});
export type RegistrationRequest = Infer<typeof RegistrationRequest>;
export const User = type({
  email: nullable(string()),
  phone: string(),
  first_name: string(),
  last_name: string(),
  second_name: string(),
  full_name: string(),
  /** Whether the user's e-mail gets the mailing (/send). */
  subscribed: boolean(),
  /** Whether the account has a password (a social account may not: it sets one through a mailed link). */
  has_password: boolean(),
  /** A new e-mail waiting for the link mailed to it, or null. */
  pending_email: nullable(string()),
});
export type User = Infer<typeof User>;
export const ChangeInfoRequest = object({
  first_name: text(0, 100),
  middle_name: text(0, 100),
  last_name: text(0, 100),
  email: email(),
  phone: optional(ruled(OPTIONAL_PHONE, 30)),
  password_one: optional(size(string(), 0, 200)),
  password_two: optional(size(string(), 0, 200)),
  /** Needed to change the password or the e-mail (not to finish a social registration). */
  current_password: optional(size(string(), 0, 200)),
});
export type ChangeInfoRequest = Infer<typeof ChangeInfoRequest>;
export const AddressInput = object({
  id: optional(id()),
  region_id: optional(nullable(id())),
  city_id: optional(nullable(id())),
  city: text(1, 100),
  street: ruled(ADDRESS_PARTS.street, 200),
  house: ruled(ADDRESS_PARTS.house, 20),
  flat: optional(text(0, 20)),
  postcode: optional(ruled(ADDRESS_PARTS.postcode, 10)),
  comment: optional(text(0, 500)),
  is_default: optional(boolean()),
});
export type AddressInput = Infer<typeof AddressInput>;
export const Address = type({
  id: integer(),
  region_id: nullable(integer()),
  city_id: nullable(integer()),
  city: string(),
  street: string(),
  house: string(),
  flat: string(),
  postcode: string(),
  comment: string(),
  is_default: boolean(),
});
export type Address = Infer<typeof Address>;
export const AddressList = array(Address);
export const AddressDeleteRequest = object({ id: id() });
export const ResetRequest = object({ email: email() });
export const ResetCompleteRequest = object({
  password_one: size(string(), 1, 200),
  password_two: size(string(), 1, 200),
  token: size(string(), 1, 200),
});
export const EmailQuery = object({ email: email() });
/** A signed-in device, as the profile lists it (the token itself is never shown). */
export const Session = type({
  id: string(),
  created_at: string(),
  last_used_at: string(),
  /** "Chrome, Android" from the browser's User-Agent, or "Неизвестное устройство". */
  device: string(),
  address: string(),
  /** The session this request came with. */
  current: boolean(),
});
export const SessionList = array(Session);
export type Session = Infer<typeof Session>;
/** Unsubscribing: the e-mail, and the signature of a mailed link (not needed by the signed-in owner). */
export const UnsubscribeQuery = object({ email: email(), sig: optional(size(string(), 1, 100)) });
/** A mailed link of the mailing: the e-mail, until when a confirmation link works (Unix seconds), its signature. */
export const MailingLinkQuery = object({
  email: email(),
  until: optional(queryInt(0, 99_999_999_999)),
  sig: size(string(), 1, 100),
});
export const SocialLoginRequest = object({ code: size(string(), 1, 2000), redirect_uri: optional(string()) });
export const SOCIAL_PROVIDERS = ['vk-oauth2', 'facebook', 'instagram'] as const;
export type SocialProviderName = (typeof SOCIAL_PROVIDERS)[number];
/** GET /v1/auth/providers/: the configured social providers; authorize_url already carries client_id and
 * redirect_uri (the server's /api/auth/{provider}/callback), the app appends &state=. */
export const SocialProvider = type({ provider: enums(SOCIAL_PROVIDERS), name: string(), authorize_url: string() });
export const SocialProviderList = array(SocialProvider);
/** Favourites of a signed-in user, kept on the server too so they follow the user to another device:
 * GET /v1/favorites/ answers them; POST /v1/favorites/ { ids } adds ids (union, at login); PUT replaces. */
export const FavoriteIds = type({ ids: array(integer()) });
export const FavoritesRequest = object({ ids: size(array(id()), 0, 500) });
export const BONUS_KINDS = ['accrual', 'spend', 'expire', 'welcome'] as const;
/** GET /v1/bonus/history/ (signed in): the ledger, newest first. */
export const BonusEntry = type({
  id: integer(),
  kind: enums(BONUS_KINDS),
  amount: integer(),
  created_at: string(),
  expires_at: nullable(string()),
  order_number: nullable(string()),
});
export type BonusEntry = Infer<typeof BonusEntry>;
export const BonusLedger = array(BonusEntry);
