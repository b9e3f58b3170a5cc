// What the server's HTML brings: the data it was rendered with (the `shop-data` JSON block) and the build
// that rendered it (`shop-build`). The page hydrates that HTML only when its own build is the same one; an
// older HTML (kept by a cache across a deploy) is rendered afresh in the browser instead, never hydrated by
// code it was not made with. A page the service worker took from its cache (its mark on <html>) carries
// KEPT_PAGE_SEED among its seeds: what it shows is asked again (components/use-load.ts).
import { KEPT_PAGE_MARK, PAGE_DATA_ID } from '../../common/page-data.ts';
import { KEPT_PAGE_SEED, type Seeds } from '../state/seeds.ts';

export interface ServerRendering {
  seeds: Seeds;
  /** The HTML is this build's rendering with its data: hydrate it. */
  hydrate: boolean;
}

export function readServerRendering(doc: Document, buildId: string): ServerRendering {
  const data = doc.getElementById(PAGE_DATA_ID);
  const build = doc.querySelector('meta[name="shop-build"]')?.getAttribute('content');
  if (!data || build !== buildId) return { seeds: {}, hydrate: false };
  try {
    const seeds = JSON.parse(data.textContent ?? '{}') as Seeds;
    if (doc.documentElement.hasAttribute(KEPT_PAGE_MARK)) seeds[KEPT_PAGE_SEED] = { data: true };
    return { seeds, hydrate: true };
  } catch (err) {
    console.warn('[boot] the server data could not be read: rendering in the browser', err);
    return { seeds: {}, hydrate: false };
  }
}
