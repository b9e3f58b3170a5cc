// Which component renders each page key of the route table. A key whose page is not built yet renders the
// spec's error page (never a stub); later issues replace those entries with their lazy pages.
import type { ComponentType } from 'react';
import { ErrorPage } from '../components/ErrorPage.tsx';
import type { PageKey } from '../lib/routes.ts';
import { lazyPage } from './lazy-page.ts';

const NotBuilt: ComponentType = () => <ErrorPage statusCode={404} />;
const Listing = lazyPage(() => import('../features/catalog/ListingPage.tsx'));

export const PAGES: Record<PageKey, ComponentType> = {
  home: lazyPage(() => import('../features/catalog/HomePage.tsx')),
  listing: Listing,
  category: Listing,
  brand: Listing,
  search: Listing,
  product: lazyPage(() => import('../features/product/ProductPage.tsx')),
  brands: lazyPage(() => import('../features/catalog/BrandsPage.tsx')),
  info: NotBuilt,
  basket: lazyPage(() => import('../features/basket/BasketPage.tsx')),
  'basket-delivery': lazyPage(() => import('../features/checkout/DeliveryPage.tsx')),
  'basket-confirm': lazyPage(() => import('../features/checkout/ConfirmPage.tsx')),
  'basket-success': lazyPage(() => import('../features/checkout/SuccessPage.tsx')),
  card: lazyPage(() => import('../features/gift/GiftCardPage.tsx')),
  favorite: NotBuilt,
  giftsert: lazyPage(() => import('../features/gift/GiftsertPage.tsx')),
  'gift-certificates': lazyPage(() => import('../features/gift/GiftCertificatesPage.tsx')),
  'history-order': NotBuilt,
  instagram: NotBuilt,
  news: NotBuilt,
  'news-post': NotBuilt,
  blog: NotBuilt,
  'blog-post': NotBuilt,
  profile: NotBuilt,
  address: NotBuilt,
  recovery: NotBuilt,
  reset: NotBuilt,
  discount: NotBuilt,
  send: NotBuilt,
  'not-found': NotBuilt,
};

/** Page keys that show the error page: the document title says 'Ошибка' for them. */
export const isBuilt = (key: PageKey): boolean => PAGES[key] !== NotBuilt;
