// The data block a server-rendered page carries beside its markup (`<script type="application/json"
// id="shop-data">`, never executed): the data of each request the page was rendered with, by the request's
// key. Written by the server (server/render/page-html.ts), read by the page before it hydrates
// (src/app/server-rendering.ts), and by the service worker, which has no DOM, when it keeps the page: a
// request whose data is one API answer as it came names the address the page would have asked for it
// (`from`), and the worker stores the answer there, so the app shell finds it offline (sw/page-data.ts).

export const PAGE_DATA_ID = 'shop-data';

/**
 * The mark on `<html>` of a page the service worker took from its cache (offline, or the network slower than
 * it waits): the page's data may be out of date, so the app draws it at once and asks for it again.
 */
export const KEPT_PAGE_MARK = 'data-kept-page';

/** A kept page's HTML with the mark on its `<html>`. */
export const markKept = (html: string): string => html.replace(/<html\b/i, `<html ${KEPT_PAGE_MARK}`);

/** One request's outcome in the block: its data (with the API address it is the answer of), or its failure. */
export type PageSeed = { data: unknown; from?: string } | { error: { status: number; message: string } };

/** The element the server writes; its JSON is escaped so that no `<` appears in it (page-html.ts). */
export const dataBlock = (json: string): string => `<script type="application/json" id="${PAGE_DATA_ID}">${json}</script>`;

const BLOCK = new RegExp(`<script type="application/json" id="${PAGE_DATA_ID}">([^<]*)</script>`);

/** The answers a page's HTML was rendered with, as [API address, answer] pairs; none when it has no block. */
export function pageAnswers(html: string): [string, unknown][] {
  const json = BLOCK.exec(html)?.[1];
  if (!json) return [];
  let seeds: unknown;
  try {
    seeds = JSON.parse(json);
  } catch {
    return [];
  }
  if (!seeds || typeof seeds !== 'object') return [];
  return Object.values(seeds as Record<string, unknown>).flatMap((seed) => {
    const s = seed as { data?: unknown; from?: unknown } | null;
    return s && typeof s.from === 'string' && 'data' in s ? [[s.from, s.data] as [string, unknown]] : [];
  });
}
