// A page's own address: its path and the query parameters a page may read, without the tags that only say
// where the shopper came from (utm_*, the manifest's `source=pwa`, the ad networks' click ids). The server's
// cache of rendered pages and the service worker's pages cache both key a page by it, so `/?source=pwa`
// (the installed app's start_url) and `/?utm_campaign=sale` are the page `/` that was stored, online and
// offline. Pure text handling (no URLSearchParams: this module is compiled with ES2022 only).

/** Query parameters that never change what a page shows; `utm_*` are matched by their prefix. */
export const TRACKING_PARAMS: readonly string[] = [
  'source', // the web app manifest's start_url (/?source=pwa)
  'yclid', // Yandex Direct
  'ysclid', // Yandex search
  '_openstat',
  'gclid', // Google Ads
  'gbraid',
  'wbraid',
  'dclid',
  'fbclid', // Facebook
  'igshid', // Instagram
  'msclkid', // Microsoft Ads
  'mc_cid', // Mailchimp
  'mc_eid',
  'roistat',
  '_ga',
  '_gl',
];

const TRACKING = new Set(TRACKING_PARAMS);

/** Whether a query parameter (by its decoded name) only tags the visit. */
export function isTrackingParam(name: string): boolean {
  return name.startsWith('utm_') || TRACKING.has(name);
}

const nameOf = (part: string): string => {
  const raw = part.split('=', 1)[0].replace(/\+/g, ' ');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
};

/**
 * The query without tracking parameters, its parameters in name order (the page reads them by name), as
 * `?a=1&b=2` or '' when nothing is left. Each kept parameter stays byte for byte as it came.
 */
export function pageQuery(search: string): string {
  const parts = search
    .replace(/^\?/, '')
    .split('&')
    .filter((p) => p !== '' && !isTrackingParam(nameOf(p)));
  // A stable sort by name: repeated names keep their order.
  const kept = parts.map((p, i) => ({ p, i, name: nameOf(p) })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.i - b.i));
  return kept.length ? `?${kept.map((k) => k.p).join('&')}` : '';
}

/** The page's key: its path and its own query (`pageQuery`). */
export const pageAddress = (pathname: string, search: string): string => `${pathname}${pageQuery(search)}`;
