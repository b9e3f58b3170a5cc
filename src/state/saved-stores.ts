// The stores whose lkData slice is saved in IndexedDB (state/persist.ts saves after each change of them):
// named once, so the early start of the background work (app/start.ts) watches exactly what is saved.
import { basket } from './basket.ts';
import { favorites } from './favorites.ts';
import { ui } from './ui.ts';

export const SAVED_STORES = [favorites, basket, ui] as const;
