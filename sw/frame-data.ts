// The frame's public data (the organization, the menu's categories, the brands) put into the API cache when
// this worker installs. A page the server rendered brings them inside its HTML, so the API cache may never
// have seen them; a page opened offline that was never visited gets the app shell, which needs them to show
// the shop at all (without them it is the 'no shop data' page). Each use of them online refreshes them
// (stale-while-revalidate, routes.ts), and every new version of the worker fetches them again.
import { API_BASE } from '../common/browser/api-base.ts';
import { ENDPOINTS } from '../common/endpoints.ts';
import { CACHE_NAMES } from '../common/storage-keys.ts';

/** What the app shell needs to draw the frame: the page asks for them bare (no query). */
const FRAME_ENDPOINTS = [ENDPOINTS.organization, ENDPOINTS.previewCategories, ENDPOINTS.brands];

/** Fetches the frame's data into the API cache; offline, or with the server down, it keeps what it had. */
export async function keepFrameData(): Promise<void> {
  const cache = await caches.open(CACHE_NAMES.api);
  await Promise.all(FRAME_ENDPOINTS.map((e) => cache.add(`${API_BASE}${e.path}`).catch(() => undefined)));
}
