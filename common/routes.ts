// The route table of spec §2: every route, its page key, title key and breadcrumb, in match order.
// Pure data and functions (no React), so the server answers 404 for the same paths the app does. Named
// routes are built from this table only: href('brands-slug', { slug }).
import { build, compile, match, type Compiled, type Params } from './route-match.ts';

/** The 7 category roots, in menu order. */
export const ROOTS = ['kupalniki', 'bele', 'odezhda', 'obuv', 'aksessuary', 'detskoe', 'muzhskoe'] as const;
export type Root = (typeof ROOTS)[number];

/** Which lazy page renders a route (app/pages.tsx); /404 renders the error page. */
export type PageKey =
  | 'home'
  | 'info'
  | 'basket'
  | 'basket-delivery'
  | 'basket-confirm'
  | 'basket-success'
  | 'brands'
  | 'brand'
  | 'card'
  | 'favorite'
  | 'giftsert'
  | 'gift-certificates'
  | 'history-order'
  | 'instagram'
  | 'news'
  | 'news-post'
  | 'blog'
  | 'blog-post'
  | 'profile'
  | 'address'
  | 'recovery'
  | 'reset'
  | 'discount'
  | 'send'
  | 'search'
  | 'listing'
  | 'category'
  | 'product'
  | 'discount-rules'
  | 'not-found';

export interface RouteDef {
  name: string;
  pattern: string;
  page: PageKey;
  /** Key of the title table (app/titles.ts); the SEO record of the URL wins when there is one. */
  title?: string;
  /** Breadcrumb label of the last crumb; category crumbs come from the preview categories. */
  crumb?: string;
  where?: Record<string, RegExp>;
  /**
   * Rendered for its shopper (their basket): the server never keeps it for others, and the service worker
   * never keeps it at all (it is sent `no-store`); every other page is the same for everybody.
   */
  personal?: true;
}

const INFO: [name: string, title: string, crumb: string][] = [
  ['about', 'about', 'О магазине'],
  ['contacts', 'contacts', 'Контакты'],
  ['cookie', 'cookie', 'Использование cookie'],
  ['delivery-and-payments', 'delivery', 'Доставка и оплата'],
  ['fitting-conditions', 'fitting', 'Условия примерки'],
  ['payment-sber', 'payment-data', 'Оплата картой'],
  ['privacy-policy', 'privacy', 'Политика конфиденциальности'],
  ['publick-offer', 'offer', 'Публичная оферта'],
  ['requisites', 'requisites', 'Реквизиты'],
  ['return-goods', 'returns', 'Возврат товара'],
  ['story', 'story', 'Наша история'],
];

const DIGITS = /^\d+$/;
const NOT_DIGITS = /^(?!\d+$)/;

function categoryRoutes(root: Root): RouteDef[] {
  const r = `/${root}`;
  const own = { page: 'category' as const, title: root };
  const routes: RouteDef[] = [
    { name: root, pattern: r, ...own },
    { name: `${root}-tag`, pattern: `${r}/tag/:tag?`, ...own },
    // The product pages come before the deeper category routes: a digits segment is a pk (spec §2).
    {
      name: `${root}-product3`,
      pattern: `${r}/:subCategory/:categorySubCategory/:pk/:slug?`,
      page: 'product',
      where: { pk: DIGITS, categorySubCategory: NOT_DIGITS },
    },
    { name: `${root}-product2`, pattern: `${r}/:subCategory/:pk/:slug?`, page: 'product', where: { pk: DIGITS } },
    { name: `${root}-subCategory`, pattern: `${r}/:subCategory`, ...own },
    { name: `${root}-subCategory-tag`, pattern: `${r}/:subCategory/tag/:tag?`, ...own },
    { name: `${root}-categorySubCategory`, pattern: `${r}/:subCategory/:categorySubCategory`, ...own },
    { name: `${root}-categorySubCategory-tag`, pattern: `${r}/:subCategory/:categorySubCategory/tag/:tag?`, ...own },
  ];
  if (root === 'muzhskoe') {
    routes.push(
      {
        name: `${root}-categorySubSubCategory`,
        pattern: `${r}/:subCategory/:categorySubCategory/:categorySubSubCategory`,
        ...own,
        where: { categorySubSubCategory: NOT_DIGITS },
      },
      {
        name: `${root}-categorySubSubCategory-tag`,
        pattern: `${r}/:subCategory/:categorySubCategory/:categorySubSubCategory/tag/:tag?`,
        ...own,
      },
    );
  }
  return routes;
}

