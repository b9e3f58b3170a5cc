// @vitest-environment jsdom
// The lkData slice survives a reload through IndexedDB (fake-indexeddb here), broken stored data is
// dropped instead of breaking the app, and the slice is written only when it changed.
import 'fake-indexeddb/auto';
import { createStore, get, set } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import { basket, chooseColor, chooseFeature } from '../../src/state/basket.ts';
import { favorites, toggleFavorite } from '../../src/state/favorites.ts';
import { applyLkData, readLkData } from '../../src/state/lk-data.ts';
import { restorePersisted, savePersisted, startPersisting } from '../../src/state/persist.ts';
import { ui } from '../../src/state/ui.ts';

const empty = () => applyLkData({});

describe('lkData persistence', () => {
  beforeEach(empty);

  it('restores favourites, basket choices, gift card, city, order popup and search after a reload', async () => {
    toggleFavorite(12);
    toggleFavorite(40);
    basket.listIds.push('a1b2');
    chooseFeature(12, { selectTop: '12-chernyj-S', selectBottom: '12-chernyj-M' });
    chooseColor(12, 'chernyj');
    basket.giftCardExtId = 'GC-5000';
    ui.city = { id: 1, name: 'Москва', region_id: 1, region: 'Москва' };
    ui.orderPopup = true;
    ui.searchParam = 'купальник';
    const saved = readLkData();
    await savePersisted();

    empty(); // what a fresh page load starts from
    expect(favorites.ids).toEqual([]);
    await restorePersisted();
    expect(readLkData()).toEqual(saved);
    expect(favorites.ids).toEqual([12, 40]);
    expect(basket.offerFeatures['12']).toEqual({ selectTop: '12-chernyj-S', selectBottom: '12-chernyj-M' });
    expect(ui.city?.name).toBe('Москва');
  });

  it('ignores stored data of the wrong shape instead of breaking the stores', async () => {
    toggleFavorite(7);
    await set('lkData', { favorites: 'not a list' }, createStore('moreimoda', 'state'));
    await restorePersisted();
    expect(favorites.ids).toEqual([7]); // the broken slice changed nothing
    expect(ui.storageProblem).toBe(null);
  });

  it('fills fields missing from an older saved slice with defaults', () => {
    expect(applyLkData({ favorites: [3] })).toBe(true);
    expect(readLkData()).toMatchObject({ favorites: [3], basketListIds: [], giftCardId: null, orderPopup: false });
  });
});

describe('saving as the stores change', () => {
  const idb = () => createStore('moreimoda', 'state');
  const settle = () => new Promise((r) => setTimeout(r, 20));

  it('writes the slice when it changes, and nothing when only state outside it changes', async () => {
    const stop = startPersisting();
    try {
      await set('lkData', 'untouched', idb());
      basket.dropdownOpen = !basket.dropdownOpen; // the basket's own state, not lkData
      ui.online = !ui.online;
      basket.queue = [];
      await settle();
      expect(await get('lkData', idb())).toBe('untouched');

      basket.listIds.push('c3d4');
      await settle();
      expect(await get('lkData', idb())).toEqual(readLkData());
    } finally {
      stop();
    }
  });
});
