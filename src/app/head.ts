// Owns the document head: the title from the title table, replaced by the URL's SEO record (title,
// description, keywords) when the server has one (spec §2).
import { useEffect } from 'react';
import { getSeo } from '../api/frame.ts';
import { TITLES, pageTitle, SHOP_NAME } from '../lib/titles.ts';

function setMeta(name: string, content: string): void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.name = name;
    document.head.append(el);
  }
  el.content = content;
}

export function useHead(path: string, titleKey: string | undefined, isError: boolean): void {
  useEffect(() => {
    document.title = isError ? `${TITLES.error} — ${SHOP_NAME}` : pageTitle(titleKey);
    if (isError) return;
    let live = true;
    getSeo(path).then(
      (seo) => {
        if (!live || !seo) return;
        if (seo.title) document.title = seo.title;
        if (seo.description) setMeta('description', seo.description);
        if (seo.keywords) setMeta('keywords', seo.keywords);
      },
      () => undefined, // no SEO record reachable: the title table stands
    );
    return () => {
      live = false;
    };
  }, [path, titleKey, isError]);
}