export const ROUTES: readonly RouteDef[] = [
  { name: 'index', pattern: '/', page: 'home', title: 'home' },
  ...INFO.map(([name, title, crumb]): RouteDef => ({ name, pattern: `/${name}`, page: 'info', title, crumb })),
  { name: 'address', pattern: '/address', page: 'address', title: 'addresses', crumb: 'Мои адреса' },
  { name: 'basket', pattern: '/basket', page: 'basket', title: 'basket', crumb: 'Корзина', personal: true },
  { name: 'basket-delivery', pattern: '/basket/delivery', page: 'basket-delivery', title: 'basket', crumb: 'Оформление заказа' },
  {
    name: 'basket-delivery-confirm',
    pattern: '/basket/delivery/confirm/:guid?',
    page: 'basket-confirm',
    title: 'orders',
    crumb: 'Подтверждение заказа',
  },
  { name: 'basket-success', pattern: '/basket/success', page: 'basket-success', title: 'orders', crumb: 'Заказ оплачен' },
  { name: 'brands', pattern: '/brands', page: 'brands', title: 'brands', crumb: 'Бренды' },
  { name: 'brands-slug', pattern: '/brands/:slug', page: 'brand', title: 'brands' },
  { name: 'card', pattern: '/card', page: 'card', title: 'gift-card', crumb: 'Подарочная карта' },
  { name: 'discount', pattern: '/discount', page: 'discount', title: 'discount', crumb: 'Бонусная программа' },
  { name: 'favorite', pattern: '/favorite', page: 'favorite', title: 'favorites', crumb: 'Избранное' },
  { name: 'giftsert', pattern: '/giftsert', page: 'giftsert', title: 'gift-certificates', crumb: 'Подарочные сертификаты' },
  {
    name: 'history-order',
    pattern: '/history-order/:pk?',
    page: 'history-order',
    title: 'order-history',
    crumb: 'История заказов',
    where: { pk: DIGITS },
  },
  { name: 'instagram', pattern: '/instagram', page: 'instagram', title: 'instagram', crumb: 'Мы в соцсетях' },
  { name: 'new', pattern: '/new', page: 'listing', title: 'new', crumb: 'Новинки' },
  { name: 'news', pattern: '/news', page: 'news', title: 'news', crumb: 'Новости' },
  { name: 'news-slug', pattern: '/news/:slug', page: 'news-post', title: 'news' },
  { name: 'blog', pattern: '/blog', page: 'blog', title: 'blog', crumb: 'Блог' },
  { name: 'blog-slug', pattern: '/blog/:slug', page: 'blog-post', title: 'blog' },
  {
    name: 'podarochnye-sertifikaty',
    pattern: '/podarochnye-sertifikaty/:slug?',
    page: 'gift-certificates',
    title: 'gift-certificates',
    crumb: 'Подарочные сертификаты',
  },
  { name: 'profile', pattern: '/profile', page: 'profile', title: 'profile', crumb: 'Личный кабинет' },
  { name: 'recovery', pattern: '/recovery', page: 'recovery', title: 'recovery', crumb: 'Восстановление пароля' },
  { name: 'reset', pattern: '/reset', page: 'reset', title: 'recovery', crumb: 'Смена пароля' },
  { name: 'reset-token', pattern: '/reset/:token', page: 'reset', title: 'recovery', crumb: 'Смена пароля' },
  {
    name: 'rules-discount',
    pattern: '/rules-discount',
    page: 'discount-rules',
    title: 'discount-rules',
    crumb: 'Правила бонусной программы',
  },
  { name: 'sale', pattern: '/sale', page: 'listing', title: 'sale', crumb: 'Распродажа' },
  // Landing pages (GET /v1/landing_page/{x}); §2 names no route for them, "подборка" is a collection.
  { name: 'podborka', pattern: '/podborka/:slug', page: 'listing', title: 'collections' },
  { name: 'search', pattern: '/search', page: 'search', title: 'search', crumb: 'Поиск' },
  { name: 'send', pattern: '/send', page: 'send', title: 'mailing', crumb: 'Рассылка' },
  { name: '404', pattern: '/404', page: 'not-found' },
  ...ROOTS.flatMap(categoryRoutes),
];

const COMPILED: readonly (RouteDef & { compiled: Compiled })[] = ROUTES.map((r) => ({ ...r, compiled: compile(r.pattern) }));
const BY_NAME = new Map(ROUTES.map((r) => [r.name, r]));

export interface RouteMatch {
  route: RouteDef;
  params: Params;
}

/** The first route that matches a path (no query, no trailing slash), or null: a 404. */
export function matchRoute(path: string): RouteMatch | null {
  for (const r of COMPILED) {
    const params = match(r.compiled, path, r.where);
    if (params) return { route: r, params };
  }
  return null;
}

const CATEGORY_LEVELS = ['subCategory', 'categorySubCategory', 'categorySubSubCategory'] as const;

/** The category path a category or product route names: "kupalniki/bikini" for /kupalniki/bikini/tag/x or /kupalniki/bikini/123/slug. */
export function categoryPathOf({ params }: RouteMatch, pathname: string): string {
  return [pathname.split('/')[1] ?? '', ...CATEGORY_LEVELS.map((k) => params[k])].filter(Boolean).join('/');
}

/** A named route's URL (spec §2 "named routes used in links"), with an optional query. */
export function href(name: string, params?: Params, query?: Record<string, string>): string {
  const route = BY_NAME.get(name);
  if (!route) throw new Error(`no route named "${name}"`);
  // encodeURIComponent, not URLSearchParams: this module runs where only ES2022 is promised.
  const qs = query
    ? Object.entries(query)
        .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
        .join('&')
    : '';
  return build(route.pattern, params) + (qs ? `?${qs}` : '');
}
