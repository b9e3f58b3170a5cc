// The lists of offers that are not a category: new, sale, a brand's, a landing page's, a search's.
import { listingAsks, listingAt, type ListingAsks } from '../listing-scope.ts';
import { definePage, type PageAt } from '../page-module.ts';
import { namedTitle } from '../titles.ts';

/** A search's own name: what the shopper looked for. */
export const searchTitle = (query: string) => `Результаты поиска: «${query}»`;

export const listingPage = definePage<ListingAsks>({
  key: 'listing',
  component: 'catalog/ListingPage.tsx',
  routes: [
    { name: 'new', pattern: '/new', title: 'Новинки', crumb: 'Новинки' },
    { name: 'sale', pattern: '/sale', title: 'Распродажа', crumb: 'Распродажа' },
    { name: 'brands-slug', pattern: '/brands/:slug', title: 'Бренды' },
    // Landing pages (GET /v1/landing_page/{x}): a "подборка" is a collection of offers.
    { name: 'podborka', pattern: '/podborka/:slug', title: 'Подборки' },
    { name: 'search', pattern: '/search', title: 'Поиск', crumb: 'Поиск' },
  ],
  asks: listingAsks,
  head: (at: PageAt, { detail }) => {
    if (at.route.name === 'brands-slug') {
      return detail && 'country' in detail ? { title: namedTitle(detail.name), description: detail.description.slice(0, 200) } : null;
    }
    if (at.route.name === 'podborka') {
      return detail && 'title' in detail ? { title: namedTitle(detail.title), description: detail.description.slice(0, 200) } : null;
    }
    const { scope } = listingAt(at);
    return scope.kind === 'search' && scope.query ? { title: namedTitle(searchTitle(scope.query)) } : {};
  },
});
