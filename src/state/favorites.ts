// Store of favourite offer ids: kept for everyone in lkData (spec §3), so a visitor's favourites survive.
import { proxy, useSnapshot } from 'valtio';

export const favorites = proxy({ ids: [] as number[] });

export const useFavorites = () => useSnapshot(favorites);

export function isFavorite(ids: readonly number[], id: number): boolean {
  return ids.includes(id);
}

/** Adds the offer to the favourites or takes it out; true when it was added. */
export function toggleFavorite(id: number): boolean {
  const i = favorites.ids.indexOf(id);
  if (i >= 0) favorites.ids.splice(i, 1);
  else favorites.ids.push(id);
  return i < 0;
}
