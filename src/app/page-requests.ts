// What the server loads before it renders a page, by the route's page key: the frame's data for every page
// (and the home page's shelves), the URL's SEO record, and the page's own requests, the very requests the page reads with useData
// (each feature's *-data.ts), so the page hydrates with the data its HTML shows. Pages of one shopper
// (basket, account, checkout) load nothing here: their data is the shopper's, never in the server's HTML.
import { matchRoute } from '../../common/routes.ts';
import type { DataRequest } from '../components/use-load.ts';
import { listingRequests } from '../features/catalog/listing-data.ts';
import { infoAt, instagramRequest, postAt, postsAt } from '../features/content/content-data.ts';
import { certificatesRequest } from '../features/gift/use-certificates.ts';
import { productRequest } from '../features/product/product-data.ts';
import { catalogRequests } from '../state/catalog.ts';
import { seoRequest } from '../state/head.ts';

export function pageRequests(path: string, search: string): DataRequest<unknown>[] {
  const found = matchRoute(path);
  const page = found?.route.page;
  const own = (): DataRequest<unknown>[] => {
    switch (page) {
      case 'listing':
      case 'category':
      case 'brand':
      case 'search': {
        const l = listingRequests(path, search);
        return l ? [...(l.head ? [l.head] : []), l.offers, l.facets] : [];
      }
      case 'product':
        return [productRequest(path).product];
      case 'blog':
      case 'news':
        return [postsAt(path, search).posts];
      case 'blog-post':
      case 'news-post':
        return [postAt(path).post];
      case 'info':
        return [infoAt(path)];
      case 'gift-certificates':
        return [certificatesRequest];
      case 'instagram':
        return [instagramRequest];
      default:
        return [];
    }
  };
  return [...catalogRequests(page === 'home'), ...(found ? [seoRequest(path)] : []), ...own()];
}
