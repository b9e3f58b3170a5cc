// The one owner of third-party scripts: the analytics counter (Yandex Metrika) and the delivery
// widget are loaded only when the server is configured with them (GET /v1/integrations, asked lazily),
// analytics only after the shopper accepted cookies (state/widgets.ts `consented`), each script at most
// once. Page views are reported to the counter once it runs.
import { subscribe } from 'valtio';
import type { Integrations } from '../../common/contract/frame.ts';
import { widgets } from './widgets.ts';

type Ym = ((...args: unknown[]) => void) & { a?: unknown[][]; l?: number };
declare global {
  interface Window {
    ym?: Ym;
  }
}

let config: Promise<Integrations | null> | null = null;
let analyticsId: string | null = null;
const loaded = new Map<string, Promise<boolean>>();

/** Adds a script once; resolves true when it loaded, false when it could not (offline, blocked). */
export function loadScript(src: string): Promise<boolean> {
  let p = loaded.get(src);
  if (!p) {
    p = new Promise<boolean>((resolve) => {
      const el = document.createElement('script');
      el.src = src;
      el.async = true;
      el.onload = () => resolve(true);
      el.onerror = () => {
        loaded.delete(src);
        el.remove();
        resolve(false);
      };
      document.head.append(el);
    });
    loaded.set(src, p);
  }
  return p;
}

function startAnalytics(c: Integrations): void {
  if (analyticsId || !c.analytics_counter_id) return;
  analyticsId = c.analytics_counter_id;
  // The counter's documented queue: calls made before tag.js arrives are kept and replayed by it.
  const ym: Ym = window.ym ?? Object.assign((...args: unknown[]) => void (ym.a ??= []).push(args), { l: Date.now() });
  window.ym = ym;
  ym(Number(analyticsId), 'init', { clickmap: true, trackLinks: true, accurateTrackBounce: true, defer: true });
  void loadScript(c.analytics_script_url);
}

/** A page view for the counter (ignored until analytics runs). */
function trackPageView(url: string): void {
  if (analyticsId && window.ym) window.ym(Number(analyticsId), 'hit', url);
}

/**
 * The shop's third-party configuration, asked for once and only when something needs it (consent given, the
 * delivery page opened), so a visitor who never accepts cookies never makes the call. A failed ask is
 * forgotten, to be asked again next time.
 */
function integrations(): Promise<Integrations | null> {
  config ??= import('../api/frame.ts')
    .then(({ getIntegrations }) => getIntegrations())
    .catch((err: unknown) => {
      console.warn('[third-party] configuration not loaded', err);
      config = null;
      return null;
    });
  return config;
}

/** Loads the delivery widget's script when the shop has one; false when it has none or it failed. */
export async function loadDeliveryWidget(): Promise<boolean> {
  const c = await integrations();
  return c?.delivery_widget_url ? loadScript(c.delivery_widget_url) : false;
}

/**
 * App start: analytics starts as soon as (and only if) cookies are accepted and the shop has a counter; each
 * page view the widgets count (state/widgets.ts) is reported to it from then on.
 */
export function startThirdParty(): void {
  let views = widgets.pageViews;
  subscribe(widgets, () => {
    if (widgets.pageViews === views) return;
    views = widgets.pageViews;
    trackPageView(location.href);
  });
  const start = () => void integrations().then((c) => c && startAnalytics(c));
  if (widgets.consented) {
    start();
    return;
  }
  const stop = subscribe(widgets, () => {
    if (!widgets.consented) return;
    stop();
    start();
  });
}
