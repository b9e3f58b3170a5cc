// The head a crawler or a link preview sees without running JavaScript (spec §2 titles), from the answers
// the page is rendered with: its status (404 when no route matches, or the page's module finds that the
// address names nothing the shop has) and its title, description, keywords, canonical URL and Open Graph
// picture. The URL's SEO record wins, then the module's own head (common/pages/), then the route's title:
// the app's own rule (src/state/head.ts), so the first paint and the app agree.
import type { SeoRecord } from '../../common/contract/frame.ts';
import type { AnswersOf, Ask, PageAt } from '../../common/page-module.ts';
import { seoAsk } from '../../common/pages/frame.ts';
import { moduleOf } from '../../common/routes.ts';
import { ERROR_TITLE, pageTitle } from '../../common/titles.ts';
import { ownAsks } from '../../common/page-asks.ts';
import type { PageAnswers } from './page-answers.ts';

export interface PageHead {
  /** null: an answer the page needs failed on the server's side, so whether the page exists is not known. */
  status: 200 | 404 | null;
  title: string;
  description: string;
  keywords: string;
  /** Absolute URL of the page's one address (a product's own category path and slug). */
  canonical: string;
  /** Absolute URL of the picture a link preview shows, when the page has one. */
  image: string;
  type: 'website' | 'product' | 'article';
}

const DEFAULT_DESCRIPTION = 'Интернет-магазин купальников, белья, одежды, обуви и аксессуаров с доставкой по России';

const absolute = (publicUrl: string, pathOrUrl: string) => (/^https?:\/\//.test(pathOrUrl) ? pathOrUrl : publicUrl + pathOrUrl);

const NOT_FOUND: PageHead = { status: 404, title: ERROR_TITLE, description: '', keywords: '', canonical: '', image: '', type: 'website' };

export function pageHead(at: PageAt | null, answers: PageAnswers, publicUrl: string): PageHead {
  if (!at) return NOT_FOUND;
  const asks = ownAsks(at);
  const got: Record<string, unknown> = {};
  let unknown = false;
  for (const [name, a] of Object.entries(asks) as [string, Ask | undefined][]) {
    const seed = a && answers[a.key];
    if (!seed) continue;
    if ('data' in seed) got[name] = seed.data;
    // A refusal (not found, a malformed address) means the shop has no such thing; a failure means nothing.
    else if (seed.error.status >= 500 || seed.error.status === 0) unknown = true;
  }
  const module = moduleOf(at.route);
  const own = unknown ? {} : module.head ? module.head(at, got as AnswersOf<typeof asks>) : {};
  if (own === null) return NOT_FOUND;
  const seoSeed = answers[seoAsk(at.path).key];
  const seo = seoSeed && 'data' in seoSeed ? (seoSeed.data as SeoRecord | null) : null;
  return {
    status: unknown ? null : 200,
    title: seo?.title || own.title || pageTitle(at.route.title),
    description: seo?.description || own.description || DEFAULT_DESCRIPTION,
    keywords: seo?.keywords ?? '',
    canonical: absolute(publicUrl, own.canonicalPath ?? at.path),
    image: own.image ? absolute(publicUrl, own.image) : absolute(publicUrl, '/icons/icon-512.png'),
    type: own.type ?? 'website',
  };
}
