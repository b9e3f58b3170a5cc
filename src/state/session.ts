// Signing in and out (spec §4 "Auth"), the one writer of the auth store's sign-in state and user
// (state/auth.ts). The token is an HttpOnly cookie the server sets at sign-in and clears at logout; the page
// goes by the server's `signedIn` hint cookie beside it: with the hint present the user is loaded at start;
// a successful load sets the user, a refusal (the session ended) clears both. Signing in also clears the
// checkout's anonymous flag, closes the popup, refetches the basket (the server merged the visitor's basket
// into the user's) and joins the favourites. Logout clears both and goes home; a logout the server could
// not hear (offline) is sent again when the network returns, as only the server can remove the token.
import { navigate } from 'wouter/use-browser-location';
import * as api from '../api/account.ts';
import { ApiError } from '../api/api-error.ts';
import type { User } from '../../common/contract/accounts.ts';
import { writeCookie } from '../lib/cookies.ts';
import { href } from '../../common/routes.ts';
import { SIGNED_IN_COOKIE, STORAGE_KEYS } from '../../common/storage-keys.ts';
import { auth, signedInHint } from './auth.ts';
import { checkout } from './checkout.ts';
import { joinServerFavorites } from './favorites-sync.ts';
import { refreshCart } from './outbox.ts';
import { closePopup } from './popups.ts';
import { readStored, writeStored } from './web-storage.ts';

function clear(): void {
  writeCookie(SIGNED_IN_COOKIE, null);
  auth.signedIn = false;
  auth.user = null;
}

/**
 * Loads the signed-in user when the server's hint says there is one. A refusal (401/403) clears the state;
 * a network failure keeps it, so an offline start stays signed in and loads the user when the network returns.
 */
export async function loadUser(): Promise<User | null> {
  if (!signedInHint()) {
    clear();
    return null;
  }
  auth.signedIn = true;
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

/** After login, registration or social login (the server set the session's cookies): load everything that is the user's. */
export async function signedIn(): Promise<User | null> {
  const user = await loadUser();
  if (!user) return null;
  checkout.anonymous = false;
  closePopup();
  void refreshCart();
  void joinServerFavorites();
  return user;
}

const LOGOUT_PENDING = STORAGE_KEYS.logoutPending;

/** Tells the server to end the session; remembered when it cannot be told now. */
async function endSession(): Promise<void> {
  try {
    await api.logout();
    writeStored('local', LOGOUT_PENDING, '');
  } catch (err) {
    // A refusal means there was no session left to end; a network failure is sent again later.
    if (err instanceof ApiError && !err.isNetwork) writeStored('local', LOGOUT_PENDING, '');
    else {
      writeStored('local', LOGOUT_PENDING, '1');
      console.warn('[auth] logout not confirmed by the server', err);
    }
  }
}

/** Logout: the server ends the session and clears its cookies (offline: later), the page forgets the user, then home. */
export async function logOut(): Promise<void> {
  if (auth.signedIn) await endSession();
  clear();
  closePopup();
  navigate(href('index'));
  void refreshCart();
}

/** App start: load the signed-in user and join the favourites; when the network returns, retry what could not run. */
export function startAuth(): void {
  const load = () =>
    loadUser().then((user) => {
      // Joining is a union, so doing it at every start also sends favourites a reload cut off at sign-in.
      if (user) void joinServerFavorites();
    });
  const pendingLogout = () => readStored('local', LOGOUT_PENDING) === '1';
  if (pendingLogout()) void endSession().then(() => void refreshCart());
  else void load();
  addEventListener('online', () => {
    if (pendingLogout()) void endSession().then(() => void refreshCart());
    else if (auth.signedIn && !auth.user) void load();
  });
}
