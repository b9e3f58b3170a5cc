// Which component renders each page key of the route table: a page in a chunk of its own each (loaded on
// first use, or ahead with preloadPage), and the spec's error page for /404. Each page also names its
// source file, by which the server finds the page's chunk in the build's manifest and preloads it.
import type { ComponentType } from 'react';
import { ErrorPage } from '../components/ErrorPage.tsx';
import { matchRoute, type PageKey } from '../../common/routes.ts';
import { lazyPage, type LazyPage } from '../components/lazy-page.ts';

type PageModule = { default: ComponentType };
const MODULES = import.meta.glob<PageModule>('../features/*/*Page.tsx');

interface Page extends LazyPage<object> {
  /** The page's source as the build's manifest names it: "src/features/catalog/ListingPage.tsx". */
  src: string;
}

/** The page of features/<file> ("catalog/ListingPage.tsx"). */
function page(file: string): Page {
  const load = MODULES[`../features/${file}`];
  if (!load) throw new Error(`no page module features/${file}`);
  return Object.assign(lazyPage(load), { src: `src/features/${file}` });
}

const NotFound: ComponentType = () => <ErrorPage statusCode={404} />;
const Listing = page('catalog/ListingPage.tsx');
const PostList = page('content/PostListPage.tsx');
const Post = page('content/PostPage.tsx');

export const PAGES: Record<PageKey, Page | ComponentType> = {
  home: page('catalog/HomePage.tsx'),
  listing: Listing,
  category: Listing,
  brand: Listing,
  search: Listing,
  product: page('product/ProductPage.tsx'),
  brands: page('catalog/BrandsPage.tsx'),
  info: page('content/InfoPage.tsx'),
  basket: page('basket/BasketPage.tsx'),
  'basket-delivery': page('checkout/DeliveryPage.tsx'),
  'basket-confirm': page('checkout/ConfirmPage.tsx'),
  'basket-success': page('checkout/SuccessPage.tsx'),
  card: page('gift/GiftCardPage.tsx'),
  favorite: page('account/FavoritesPage.tsx'),
  giftsert: page('gift/GiftsertPage.tsx'),
  'gift-certificates': page('gift/GiftCertificatesPage.tsx'),
  'history-order': page('account/OrderHistoryPage.tsx'),
  instagram: page('content/InstagramPage.tsx'),
  news: PostList,
  'news-post': Post,
  blog: PostList,
  'blog-post': Post,
  profile: page('account/ProfilePage.tsx'),
  address: page('account/AddressesPage.tsx'),
  recovery: page('popups/RecoveryPage.tsx'),
  reset: page('popups/ResetPage.tsx'),
  discount: page('account/BonusPage.tsx'),
  'discount-rules': page('account/BonusRulesPage.tsx'),
  send: page('account/MailingPage.tsx'),
  'not-found': NotFound,
};

/** False for the key that shows the error page (/404): the document title says 'Ошибка' there. */
export const isBuilt = (key: PageKey): boolean => PAGES[key] !== NotFound;

const pageAt = (path: string): Page | null => {
  const found = matchRoute(path);
  const p = found ? PAGES[found.route.page] : null;
  return p && 'preload' in p ? p : null;
};

/** Loads the chunk of the page at this path, so it renders at once (the server's rendering, hydration). */
export const preloadPage = (path: string): Promise<void> => pageAt(path)?.preload() ?? Promise.resolve();

/** The source file of the page at this path, when it has a chunk of its own. */
export const pageSource = (path: string): string | null => pageAt(path)?.src ?? null;
