// Every page of the shop, one module each (common/pages/): the route table, the app's router, the server's
// rendering and head, and the service worker's page rules are all read from this list. A new page is a new
// module and its line here. Routes match in this order (a product before a category: a digits segment is a pk).
import {
  addressesPage,
  bonusPage,
  bonusRulesPage,
  favoritesPage,
  mailingPage,
  orderHistoryPage,
  profilePage,
  recoveryPage,
  resetPage,
} from './pages/account.ts';
import { brandsPage, notFoundPage } from './pages/catalog.ts';
import { categoryPage } from './pages/category.ts';
import { basketPage, confirmPage, deliveryPage, successPage } from './pages/checkout.ts';
import { infoPage, instagramPage, postPage, postsPage } from './pages/content.ts';
import { giftCardPage, giftCertificatesPage, giftsertPage } from './pages/gift.ts';
import { deskPage } from './pages/desk.ts';
import { homePage } from './pages/home.ts';
import { listingPage } from './pages/listing.ts';
import { productPage } from './pages/product.ts';
import type { PageModule } from './page-module.ts';

export const PAGE_MODULES: readonly PageModule[] = [
  homePage,
  infoPage,
  addressesPage,
  basketPage,
  deliveryPage,
  confirmPage,
  successPage,
  brandsPage,
  listingPage,
  giftCardPage,
  bonusPage,
  favoritesPage,
  giftsertPage,
  giftCertificatesPage,
  orderHistoryPage,
  instagramPage,
  postsPage,
  postPage,
  profilePage,
  recoveryPage,
  resetPage,
  bonusRulesPage,
  mailingPage,
  deskPage,
  notFoundPage,
  productPage,
  categoryPage,
] as readonly PageModule[];
