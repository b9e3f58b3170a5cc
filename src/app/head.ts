// Owns the document head: follows the route (title table), fetches the URL's SEO record, and writes the
// title, description and keywords from state/head.ts into the document (spec §2 titles). The server filled
// the first page's head for crawlers (canonical link, Open Graph); after a move inside the app those tags
// are kept in step, so a shared link or a crawler running scripts never sees the previous page's.
import { useEffect } from 'react';
import { subscribe } from 'valtio';
import { seoAsk } from '../../common/pages/frame.ts';
import { ERROR_TITLE, pageTitle } from '../../common/titles.ts';
import { documentHead, enterRoute, head, seoKnown, setSeo } from '../state/head.ts';
import { asksModule } from '../api/asks-module.ts';

function setMeta(name: string, content: string): void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.name = name;
    document.head.append(el);
  }
  el.content = content;
}

/** Updates a tag the server wrote (none is added: without the server's tags there is nothing stale). */
function updateExisting(selector: string, attr: 'content' | 'href', value: string): void {
  const el = document.head.querySelector(selector);
  if (el && el.getAttribute(attr) !== value) el.setAttribute(attr, value);
}

function writeHead(): void {
  const h = documentHead(head);
  if (!h.title) return; // nothing known yet: the server's head stands
  if (document.title !== h.title) document.title = h.title;
  if (h.description) setMeta('description', h.description);
  if (h.keywords) setMeta('keywords', h.keywords);
  const url = location.origin + location.pathname;
  updateExisting('link[rel="canonical"]', 'href', url);
  updateExisting('meta[property="og:url"]', 'content', url);
  updateExisting('meta[property="og:title"]', 'content', h.title);
  if (h.description) updateExisting('meta[property="og:description"]', 'content', h.description);
}

/** Keeps the document head in step with state/head.ts; mounted once by the app. */
export function useHeadWriter(): void {
  useEffect(() => {
    writeHead();
    return subscribe(head, writeHead);
  }, []);
}

/** Called by the route view for each new path, with the route's own title (common/pages/). */
export function useRouteHead(path: string, routeTitle: string | undefined, isError: boolean): void {
  useEffect(() => {
    enterRoute(path, isError ? ERROR_TITLE : pageTitle(routeTitle));
    if (isError || seoKnown(path)) return; // the page the server rendered came with its record
    // The same ask the server renders with; the API module loads with it, after the first paint.
    asksModule()
      .then(({ loadAsk }) => loadAsk(seoAsk(path)))
      .then(
        (seo) => setSeo(path, seo),
        () => undefined, // no SEO record reachable: the title table stands
      );
  }, [path, routeTitle, isError]);
}
