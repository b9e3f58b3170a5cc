// Store of what the document head should say: the route's title (title table), the page's own title (a
// category or product name) and the URL's SEO record, each tagged with the path it belongs to, so the
// order in which pages and the route view report does not matter. app/head.ts writes it into the document.
import { proxy, useSnapshot } from 'valtio';
import type { SeoRecord } from '../../common/contract/frame.ts';

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
