// Packing an order for the carrier: one box holding every piece, each piece as its catalogue root's parcel
// says (CDEK_PARCELS): the weights add up, the box is as long and wide as the largest piece and as high as the
// pieces stacked. No goods (a quote before the basket is known): one piece of the default parcel. Pure.
import type { Parcel } from '../config.ts';
import type { PackedLine } from './goods-sql.ts';

export function packParcel(lines: readonly PackedLine[], parcels: Readonly<Record<string, Parcel>>): Parcel {
  const pieces = lines.flatMap((l) => Array.from({ length: l.quantity }, () => parcels[l.root] ?? parcels['*']!));
  if (!pieces.length) return { ...parcels['*']! };
  return {
    weight: pieces.reduce((s, p) => s + p.weight, 0),
    length: Math.max(...pieces.map((p) => p.length)),
    width: Math.max(...pieces.map((p) => p.width)),
    height: pieces.reduce((s, p) => s + p.height, 0),
  };
}
