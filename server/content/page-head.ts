// The head a crawler or a link preview sees without running JavaScript (spec §2 titles): for a
// path, its status (404 when no route matches or the shop has no such product, category, brand, post...)
// and its title, description, keywords, canonical URL and Open Graph picture. Titles follow the app's own
// rules: the URL's SEO record wins, else the page's name (category, brand, product, post), else the title
// table (common/titles.ts), so the first paint and the app agree.
import type { Queryable } from '../db/public.ts';
import { getActiveProduct, getBrand, getCategoryDetail, getLanding, offerCards } from '../catalog/public.ts';
import { findCertificate } from '../gift/public.ts';
import { MAX_ID } from '../../common/contract/base.ts';
import { categoryPathOf, matchRoute, type RouteMatch } from '../../common/routes.ts';
import { namedTitle, pageTitle, productTitle, TITLES } from '../../common/titles.ts';
import { getSeo } from './shop-data-sql.ts';
import { findInfoPage, findPost } from './posts-sql.ts';

export interface PageHead {
  status: 200 | 404;
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
const ERROR_TITLE = namedTitle(TITLES.error);

interface Own {
  title?: string;
  description?: string;
  canonicalPath?: string;
  image?: string;
  type?: PageHead['type'];
}

/** The page's own name and picture, or null when the shop has no such thing (a 404). */
async function ownHead(db: Queryable, found: RouteMatch, pathname: string): Promise<Own | null> {
  const { route, params } = found;
  if (route.page === 'product') {
    const pk = Number(params.pk);
    const product = pk <= MAX_ID ? await getActiveProduct(db, pk) : null;
    const [card] = product ? await offerCards(db, [product.id]) : [];
    if (!product || !card) return null;
    const main = card.images.find((i) => i.is_main) ?? card.images[0];
    return {
      title: productTitle(card.name, card.brand.name),
      description: product.description.slice(0, 200),
      canonicalPath: card.full_path_offer,
      image: main?.image,
      type: 'product',
    };
  }
  if (route.page === 'category') {
    const c = await getCategoryDetail(db, categoryPathOf(found, pathname));
    if (!c) return null;
    const tag = params.tag ? c.tags.find((t) => t.slug === params.tag) : undefined;
    return { title: namedTitle(tag ? `${c.name}: ${tag.name}` : c.name) };
  }
  if (route.name === 'brands-slug') {
    const b = await getBrand(db, params.slug ?? '');
    return b ? { title: namedTitle(b.name), description: b.description.slice(0, 200) } : null;
  }
  if (route.name === 'podborka') {
    const l = await getLanding(db, params.slug ?? '');
    return l ? { title: namedTitle(l.title), description: l.description.slice(0, 200) } : null;
  }
  if (route.name === 'podarochnye-sertifikaty' && params.slug) {
    const c = await findCertificate(db, params.slug);
    return c ? { title: namedTitle(c.name), description: c.description.slice(0, 200), image: c.image } : null;
  }
  if (route.page === 'blog-post' || route.page === 'news-post') {
    const p = await findPost(db, route.page === 'blog-post' ? 'blog' : 'news', params.slug ?? '');
    return p ? { title: namedTitle(p.title), description: p.preview.slice(0, 200), image: p.image || undefined, type: 'article' } : null;
  }
  if (route.page === 'info') {
    // The app shows the error page for an information page the shop has no text for; so does the server.
    const page = await findInfoPage(db, route.name);
    return page ? { title: namedTitle(page.title) } : null;
  }
  return {};
}

const absolute = (publicUrl: string, pathOrUrl: string) => (/^https?:\/\//.test(pathOrUrl) ? pathOrUrl : publicUrl + pathOrUrl);

export async function pageHead(db: Queryable, pathname: string, publicUrl: string): Promise<PageHead> {
  const found = matchRoute(pathname);
  const own = found && found.route.page !== 'not-found' ? await ownHead(db, found, pathname) : null;
  if (!found || !own) {
    return { status: 404, title: ERROR_TITLE, description: '', keywords: '', canonical: '', image: '', type: 'website' };
  }
  const seo = await getSeo(db, pathname);
  const canonicalPath = own.canonicalPath ?? pathname;
  return {
    status: 200,
    title: seo?.title || own.title || pageTitle(found.route.title),
    description: seo?.description || own.description || DEFAULT_DESCRIPTION,
    keywords: seo?.keywords ?? '',
    canonical: absolute(publicUrl, canonicalPath),
    image: own.image ? absolute(publicUrl, own.image) : absolute(publicUrl, '/icons/icon-512.png'),
    type: own.type ?? 'website',
  };
}
