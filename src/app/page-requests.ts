// What the server loads before it renders a page, by the route's page key: the frame's data for every page
// (and the home page's shelves), and the page's own requests, the very requests the page reads with useData
// (each feature's *-data.ts), so the page hydrates with the data its HTML shows. Pages of one shopper
// (basket, account, checkout) load nothing here: their data is the shopper's, never in the server's HTML.
import { matchRoute } from '../../common/routes.ts';
import type { DataRequest } from '../components/use-load.ts';
import { listingRequests } from '../features/catalog/listing-data.ts';
import { infoRequest, instagramRequest, postRequest, postsPageOf, postsRequest } from '../features/content/content-data.ts';
import { kindOf } from '../features/content/kinds.ts';
import { certificatesRequest } from '../features/gift/use-certificates.ts';
import { productRequest } from '../features/product/product-data.ts';
import { catalogRequests } from '../state/catalog.ts';

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
        return [postsRequest(kindOf(found), postsPageOf(search))];
      case 'blog-post':
      case 'news-post':
        return [postRequest(kindOf(found), found?.params.slug ?? '')];
      case 'info':
        return [infoRequest(found?.route.name ?? '')];
      case 'gift-certificates':
        return [certificatesRequest];
      case 'instagram':
        return [instagramRequest];
      default:
        return [];
    }
  };
  return [...catalogRequests(page === 'home'), ...own()];
}
