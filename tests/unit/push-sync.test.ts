// @vitest-environment jsdom
// What this device's notifications watch and how the shop keeps hearing of it (src/state/push-watches.ts,
// push-sync.ts): each favourite with the sizes chosen for it; while subscribed, the record is sent after the
// page starts unless the shop heard the same one within a day, and about 2 s after the favourites, the chosen
// sizes or the sign-in change (many changes, one send); offline it waits for 'online', and a failed send is
// tried again when the network returns.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { auth } from '../../src/state/auth.ts';
import { basket } from '../../src/state/basket.ts';
import { favorites } from '../../src/state/favorites.ts';
import { push } from '../../src/state/push.ts';
import { PUSH_RENEW_MS, PUSH_SYNC_DELAY_MS, startPushSync } from '../../src/state/push-sync.ts';
import { watchesOf } from '../../src/state/push-watches.ts';
import { fakePushBrowser } from './push-browser.ts';

describe('the watched favourites', () => {
  it('are the favourites, each with the sizes chosen for it', () => {
    const features = {
      '12': { selectSize: '12-M' },
      '40': { selectTop: '40-T-S', selectBottom: '40-B-M' },
      '41': { selectTop: '41-S', selectBottom: '41-S' },
      '77': { selectSize: 'not-a-favourite' },
    };
    expect(watchesOf([12, 40, 41, 50], features)).toEqual([
      { offer_id: 12, ext_ids: ['12-M'] },
      { offer_id: 40, ext_ids: ['40-T-S', '40-B-M'] },
      { offer_id: 41, ext_ids: ['41-S'] },
      { offer_id: 50, ext_ids: [] },
    ]);
  });

  it('keep within the contract: each offer once, valid ids, the newest 500', () => {
    expect(watchesOf([3, 3, 0, -1, 1.5, 4], { '4': { selectSize: '' } })).toEqual([
      { offer_id: 3, ext_ids: [] },
      { offer_id: 4, ext_ids: [] },
    ]);
    const many = watchesOf(
      Array.from({ length: 600 }, (_, i) => i + 1),
      {},
    );
    expect(many).toHaveLength(500);
    expect(many[0].offer_id).toBe(101);
  });
});

describe('keeping the shop’s record current', () => {
  let stop: () => void = () => undefined;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
    Object.assign(push, { known: false, supported: false, permission: 'default', endpoint: null, kindsOff: null, prompt: null });
    favorites.ids = [1];
    basket.offerFeatures = {};
    auth.signedIn = false;
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('sends nothing while the device is not subscribed', async () => {
    fakePushBrowser({ permission: 'granted' });
    const send = vi.fn(() => Promise.resolve());
    stop = startPushSync({ send });
    favorites.ids.push(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(send).not.toHaveBeenCalled();
  });

  it('sends once after the start, then once per burst of changes, about 2 s after the last', async () => {
    fakePushBrowser({ permission: 'granted' }).subscribe();
    const send = vi.fn(() => Promise.resolve());
    stop = startPushSync({ send });
    await vi.advanceTimersByTimeAsync(PUSH_SYNC_DELAY_MS);
    expect(send).toHaveBeenCalledTimes(1);

    favorites.ids.push(2);
    await vi.advanceTimersByTimeAsync(1_000);
    basket.offerFeatures['2'] = { selectSize: '2-L' };
    await vi.advanceTimersByTimeAsync(1_000);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(send).toHaveBeenCalledTimes(2);

    // What is not watched sends nothing: the basket's lines, a size chosen for an offer that is no favourite.
    basket.dropdownOpen = !basket.dropdownOpen;
    basket.offerFeatures['9'] = { selectSize: '9-S' };
    await vi.advanceTimersByTimeAsync(5_000);
    expect(send).toHaveBeenCalledTimes(2);

    // Signing in ties the device to the account: the record goes again.
    auth.signedIn = true;
    await vi.advanceTimersByTimeAsync(PUSH_SYNC_DELAY_MS);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('does not send again on the next page what the shop heard from this device within a day', async () => {
    fakePushBrowser({ permission: 'granted' }).subscribe();
    const send = vi.fn(() => Promise.resolve());
    /** One page: it starts, has time for its first send, and is left. */
    const aPage = async () => {
      stop = startPushSync({ send });
      await vi.advanceTimersByTimeAsync(PUSH_SYNC_DELAY_MS);
      stop();
    };
    await aPage();
    expect(send).toHaveBeenCalledTimes(1);

    // The next page: the same favourites, the same sign-in.
    await aPage();
    expect(send).toHaveBeenCalledTimes(1);

    // A favourite added on the last page whose send it did not live to make goes with the next page.
    favorites.ids.push(2);
    await aPage();
    expect(send).toHaveBeenCalledTimes(2);

    // A day later the record is renewed once.
    vi.setSystemTime(Date.now() + PUSH_RENEW_MS);
    await aPage();
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('waits offline for the network, and tries a failed send again when it returns', async () => {
    const browser = fakePushBrowser({ permission: 'granted' });
    browser.subscribe();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const send = vi.fn(() => Promise.resolve());
    browser.setOnline(false);
    stop = startPushSync({ send });
    favorites.ids.push(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(send).not.toHaveBeenCalled();
    browser.setOnline(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);

    send.mockRejectedValueOnce(new Error('the shop is down'));
    favorites.ids.push(3);
    await vi.advanceTimersByTimeAsync(PUSH_SYNC_DELAY_MS);
    expect(send).toHaveBeenCalledTimes(2);
    browser.setOnline(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(3);
    vi.mocked(console.warn).mockRestore();
  });
});
