// Keeps a signed-in user's favourites on the server too (they follow the user to another device): at
// sign-in the local ids (lkData, kept for everyone) join the server's list and the union comes back; each
// later change while signed in replaces the server's list. Signed out, favourites stay local only.
import { subscribe } from 'valtio';
import * as api from '../api/account.ts';
import { auth } from './auth.ts';
import { favorites } from './favorites.ts';

let joining = false;
let lastSent = '';

export async function joinServerFavorites(): Promise<void> {
  if (!auth.signedIn) return;
  joining = true;
  try {
    const { ids } = await api.mergeFavorites([...favorites.ids]);
    favorites.ids = ids;
    lastSent = JSON.stringify(ids);
  } catch (err) {
    console.warn('[favorites] not joined with the server', err);
  } finally {
    joining = false;
  }
}

/** Sends each change of the favourites while signed in (a failed send is retried at the next sign-in). */
export function startFavoritesSync(): () => void {
  return subscribe(favorites, () => {
    const now = JSON.stringify(favorites.ids);
    if (joining || now === lastSent || !auth.signedIn) return;
    lastSent = now;
    api.putFavorites([...favorites.ids]).catch((err: unknown) => console.warn('[favorites] not saved on the server', err));
  });
}
