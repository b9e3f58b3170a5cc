// @vitest-environment jsdom
// The lkData slice survives a reload through IndexedDB (fake-indexeddb here), broken stored data is
// dropped instead of breaking the app, the slice is written only when it changed, and a save keeps what
// another tab wrote meanwhile (the merge itself: lk-data-merge.test.ts).
import 'fake-indexeddb/auto';
import { createStore, get, set } from 'idb-keyval';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { basket, chooseColor, chooseFeature } from '../../src/state/basket.ts';
import { favorites, toggleFavorite } from '../../src/state/favorites.ts';
import { applyLkData, readLkData, type LkData } from '../../src/state/lk-data.ts';
import { restorePersisted, savePersisted, startPersisting } from '../../src/state/persist.ts';
import { clearJournal, startJournal } from '../../src/state/unsaved-lkdata.ts';
import { ui } from '../../src/state/ui.ts';
import { PATIENCE } from '../support/patience.ts';

startJournal(); // as app/start.ts does from the page's start

const tick = () => new Promise((r) => setTimeout(r, 0));

/** What a fresh page load starts from: empty stores, nothing read from storage, and the journal the previous
 *  page left (if any). */
async function empty(): Promise<void> {
  const left = localStorage.getItem('lkDataUnsaved');
  applyLkData({});
  await tick(); // the journal hears of the emptying after it: a fresh page has no such change
  if (left === null) localStorage.removeItem('lkDataUnsaved');
  else localStorage.setItem('lkDataUnsaved', left);
  startJournal();
}

describe('lkData persistence', () => {
  beforeEach(async () => {
    await empty();
    clearJournal();
  });

  it('restores favourites, basket choices, gift card, city, order popup and search after a reload', async () => {
    toggleFavorite(12);
    toggleFavorite(40);
    chooseFeature(12, { selectTop: '12-chernyj-S', selectBottom: '12-chernyj-M' });
    chooseColor(12, 'chernyj');
    basket.giftCardExtId = 'GC-5000';
    ui.city = { id: 1, name: 'Москва', region_id: 1, region: 'Москва' };
    ui.orderPopup = true;
    ui.searchParam = 'купальник';
    const saved = readLkData();
    await savePersisted();

    await empty(); // what a fresh page load starts from
    expect(favorites.ids).toEqual([]);
    await restorePersisted();
    expect(readLkData()).toEqual(saved);
    expect(favorites.ids).toEqual([12, 40]);
    expect(basket.offerFeatures['12']).toEqual({ selectTop: '12-chernyj-S', selectBottom: '12-chernyj-M' });
    expect(ui.city?.name).toBe('Москва');
  });

  it('keeps a size picked before storage was read: the restore lays it over the stored slice and saves it', async () => {
    toggleFavorite(12);
    chooseFeature(12, { selectSize: '12-chernyj-S' });
    await savePersisted();

    await empty(); // a fresh page load, where the shopper picks a size before the idle start reads storage
    chooseFeature(30, { selectSize: '30-belyj-M' });
    await restorePersisted();
    expect(basket.offerFeatures['30']).toEqual({ selectSize: '30-belyj-M' });
    expect(basket.offerFeatures['12']).toEqual({ selectSize: '12-chernyj-S' });
    expect(favorites.ids).toEqual([12]);
    const stored = (await get('lkData', createStore('moreimoda', 'state'))) as LkData;
    expect(stored.offerFeatures['30']).toEqual({ selectSize: '30-belyj-M' });
  });

  it('keeps a favourite added and a favourite removed just before a reload that came before any IndexedDB write', async () => {
    toggleFavorite(5);
    toggleFavorite(6);
    await savePersisted();
    toggleFavorite(6); // taken out again
    toggleFavorite(9); // and another added: the page is reloaded before the background work writes either
    await tick(); // valtio tells its subscribers (the journal) after the change

    await empty(); // the next page load: IndexedDB still says [5, 6]
    await restorePersisted();
    expect(favorites.ids).toEqual([5, 9]);
    const stored = (await get('lkData', createStore('moreimoda', 'state'))) as LkData;
    expect(stored.favorites).toEqual([5, 9]);
    expect(localStorage.getItem('lkDataUnsaved')).toBeNull(); // written, so the journal is done
  });

  it("leaves another tab's journal alone when this tab's save is done", async () => {
    toggleFavorite(5);
    await tick();
    // Another tab has just journaled a favourite of its own that it has not written yet.
    const theirs = JSON.stringify({ base: null, mine: { ...readLkData(), favorites: [7] } });
    localStorage.setItem('lkDataUnsaved', theirs);
    await savePersisted();
    expect(localStorage.getItem('lkDataUnsaved')).toBe(theirs);
    localStorage.removeItem('lkDataUnsaved');
  });

  it("keeps the last page's unwritten favourite when the next page adds one before it has read storage", async () => {
    toggleFavorite(5);
    await savePersisted();
    toggleFavorite(8); // never written: the page is reloaded
    await tick();

    await empty(); // the next page load (its journal starts with what the last page left)
    toggleFavorite(11); // clicked before the background work read storage
    await tick();
    await empty(); // and reloaded once more before it did
    await restorePersisted();
    expect(favorites.ids).toEqual([5, 8, 11]);
  });

  it('never puts back what the shopper undid while the restore was reading storage', async () => {
    // A slow phone: the background work starts late, after an order was placed on this page (the popup
    // owed) and a favourite added; the shopper closes the popup and takes the favourite out while the
    // restore waits for IndexedDB. (The WebKit walk once found the popup back over «Оплатить».)
    toggleFavorite(5);
    await savePersisted();
    await empty(); // the next page load
    ui.orderPopup = true;
    toggleFavorite(21);
    await tick();
    const restoring = restorePersisted();
    ui.orderPopup = false; // Ok
    toggleFavorite(21); // and the heart again
    await restoring;
    expect(ui.orderPopup).toBe(false);
    expect(favorites.ids).toEqual([5]);
    const stored = (await get('lkData', createStore('moreimoda', 'state'))) as LkData;
    expect([stored.orderPopup, stored.favorites]).toEqual([false, [5]]);
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
    expect(readLkData()).toMatchObject({ favorites: [3], offerColors: {}, giftCardId: null, orderPopup: false });
  });
});

