// Which component renders each page key of the route table: a lazy page each, and the spec's error page
// for /404.
import type { ComponentType } from 'react';
import { ErrorPage } from '../components/ErrorPage.tsx';
import type { PageKey } from '../../common/routes.ts';
import { lazyPage } from './lazy-page.ts';

const NotFound: ComponentType = () => <ErrorPage statusCode={404} />;
const Listing = lazyPage(() => import('../features/catalog/ListingPage.tsx'));
const PostList = lazyPage(() => import('../features/content/PostListPage.tsx'));
const Post = lazyPage(() => import('../features/content/PostPage.tsx'));

export const PAGES: Record<PageKey, ComponentType> = {
  home: lazyPage(() => import('../features/catalog/HomePage.tsx')),
  listing: Listing,
  category: Listing,
  brand: Listing,
  search: Listing,
  product: lazyPage(() => import('../features/product/ProductPage.tsx')),
  brands: lazyPage(() => import('../features/catalog/BrandsPage.tsx')),
  info: lazyPage(() => import('../features/content/InfoPage.tsx')),
  basket: lazyPage(() => import('../features/basket/BasketPage.tsx')),
  'basket-delivery': lazyPage(() => import('../features/checkout/DeliveryPage.tsx')),
  'basket-confirm': lazyPage(() => import('../features/checkout/ConfirmPage.tsx')),
  'basket-success': lazyPage(() => import('../features/checkout/SuccessPage.tsx')),
  card: lazyPage(() => import('../features/gift/GiftCardPage.tsx')),
  favorite: lazyPage(() => import('../features/account/FavoritesPage.tsx')),
  giftsert: lazyPage(() => import('../features/gift/GiftsertPage.tsx')),
  'gift-certificates': lazyPage(() => import('../features/gift/GiftCertificatesPage.tsx')),
  'history-order': lazyPage(() => import('../features/account/OrderHistoryPage.tsx')),
  instagram: lazyPage(() => import('../features/content/InstagramPage.tsx')),
  news: PostList,
  'news-post': Post,
  blog: PostList,
  'blog-post': Post,
  profile: lazyPage(() => import('../features/account/ProfilePage.tsx')),
  address: lazyPage(() => import('../features/account/AddressesPage.tsx')),
  recovery: lazyPage(() => import('../features/popups/RecoveryPage.tsx')),
  reset: lazyPage(() => import('../features/popups/ResetPage.tsx')),
  discount: lazyPage(() => import('../features/account/BonusPage.tsx')),
  'discount-rules': lazyPage(() => import('../features/account/BonusRulesPage.tsx')),
  send: lazyPage(() => import('../features/account/MailingPage.tsx')),
  'not-found': NotFound,
};

/** False for the key that shows the error page (/404): the document title says 'Ошибка' there. */
export const isBuilt = (key: PageKey): boolean => PAGES[key] !== NotFound;
