// Writes a page head (render/page-head.ts) into the built index.html: the <title>, the description,
// keywords, canonical link and Open Graph tags, every value HTML-escaped. The app's own head writer
// (src/app/head.ts) takes over the same tags once it runs.
import { escapeMarkup } from '../http/public.ts';
import type { PageHead } from './page-head.ts';

const meta = (attr: 'name' | 'property', key: string, content: string) => `<meta ${attr}="${key}" content="${escapeMarkup(content)}" />`;

/** index.html with this page's head; the tags index.html already has (title, description) are replaced. */
export function withHead(html: string, head: PageHead, siteName: string): string {
  const tags = [
    head.keywords && meta('name', 'keywords', head.keywords),
    head.canonical && `<link rel="canonical" href="${escapeMarkup(head.canonical)}" />`,
    head.status === 404 && meta('name', 'robots', 'noindex'),
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    head.description && meta('property', 'og:description', head.description),
    head.canonical && meta('property', 'og:url', head.canonical),
    head.image && meta('property', 'og:image', head.image),
    meta('property', 'og:locale', 'ru_RU'),
  ].filter(Boolean);
  const description = meta('name', 'description', head.description);
  const hasDescription = /<meta name="description"[^>]*>/.test(html);
  const title = `<title>${escapeMarkup(head.title)}</title>`;
  const rest = [...(hasDescription ? [] : [description]), ...tags].join('\n    ');
  // The tags go right after the title, so a page without a </head> (or with another layout) still gets them.
  return html
    .replace(/<meta name="description"[^>]*>/, () => description)
    .replace(/<title>[\s\S]*?<\/title>/, () => `${title}\n    ${rest}`);
}
