// @vitest-environment jsdom
// The notifications prompt and turning notifications on and off (src/state/push.ts, push-subscription.ts):
// the prompt shows only after a meaningful moment, only where push works, the browser's question has not been
// answered, the device is not subscribed and «Не сейчас» was not said within 30 days; turning on asks the
// browser, subscribes for the shop's key and sends the watched favourites; a failure says so in Russian.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakePushBrowser } from './push-browser.ts';

vi.mock('../../src/api/push.ts', () => ({
  getPushKey: vi.fn(),
  putPushSubscription: vi.fn(),
  deletePushSubscription: vi.fn(),
  putPushSettings: vi.fn(),
}));
const api = await import('../../src/api/push.ts');
const { ApiError } = await import('../../src/api/api-error.ts');
const { PROMPT_PAUSE_MS, closePushPrompt, dismissPushPrompt, mayPrompt, push, suggestPush } = await import('../../src/state/push.ts');
const { PUSH_TEXT, disablePush, enablePush, keyBytes, setPushKindOff } = await import('../../src/state/push-subscription.ts');
const { favorites } = await import('../../src/state/favorites.ts');
const { basket } = await import('../../src/state/basket.ts');

const DAY = 24 * 60 * 60 * 1000;
const KEY = Buffer.alloc(65, 4).toString('base64url');

beforeEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.mocked(api.getPushKey).mockReset().mockResolvedValue(KEY);
  vi.mocked(api.putPushSubscription).mockReset().mockResolvedValue({ kinds_off: [] });
  vi.mocked(api.deletePushSubscription).mockReset().mockResolvedValue({ message: 'ok' });
  vi.mocked(api.putPushSettings).mockReset();
  localStorage.clear();
  Object.assign(push, { known: false, supported: false, permission: 'default', endpoint: null, kindsOff: null, prompt: null });
  favorites.ids = [];
  basket.offerFeatures = {};
});

describe('when the prompt may show', () => {
  const facts = { supported: true, permission: 'default' as NotificationPermission, subscribed: false, dismissedAt: null, now: 100 * DAY };

  it('follows the rules', () => {
    expect(mayPrompt(facts)).toBe(true);
    expect(mayPrompt({ ...facts, supported: false })).toBe(false);
    expect(mayPrompt({ ...facts, permission: 'granted' })).toBe(false);
    expect(mayPrompt({ ...facts, permission: 'denied' })).toBe(false);
    expect(mayPrompt({ ...facts, subscribed: true })).toBe(false);
    expect(mayPrompt({ ...facts, dismissedAt: facts.now - 29 * DAY })).toBe(false);
    expect(mayPrompt({ ...facts, dismissedAt: facts.now - 30 * DAY })).toBe(true);
    expect(PROMPT_PAUSE_MS).toBe(30 * DAY);
    // Storage that cannot be read could not keep «Не сейчас» either: no asking at all.
    expect(mayPrompt({ ...facts, dismissedAt: undefined })).toBe(false);
  });
});

describe('the prompt', () => {
  it('shows after a favourite is added, with the moment that brought it', async () => {
    fakePushBrowser();
    await suggestPush('favorite');
    expect(push.prompt).toBe('favorite');
    await suggestPush('order'); // the card already shown keeps its question
    expect(push.prompt).toBe('favorite');
    closePushPrompt();
    await suggestPush('order');
    expect(push.prompt).toBe('order');
  });

  it('does not show where push cannot work, once the browser’s question was answered, or when subscribed', async () => {
    fakePushBrowser({ supported: false });
    await suggestPush('favorite');
    expect(push.prompt).toBeNull();
    expect(push.supported).toBe(false);

    fakePushBrowser({ permission: 'denied' });
    await suggestPush('favorite');
    expect(push.prompt).toBeNull();

    fakePushBrowser({ permission: 'granted' });
    await suggestPush('order');
    expect(push.prompt).toBeNull();

    const browser = fakePushBrowser();
    browser.subscribe();
    await suggestPush('favorite');
    expect(push.prompt).toBeNull();
  });

  it('stays away for 30 days after «Не сейчас»', async () => {
    fakePushBrowser();
    const now = Date.UTC(2025, 5, 1);
    await suggestPush('favorite', now);
    dismissPushPrompt(now);
    expect(push.prompt).toBeNull();
    expect(localStorage.getItem('pushPromptDismissed')).toBe(String(now));
    await suggestPush('favorite', now + 1000);
    await suggestPush('order', now + 29 * DAY);
    expect(push.prompt).toBeNull();
    await suggestPush('order', now + 30 * DAY);
    expect(push.prompt).toBe('order');
  });

  it('does not show when storage cannot be read', async () => {
    fakePushBrowser();
    const spy = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    await suggestPush('favorite');
    spy.mockRestore();
    expect(push.prompt).toBeNull();
  });
});

