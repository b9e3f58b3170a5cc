// Store of who is signed in (spec §4 "Auth"): whether the shopper is signed in and the loaded user, for every
// part of the page that shows them. The token itself is an HttpOnly cookie the page never sees; signing in
// and out, and loading the user when the server's `signedIn` hint is there, are state/session.ts's, which
// the page loads when it is idle: the frame needs only this store.
import { proxy, useSnapshot } from 'valtio';
import { readCookie } from '../lib/cookies.ts';
import { SIGNED_IN_COOKIE } from '../../common/storage-keys.ts';
import type { User } from '../../common/contract/accounts.ts';

export const auth = proxy({
  /** Signed in as far as the page knows (the server's hint cookie, then each answer). */
  signedIn: false,
  user: null as User | null,
  /** True while the signed-in user is being loaded at start (pages wait instead of saying "log in"). */
  loading: false,
});

export const useAuth = () => useSnapshot(auth);

/** The server's hint that this browser is signed in (its cookie beside the HttpOnly token): known before the user loads. */
export const signedInHint = (): boolean => readCookie(SIGNED_IN_COOKIE) === '1';

/** The server answered the user's changed data (PUT /v1/changeinfo/): show it everywhere. */
export function userChanged(user: User): void {
  auth.user = user;
}
