// The shop's texts: the information pages (/about, /delivery-and-payments…), the blog and news lists and
// their posts, the photo feed.
import { PAGE_SIZE } from '../catalog-basics.ts';
import { ask, definePage, type PageAt } from '../page-module.ts';
import { namedTitle } from '../titles.ts';

const INFO: [name: string, crumb: string][] = [
  ['about', 'О магазине'],
  ['contacts', 'Контакты'],
  ['cookie', 'Использование cookie'],
  ['delivery-and-payments', 'Доставка и оплата'],
  ['fitting-conditions', 'Условия примерки'],
  ['payment-sber', 'Оплата картой'],
  ['privacy-policy', 'Политика конфиденциальности'],
  ['publick-offer', 'Публичная оферта'],
  ['requisites', 'Реквизиты'],
  ['return-goods', 'Возврат товара'],
  ['story', 'Наша история'],
];

/** The title table's names of the information pages, where they differ from the crumb. */
const INFO_TITLES: Record<string, string> = {
  cookie: 'Уведомление об использовании cookie',
  'payment-sber': 'Обработка платёжных данных',
};

export const infoPage = definePage({
  key: 'info',
  component: 'content/InfoPage.tsx',
  routes: INFO.map(([name, crumb]) => ({ name, pattern: `/${name}`, title: INFO_TITLES[name] ?? crumb, crumb })),
  asks: (at: PageAt) => ({ page: ask('infoPage', { params: { path: at.route.name } }) }),
  // An information page the shop has no text for is the error page, in the app and on the server.
  head: (_at, { page }) => (page ? { title: namedTitle(page.title) } : null),
});

/** The shop's photo feed. */
const INSTAGRAM_ASK = ask('instagram');

export type ContentKind = 'blog' | 'news';

/** Which list a post list or post address belongs to: /news… is the news, the rest the blog. */
export const kindOf = (at: Pick<PageAt, 'route'>): ContentKind => (at.route.name.startsWith('news') ? 'news' : 'blog');

/** The page number of a post list's query (?page=2), 1 when absent or not a page. */
export function postsPageOf(search: string): number {
  const n = Number(new URLSearchParams(search).get('page'));
  return Number.isInteger(n) && n > 1 ? n : 1;
}

export const postsPage = definePage({
  key: 'posts',
  component: 'content/PostListPage.tsx',
  routes: [
    { name: 'news', pattern: '/news', title: 'Новости', crumb: 'Новости' },
    { name: 'blog', pattern: '/blog', title: 'Блог', crumb: 'Блог' },
  ],
  asks: (at: PageAt) => ({
    posts: ask(kindOf(at), { query: { limit: PAGE_SIZE, offset: (postsPageOf(at.search) - 1) * PAGE_SIZE } }),
  }),
});

export const postPage = definePage({
  key: 'post',
  component: 'content/PostPage.tsx',
  routes: [
    { name: 'news-slug', pattern: '/news/:slug', title: 'Новости' },
    { name: 'blog-slug', pattern: '/blog/:slug', title: 'Блог' },
  ],
  asks: (at: PageAt) => ({ post: ask(kindOf(at) === 'news' ? 'newsPost' : 'blogPost', { params: { id: at.params.slug ?? '' } }) }),
  head: (_at, { post }) =>
    post
      ? { title: namedTitle(post.title), description: post.preview.slice(0, 200), image: post.image || undefined, type: 'article' }
      : null,
});

export const instagramPage = definePage({
  key: 'instagram',
  component: 'content/InstagramPage.tsx',
  routes: [{ name: 'instagram', pattern: '/instagram', title: 'Мы в соцсетях', crumb: 'Мы в соцсетях' }],
  asks: () => ({ feed: INSTAGRAM_ASK }),
});
