// @vitest-environment jsdom
// The widgets' stored flags (spec §4: cookie acceptance defaulting to true, the channel popup after 5 page
// views unless closed before) and the third-party rule: the analytics counter loads only when configured
// and only after cookies are accepted, once.
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/api/frame.ts', () => ({ getIntegrations: vi.fn() }));
const { acceptCookies, closeWidgetPopup, countPageView, restoreWidgets, seedWidgets, widgets } = await import('../../src/state/widgets.ts');

const analyticsScripts = () => [...document.head.querySelectorAll('script')].filter((s) => s.src.includes('tag.js'));
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('widget flags', () => {
  beforeEach(() => {
    localStorage.clear();
    document.cookie = 'cookieAccepted=; Max-Age=0; Path=/';
    widgets.open = null;
  });

  it('keeps the acceptance as a cookie too, for the server to leave the notice out of the page', () => {
    restoreWidgets();
    acceptCookies();
    expect(document.cookie).toContain('cookieAccepted=true');
    // A browser whose localStorage lost it (or an Accept from before the cookie) still counts as accepted,
    // and both records agree again.
    localStorage.clear();
    restoreWidgets();
    expect(widgets.cookieAccepted).toBe(true);
    expect(localStorage.getItem('cookieAccepted')).toBe('true');
  });

  it('starts from the notice as the server rendered it, until storage is read', () => {
    seedWidgets({ 'visitor:cookieNotice': { data: true } });
    expect(widgets.cookieAccepted).toBe(false);
    seedWidgets({ 'visitor:cookieNotice': { data: false } });
    expect(widgets.cookieAccepted).toBe(true);
  });

  it('shows the cookie notice on a first visit and never after Accept', () => {
    restoreWidgets();
    expect(widgets.cookieAccepted).toBe(false);
    acceptCookies();
    restoreWidgets();
    expect(widgets.cookieAccepted).toBe(true);
    expect(widgets.consented).toBe(true);
  });

  it('keeps the default true (no notice) but no consent when storage cannot be read', () => {
    const spy = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    restoreWidgets();
    spy.mockRestore();
    expect(widgets.cookieAccepted).toBe(true);
    expect(widgets.consented).toBe(false);
  });

  it('opens the channel popup at the fifth page view, and never again once closed', () => {
    restoreWidgets();
    for (let i = 0; i < 4; i++) countPageView('/');
    expect(widgets.open).toBeNull();
    countPageView('/');
    expect(widgets.open).toBe('channel');
    closeWidgetPopup();
    restoreWidgets();
    expect(widgets.telegramPopupClosed).toBe(true);
    countPageView('/');
    expect(widgets.open).toBeNull();
    expect(localStorage.getItem('pageViews')).toBe('6');
  });

  it('waits for a page away from the basket and checkout', () => {
    restoreWidgets();
    for (let i = 0; i < 4; i++) countPageView('/');
    countPageView('/basket');
    countPageView('/basket/delivery');
    expect(widgets.open).toBeNull();
    countPageView('/kupalniki');
    expect(widgets.open).toBe('channel');
  });
});

describe('third-party scripts', () => {
  it('loads the analytics counter only after Accept, and once', async () => {
    vi.resetModules();
    localStorage.clear();
    const w = await import('../../src/state/widgets.ts');
    const frame = await import('../../src/api/frame.ts');
    vi.mocked(frame.getIntegrations).mockResolvedValue({
      analytics_counter_id: '123',
      analytics_script_url: 'https://mc.example/tag.js',
      delivery_widget_url: null,
    });
    const { startThirdParty } = await import('../../src/state/third-party.ts');
    w.restoreWidgets();
    await startThirdParty();
    expect(analyticsScripts()).toHaveLength(0);
    expect(frame.getIntegrations).not.toHaveBeenCalled(); // no consent, no call
    w.acceptCookies();
    await flush();
    expect(analyticsScripts()).toHaveLength(1);
    expect(window.ym?.a?.[0]).toEqual([123, 'init', expect.objectContaining({ defer: true })]);
    w.acceptCookies();
    await flush();
    expect(analyticsScripts()).toHaveLength(1);
    // A page view the widgets count from now on reaches the counter.
    w.countPageView('/kupalniki');
    await flush();
    expect(window.ym?.a?.at(-1)).toEqual([123, 'hit', location.href]);
  });

  it('loads nothing when the shop has no counter configured', async () => {
    vi.resetModules();
    document.head.innerHTML = '';
    const w = await import('../../src/state/widgets.ts');
    const frame = await import('../../src/api/frame.ts');
    vi.mocked(frame.getIntegrations).mockResolvedValue({
      analytics_counter_id: null,
      analytics_script_url: 'https://mc.example/tag.js',
      delivery_widget_url: null,
    });
    const { startThirdParty, loadDeliveryWidget } = await import('../../src/state/third-party.ts');
    await startThirdParty();
    w.acceptCookies();
    await flush();
    expect(frame.getIntegrations).toHaveBeenCalled(); // the shop was asked, and said no counter
    expect(document.head.querySelectorAll('script')).toHaveLength(0);
    expect(await loadDeliveryWidget()).toBe(false);
  });
});
