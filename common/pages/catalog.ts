// The catalogue's own pages besides the lists and products: the brands' index, and /404.
import { definePage, staticPage } from '../page-module.ts';

export const brandsPage = staticPage('brands', 'catalog/BrandsPage.tsx', { name: 'brands', pattern: '/brands', title: 'Бренды' });

/** /404: the error page, its status 404 (a link to it from the old shop must not count as a page). */
export const notFoundPage = definePage({
  key: 'not-found',
  component: null,
  routes: [{ name: '404', pattern: '/404' }],
  head: () => null,
});
