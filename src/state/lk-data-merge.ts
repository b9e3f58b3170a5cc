// Three-way merge of the lkData slice, so tabs that change it at once keep each other's changes: `base` is
// the slice as this tab last read or wrote it, `mine` what its stores hold now, `theirs` what storage holds
// (another tab may have written since). What this tab changed since `base` wins; everything else is theirs.
// Lists (favourites, basket ids) merge by element and records (sizes and colours per offer) by key, so a
// favourite added here and one added in another tab both stay. Pure; persist.ts owns the reading and writing.
import type { LkData } from './lk-data.ts';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** theirs, less what mine removed from base, plus what mine added to it (in mine's order). */
function mergeList<T>(base: readonly T[], mine: readonly T[], theirs: readonly T[]): T[] {
  const removed = new Set(base.filter((x) => !mine.includes(x)));
  const added = mine.filter((x) => !base.includes(x));
  const kept = theirs.filter((x) => !removed.has(x));
  return [...kept, ...added.filter((x) => !kept.includes(x))];
}

/** Per key: mine where mine changed it since base (a key mine deleted stays deleted), else theirs. */
function mergeRecord<V>(base: Record<string, V>, mine: Record<string, V>, theirs: Record<string, V>): Record<string, V> {
  const out: Record<string, V> = { ...theirs };
  for (const key of new Set([...Object.keys(base), ...Object.keys(mine)])) {
    if (same(base[key], mine[key])) continue;
    if (key in mine) out[key] = mine[key]!;
    else delete out[key];
  }
  return out;
}

const pick = <T>(base: T, mine: T, theirs: T): T => (same(base, mine) ? theirs : mine);

export function mergeLkData(base: LkData, mine: LkData, theirs: LkData): LkData {
  return {
    favorites: mergeList(base.favorites, mine.favorites, theirs.favorites),
    offerFeatures: mergeRecord(base.offerFeatures, mine.offerFeatures, theirs.offerFeatures),
    offerColors: mergeRecord(base.offerColors, mine.offerColors, theirs.offerColors),
    giftCardId: pick(base.giftCardId, mine.giftCardId, theirs.giftCardId),
    city: pick(base.city, mine.city, theirs.city),
    orderPopup: pick(base.orderPopup, mine.orderPopup, theirs.orderPopup),
    searchParam: pick(base.searchParam, mine.searchParam, theirs.searchParam),
  };
}

export const sameLkData = (a: LkData, b: LkData): boolean => same(a, b);