describe('turning notifications on', () => {
  it('asks the browser, subscribes for the shop’s key and sends the favourites with their chosen sizes', async () => {
    const browser = fakePushBrowser();
    favorites.ids = [12, 40];
    basket.offerFeatures = { '12': { selectSize: '12-M-red' }, '99': { selectSize: 'not-a-favourite' } };
    vi.mocked(api.putPushSubscription).mockResolvedValue({ kinds_off: ['price_drop'] });
    await suggestPush('favorite');

    expect(await enablePush()).toEqual({ ok: true });
    expect(browser.notification.requestPermission).toHaveBeenCalledOnce();
    const [options] = browser.pushManager.subscribe.mock.calls[0];
    expect(options.userVisibleOnly).toBe(true);
    expect([...options.applicationServerKey]).toEqual([...keyBytes(KEY)]);
    const subscription = browser.subscription()!;
    expect(api.putPushSubscription).toHaveBeenCalledWith(subscription.toJSON(), [
      { offer_id: 12, ext_ids: ['12-M-red'] },
      { offer_id: 40, ext_ids: [] },
    ]);
    expect(push).toMatchObject({ permission: 'granted', endpoint: subscription.endpoint, kindsOff: ['price_drop'], prompt: null });
  });

  it('says how to allow them when the browser blocks notifications', async () => {
    const browser = fakePushBrowser({ answer: 'denied' });
    expect(await enablePush()).toEqual({ ok: false, message: PUSH_TEXT.denied });
    expect(PUSH_TEXT.denied).toBe(
      'Уведомления запрещены в настройках браузера. Разрешите их для этого сайта, чтобы получать новости о заказах и избранном.',
    );
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(push.permission).toBe('denied');
  });

  it('undoes the browser’s subscription when the shop did not take it, and asks to try again', async () => {
    const browser = fakePushBrowser();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.mocked(api.putPushSubscription).mockRejectedValue(new ApiError('Ошибка сервера (500)', 500));
    expect(await enablePush()).toEqual({ ok: false, message: 'Не удалось включить уведомления. Попробуйте ещё раз.' });
    expect(browser.subscription()).toBeNull();
    expect(push.endpoint).toBeNull();

    vi.mocked(api.putPushSubscription).mockRejectedValue(new ApiError('Нет связи с сервером', 0, new TypeError('Failed to fetch')));
    expect(await enablePush()).toEqual({ ok: false, message: PUSH_TEXT.offline });
  });

  it('says so where the browser has no Web Push', async () => {
    fakePushBrowser({ supported: false });
    expect(await enablePush()).toEqual({ ok: false, message: 'Этот браузер не поддерживает уведомления' });
  });
});

describe('settings and turning off', () => {
  it('turns one kind off on this device and shows what the shop kept', async () => {
    fakePushBrowser({ permission: 'granted' });
    await enablePush();
    vi.mocked(api.putPushSettings).mockResolvedValue({ kinds_off: ['price_drop'] });
    expect(await setPushKindOff('price_drop', true)).toEqual({ ok: true });
    expect(api.putPushSettings).toHaveBeenCalledWith(push.endpoint, ['price_drop']);
    expect(push.kindsOff).toEqual(['price_drop']);

    vi.mocked(api.putPushSettings).mockResolvedValue({ kinds_off: [] });
    await setPushKindOff('price_drop', false);
    expect(api.putPushSettings).toHaveBeenLastCalledWith(push.endpoint, []);

    // Shown at once; a failure puts it back and says so.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let refuse: (err: unknown) => void = () => undefined;
    vi.mocked(api.putPushSettings).mockImplementation(() => new Promise((_, reject) => (refuse = reject)));
    const saving = setPushKindOff('order_status', true);
    expect(push.kindsOff).toEqual(['order_status']);
    refuse(new ApiError('Ошибка сервера (503)', 503));
    expect(await saving).toEqual({ ok: false, message: 'Не удалось сохранить настройку уведомлений. Попробуйте ещё раз.' });
    expect(push.kindsOff).toEqual([]);
  });

  it('ends the browser’s subscription, then tells the shop', async () => {
    const browser = fakePushBrowser({ permission: 'granted' });
    await enablePush();
    const subscription = browser.subscription()!;
    expect(await disablePush()).toEqual({ ok: true });
    expect(browser.subscription()).toBeNull();
    expect(api.deletePushSubscription).toHaveBeenCalledWith(subscription.endpoint);
    expect(subscription.unsubscribe.mock.invocationCallOrder[0]).toBeLessThan(
      vi.mocked(api.deletePushSubscription).mock.invocationCallOrder[0],
    );
    expect(push.endpoint).toBeNull();
  });
});
