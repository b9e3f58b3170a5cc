// The three-way merge of lkData that lets tabs change it at once: each tab's own changes since it last
// synced win, lists merge by element and records by key, and an unchanged field takes the stored value.
import { describe, expect, it } from 'vitest';
import { parseLkData, type LkData } from '../../src/state/lk-data.ts';
import { mergeLkData } from '../../src/state/lk-data-merge.ts';
import { emptyLkData } from '../../src/state/lk-data-slice.ts';

const slice = (d: Partial<LkData> = {}): LkData => ({ ...emptyLkData(), ...d });

describe('mergeLkData', () => {
  it("starts from the same empty slice the stored record's defaults give", () => {
    expect(emptyLkData()).toEqual(parseLkData({}));
  });

  it('takes what storage holds when this tab changed nothing', () => {
    const theirs = slice({ favorites: [5], searchParam: 'бикини', orderPopup: true });
    expect(mergeLkData(slice(), slice(), theirs)).toEqual(theirs);
  });

  it("keeps this tab's field changes over storage's, and storage's other fields", () => {
    const base = slice({ searchParam: 'a', giftCardId: 'GC-1' });
    const mine = slice({ searchParam: 'b', giftCardId: 'GC-1' });
    const theirs = slice({ searchParam: 'a', giftCardId: 'GC-2' });
    expect(mergeLkData(base, mine, theirs)).toMatchObject({ searchParam: 'b', giftCardId: 'GC-2' });
  });

  it('merges favourites by element: both additions stay, a removal here is kept', () => {
    const base = slice({ favorites: [1, 2] });
    const mine = slice({ favorites: [1, 4] });
    const theirs = slice({ favorites: [1, 2, 3] });
    expect(mergeLkData(base, mine, theirs).favorites).toEqual([1, 3, 4]);
  });

  it('merges sizes and colours by offer: a key changed or deleted here wins, the rest is theirs', () => {
    const base = slice({ offerColors: { '1': 'belyj', '2': 'chernyj' }, offerFeatures: { '1': { selectSize: 'S' } } });
    const mine = slice({ offerColors: { '1': 'krasnyj' }, offerFeatures: { '1': { selectSize: 'M' } } });
    const theirs = slice({
      offerColors: { '1': 'belyj', '2': 'chernyj', '3': 'sinij' },
      offerFeatures: { '1': { selectSize: 'S' }, '9': { selectSize: 'L' } },
    });
    const merged = mergeLkData(base, mine, theirs);
    expect(merged.offerColors).toEqual({ '1': 'krasnyj', '3': 'sinij' });
    expect(merged.offerFeatures).toEqual({ '1': { selectSize: 'M' }, '9': { selectSize: 'L' } });
  });
});
