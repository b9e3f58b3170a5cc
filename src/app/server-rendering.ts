// What the server's HTML brings: the data it was rendered with (the `shop-data` JSON block) and the build
// that rendered it (`shop-build`). The page hydrates that HTML only when its own build is the same one; an
// older HTML (kept by a cache across a deploy) is rendered afresh in the browser instead, never hydrated by
// code it was not made with.
import { PAGE_DATA_ID } from '../../common/page-data.ts';
import type { Seeds } from '../state/seeds.ts';

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
    return { seeds: JSON.parse(data.textContent ?? '{}') as Seeds, hydrate: true };
  } catch (err) {
    console.warn('[boot] the server data could not be read: rendering in the browser', err);
    return { seeds: {}, hydrate: false };
  }
}