describe('saving as the stores change', () => {
  const idb = () => createStore('moreimoda', 'state');
  /** Lets the stores' change notifications (queued as microtasks) reach the subscribers. */
  const notified = () => new Promise((r) => setTimeout(r, 0));

  it('writes the slice when it changes, and nothing when only state outside it changes', async () => {
    await savePersisted(); // storage and stores in step, as after start-up
    const puts = vi.spyOn(IDBObjectStore.prototype, 'put');
    const slicePuts = () => puts.mock.calls.filter(([, key]) => key === 'lkData').length;
    const stop = startPersisting();
    try {
      basket.dropdownOpen = !basket.dropdownOpen; // the basket's own state, not lkData
      ui.online = !ui.online;
      basket.queue = [];
      await notified();
      chooseColor(34, 'belyj');
      // Saves run one after another in the order of the notifications: once the slice's change is stored,
      // a save for the changes before it would have been written too.
      await vi.waitFor(async () => expect(((await get('lkData', idb())) as LkData).offerColors['34']).toBe('belyj'), PATIENCE);
      expect(await get('lkData', idb())).toEqual(readLkData());
      expect(slicePuts()).toBe(1);
    } finally {
      stop();
      puts.mockRestore();
    }
  });
});

describe('two tabs writing the slice', () => {
  const idb = () => createStore('moreimoda', 'state');

  it("keeps another tab's size choice when this tab saves a favourite, and shows it here", async () => {
    await empty();
    await set('lkData', readLkData(), idb());
    await restorePersisted(); // this tab starts in step with storage
    // Another tab picks a size and saves its slice meanwhile.
    await set('lkData', { ...readLkData(), offerFeatures: { '31': { selectSize: '31-belyj-M' } }, searchParam: 'парео' }, idb());
    toggleFavorite(12); // this tab adds a favourite
    expect(await savePersisted()).toBe(true);
    const stored = (await get('lkData', idb())) as ReturnType<typeof readLkData>;
    expect(stored.favorites).toEqual([12]);
    expect(stored.offerFeatures['31']).toEqual({ selectSize: '31-belyj-M' });
    expect(stored.searchParam).toBe('парео');
    expect(basket.offerFeatures['31']).toEqual({ selectSize: '31-belyj-M' }); // shown here too
  });

  it('keeps favourites added in two tabs at once, and one removed here', async () => {
    await empty();
    toggleFavorite(1);
    toggleFavorite(2);
    await savePersisted();
    await set('lkData', { ...readLkData(), favorites: [1, 2, 3] }, idb()); // the other tab added 3
    toggleFavorite(2); // removed here
    toggleFavorite(4); // added here
    await savePersisted();
    expect(((await get('lkData', idb())) as ReturnType<typeof readLkData>).favorites).toEqual([1, 3, 4]);
    expect(favorites.ids).toEqual([1, 3, 4]);
  });
});
