// Store of who is signed in (spec §4 "Auth"): the token and the loaded user, for every part of the page that
// shows them. Signing in and out, and loading the user of a stored token, are state/session.ts's (the one
// writer of the token cookie), which the page loads when it is idle: the frame needs only this store.
import { proxy, useSnapshot } from 'valtio';
import type { User } from '../../common/contract/accounts.ts';

export const auth = proxy({
  token: null as string | null,
  user: null as User | null,
  /** True while the user of a stored token is being loaded at start (pages wait instead of saying "log in"). */
  loading: false,
});

export const useAuth = () => useSnapshot(auth);

/** The server answered the user's changed data (PUT /v1/changeinfo/): show it everywhere. */
export function userChanged(user: User): void {
  auth.user = user;
}
