// Signing in and out (spec §4 "Auth"), the one writer of the `token` cookie and of the auth store's token
// and user (state/auth.ts). With a token cookie present the user is loaded at start; a successful load sets
// token and user, a refused one clears both. Signing in also clears the checkout's anonymous flag, closes
// the popup, refetches the basket (the server merged the visitor's basket into the user's) and joins the
// favourites. Logout clears both and goes home.
import { navigate } from 'wouter/use-browser-location';
import * as api from '../api/account.ts';
import { ApiError } from '../api/client.ts';
import type { User } from '../../common/contract/accounts.ts';
import { readCookie, writeCookie } from '../lib/cookies.ts';
import { href } from '../../common/routes.ts';
import { TOKEN_COOKIE } from '../../common/storage-keys.ts';
import { auth } from './auth.ts';
import { checkout } from './checkout.ts';
import { joinServerFavorites } from './favorites-sync.ts';
import { refreshCart } from './outbox.ts';
import { closePopup } from './popups.ts';

function clear(): void {
  writeCookie(TOKEN_COOKIE, null);
  auth.token = null;
  auth.user = null;
}

/**
 * Loads the user of the token in the cookie. A refusal (401/403) clears token and user; a network failure
 * keeps the token so an offline start stays signed in and loads the user when the network returns.
 */
export async function loadUser(): Promise<User | null> {
  const token = readCookie(TOKEN_COOKIE);
  if (!token) {
    clear();
    return null;
  }
  auth.token = token;
  auth.loading = true;
  try {
    const user = await api.getUser();
    auth.user = user;
    return user;
  } catch (err) {
    if (err instanceof ApiError && !err.isNetwork) clear();
    else console.warn('[auth] user not loaded', err);
    return null;
  } finally {
    auth.loading = false;
  }
}

/** After login, registration or social login answered a token: store it and load everything that is the user's. */
export async function signedIn(token: string): Promise<User | null> {
  writeCookie(TOKEN_COOKIE, token);
  const user = await loadUser();
  if (!user) return null;
  checkout.anonymous = false;
  closePopup();
  void refreshCart();
  void joinServerFavorites();
  return user;
}

/** Logout: the server revokes the token (best effort: offline, the cookie is cleared anyway), then home. */
export async function logOut(): Promise<void> {
  try {
    if (auth.token) await api.logout();
  } catch (err) {
    console.warn('[auth] logout not confirmed by the server', err);
  }
  clear();
  closePopup();
  navigate(href('index'));
  void refreshCart();
}

/** App start: load the user of a stored token and join the favourites; when the network returns, retry a load that could not run. */
export function startAuth(): void {
  const load = () =>
    loadUser().then((user) => {
      // Joining is a union, so doing it at every start also sends favourites a reload cut off at sign-in.
      if (user) void joinServerFavorites();
    });
  void load();
  addEventListener('online', () => {
    if (auth.token && !auth.user) void load();
  });
}
