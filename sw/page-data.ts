// The data a rendered page was made with, kept where the app would look for it: when the worker stores a
// page the server rendered, each answer in its data block (common/page-data.ts) goes into the API cache
// under the address the page's own call would have asked. A page that arrived rendered never asked the API,
// so without this its data would be in no cache, and the app shell, which rebuilds a page offline from the
// cached answers (a new query string, a page dropped from the pages cache, another build's pages), would
// have nothing to show.
import { CacheExpiration } from 'workbox-expiration';
import { pageAnswers } from '../common/page-data.ts';
import { CACHE_NAMES } from '../common/storage-keys.ts';
import { API_CACHE_LIMITS } from './cache-names.ts';
import { cacheKindFor } from './cache-rules.ts';

declare const self: ServiceWorkerGlobalScope;

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

/** Puts the answers of a rendered page (its HTML) into the API cache; only addresses the API cache may hold. */
export async function keepPageData(html: string): Promise<number> {
  const origin = self.location.origin;
  const answers = pageAnswers(html)
    .map(([from, answer]) => [new URL(from, origin), answer] as const)
    .filter(([url]) => cacheKindFor(url, 'GET', origin) === 'api');
  if (!answers.length) return 0;
  const cache = await caches.open(CACHE_NAMES.api);
  const expiration = new CacheExpiration(CACHE_NAMES.api, API_CACHE_LIMITS);
  await Promise.all(
    answers.map(async ([url, answer]) => {
      await cache.put(url.href, new Response(JSON.stringify(answer), { headers: JSON_HEADERS }));
      await expiration.updateTimestamp(url.href);
    }),
  );
  await expiration.expireEntries();
  return answers.length;
}
