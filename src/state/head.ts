// Store of what the document head should say: the route's title (title table), the page's own title (a
// category or product name) and the URL's SEO record, each tagged with the path it belongs to, so the
// order in which pages and the route view report does not matter. app/head.ts writes it into the document.
// The server renders a page with its URL's SEO record (common/pages/frame.ts seoAsk): the page starts from it
// (seedHead) and pages read it through useSeo, the same on both sides.
import { proxy, useSnapshot } from 'valtio';
import type { SeoRecord } from '../../common/contract/frame.ts';
import { useLocation } from 'wouter';
import { seoAsk } from '../../common/pages/frame.ts';
import { onServer, useSeeds, type Seeds } from './seeds.ts';

interface Tagged<T> {
  path: string;
  value: T;
}

export const head = proxy({
  path: '',
  routeTitle: '',
  page: { path: '', value: { title: '', description: '' } } as Tagged<{ title: string; description: string }>,
  seo: { path: '', value: null } as Tagged<SeoRecord | null>,
});

export const useHeadState = () => useSnapshot(head);

export function enterRoute(path: string, routeTitle: string): void {
  head.path = path;
  head.routeTitle = routeTitle;
}

/** A page names itself ("Бикини — Море и Мода"); the URL's SEO record still wins. */
export function setPageTitle(path: string, title: string, description = ''): void {
  head.page = { path, value: { title, description } };
}

export function setSeo(path: string, seo: SeoRecord | null): void {
  head.seo = { path, value: seo };
}

/** The record the server rendered this path with (its seoAsk): the record (or null: none), or undefined when it could not be read. */
function seededSeo(seeds: Seeds, path: string): SeoRecord | null | undefined {
  const seed = seeds[seoAsk(path).key];
  return seed && 'data' in seed ? (seed.data as SeoRecord | null) : undefined;
}

/** Before hydrating: the store has the rendered URL's record, so the head and pages start from it. */
export function seedHead(seeds: Seeds, path: string): void {
  const seo = seededSeo(seeds, path);
  if (seo === undefined) return;
  head.path = path;
  setSeo(path, seo);
}

/** The current path's SEO record: on the server the one it rendered with, in the page the store's. */
export function useSeo(): SeoRecord | null {
  const seeds = useSeeds();
  const h = useHeadState();
  const [path] = useLocation();
  return onServer() ? (seededSeo(seeds, path) ?? null) : currentSeo(h);
}

/** Whether the store holds this path's record already (seeded, or asked for before). */
export const seoKnown = (path: string): boolean => head.seo.path === path;

/** The SEO record of the current path, if the server has one. */
export function currentSeo(h: { path: string; seo: Tagged<SeoRecord | null> }): SeoRecord | null {
  return h.seo.path === h.path ? h.seo.value : null;
}

/** What the document shows now: SEO title, else the page's, else the title table's. */
export function documentHead(h: typeof head): { title: string; description: string; keywords: string } {
  const seo = currentSeo(h);
  const page = h.page.path === h.path ? h.page.value : null;
  return {
    title: seo?.title || page?.title || h.routeTitle,
    description: seo?.description || page?.description || '',
    keywords: seo?.keywords ?? '',
  };
}
