// The home page (/): banners, the collections' banners and the new and sale shelves, beside the frame.
import { PAGE_SIZE } from '../catalog-basics.ts';
import { ask, definePage } from '../page-module.ts';

const shelf = (scope: 'new' | 'sale') => ask('offersInScope', { params: { scope }, query: { limit: PAGE_SIZE, offset: 0 } });

/** The home page's answers; the same asks fill the catalogue store's slots (src/state/catalog.ts). */
export const HOME_ASKS = {
  banners: ask('banners'),
  containerBanners: ask('containerBanners'),
  newList: shelf('new'),
  saleList: shelf('sale'),
};

export const homePage = definePage({
  key: 'home',
  component: 'catalog/HomePage.tsx',
  // No title: the home page's title stands alone (common/titles.ts).
  routes: [{ name: 'index', pattern: '/' }],
  asks: () => HOME_ASKS,
});
