// What the page knows yet of the shopper's own things: the basket once the stored basket has been read (the
// page's idle start) or the server rendered it (the basket page, state/basket.ts seedBasket); the favourites
// once the saved state has been restored (state/persist.ts). Until then the header's counters and the
// personal pages show a neutral placeholder of the same size, never "empty": a page rendered on the server,
// or shown before its start, does not know, and must not say what may be false. While React hydrates, the
// page knows what the server knew, whatever the background work has learnt meanwhile (it may start before
// a later part of the page hydrates): that part then matches its HTML, and shows the rest right after.
import { useSyncExternalStore } from 'react';
import { proxy, snapshot, subscribe } from 'valtio';
import { BASKET_SEED, perRender, useSeeds } from './seeds.ts';

export const personal = proxy({ basket: false, favorites: false });

/** The stored basket has been read, or the server rendered it: the basket's lines are known. */
export function basketKnown(): void {
  personal.basket = true;
}

/** The saved state (favourites) has been restored: the favourites are known. */
export function favoritesKnown(): void {
  personal.favorites = true;
}

type Known = { readonly basket: boolean; readonly favorites: boolean };

/** What the server knew (only the basket page knows anything: the basket it was rendered with). */
const knownOnServer = perRender((seeds): Known => ({ basket: BASKET_SEED in seeds, favorites: false }));

const listen = (changed: () => void) => subscribe(personal, changed);
const current = (): Known => snapshot(personal);

export function useKnown(): Known {
  const seeds = useSeeds();
  return useSyncExternalStore(listen, current, () => knownOnServer(seeds));
}
