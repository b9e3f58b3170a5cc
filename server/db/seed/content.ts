// Seeds the shop's content: organization data, banners, blog and news posts, info pages, the photo feed
// and the SEO records.
import type { Queryable } from '../driver.ts';
import { insertRows } from './bulk.ts';
import type { SeedPhotos } from './index.ts';
import { CATEGORY_TREE } from './catalog-data.ts';
import { INFO_PAGES } from './content-pages.ts';
import { BLOG, IMPORTED_NEWS, INSTAGRAM, NEWS, type PostText } from './content-posts.ts';

const SHOP = 'Море и Мода';

const ORGANIZATION = {
  id: 1,
  name: SHOP,
  phone: '+7 (495) 120-45-67',
  phone_chats: '+7 (925) 120-45-67',
  promocode: 'Скидка 10% на первый заказ по промокоду LETO10',
  logo: '/logo.svg',
  link_vk: 'https://vk.com/moreimoda',
  link_inst: 'https://instagram.com/moreimoda',
  link_telegram: 'https://t.me/moreimoda',
  link_whatsapp: 'https://wa.me/79251204567',
  email: 'shop@moreimoda.ru',
  manager_email: 'manager@moreimoda.ru',
  address: 'Москва, ул. Петровка, 17, стр. 2',
};

const BANNERS = [
  { title: 'Новая коллекция купальников', subtitle: 'Яркие принты и смелые силуэты сезона 2026', link: '/kupalniki' },
  { title: 'Распродажа до −50%', subtitle: 'Купальники, платья и аксессуары прошлых коллекций', link: '/sale' },
  { title: 'Новинки недели', subtitle: 'Свежие поступления от Beach Bunny, Luli Fama и Maaji', link: '/new' },
];

const CONTAINER_BANNERS = [
  { title: 'Бикини', link: '/kupalniki/bikini' },
  { title: 'Обувь для пляжа', link: '/obuv' },
  { title: 'Luli Fama', link: '/brands/luli-fama' },
  { title: 'Подарочные сертификаты', link: '/podarochnye-sertifikaty' },
];

/** Per-root SEO wording: what the root sells, in the accusative, for "купить …". */
const ROOT_SEO: Record<string, { what: string; keywords: string }> = {
  kupalniki: {
    what: 'купальники: слитные, раздельные, бикини и танкини',
    keywords: 'купальники, купить купальник, бикини, слитный купальник, танкини',
  },
  bele: { what: 'женское бельё: бюстгальтеры, трусы, боди и комплекты', keywords: 'женское бельё, бюстгальтер, комплект белья, боди' },
  odezhda: {
    what: 'летнюю женскую одежду: платья, юбки, брюки и рубашки',
    keywords: 'женская одежда, летние платья, льняные брюки, рубашки',
  },
  obuv: {
    what: 'летнюю обувь: сандалии, босоножки, шлёпанцы и эспадрильи',
    keywords: 'летняя обувь, сандалии, босоножки, шлёпанцы, эспадрильи',
  },
  aksessuary: {
    what: 'пляжные аксессуары: сумки, шляпы, очки и украшения',
    keywords: 'пляжные аксессуары, пляжная сумка, шляпа, солнцезащитные очки',
  },
  detskoe: { what: 'детские купальники, плавки, платья и панамы', keywords: 'детские купальники, плавки для мальчиков, детская одежда' },
  muzhskoe: {
    what: 'мужские плавки, шорты для плавания, футболки и рубашки',
    keywords: 'мужские плавки, шорты для плавания, мужские рубашки',
  },
};

function seoRecords() {
  const tail = `в интернет-магазине ${SHOP}`;
  const rows = [
    {
      url: '/',
      title: `${SHOP} — интернет-магазин купальников, белья и летней одежды`,
      description: 'Купальники, бельё, пляжная одежда, обувь и аксессуары известных брендов с доставкой по всей России и примеркой.',
      keywords: 'купальники, бикини, бельё, пляжная одежда, интернет-магазин',
      h1_tag: 'Купальники и пляжная мода',
    },
  ];
  for (const root of CATEGORY_TREE) {
    const seo = ROOT_SEO[root.slug];
    rows.push({
      url: `/${root.slug}`,
      title: `${root.name} — купить ${tail}`,
      description: `Купить ${seo?.what ?? root.name.toLowerCase()} ${tail}. Доставка по России, примерка, оплата при получении.`,
      keywords: seo?.keywords ?? root.name.toLowerCase(),
      h1_tag: root.name,
    });
  }
  rows.push(
    {
      url: '/sale',
      title: `Распродажа — скидки до 50% ${tail}`,
      description: 'Купальники, бельё, одежда и аксессуары со скидкой до 50%. Количество товаров ограничено.',
      keywords: 'распродажа купальников, скидки, купальники со скидкой',
      h1_tag: 'Распродажа',
    },
    {
      url: '/new',
      title: `Новинки — ${SHOP}`,
      description: 'Новые поступления купальников, одежды и аксессуаров. Каталог обновляется каждую неделю.',
      keywords: 'новинки, новая коллекция купальников, новые поступления',
      h1_tag: 'Новинки',
    },
    {
      url: '/brands',
      title: `Бренды — ${SHOP}`,
      description: 'Beach Bunny, Luli Fama, Bound by Bond-Eye, Maaji, Seafolly и другие бренды купальников и пляжной одежды.',
      keywords: 'бренды купальников, Beach Bunny, Luli Fama, Maaji',
      h1_tag: 'Бренды',
    },
    {
      url: '/podarochnye-sertifikaty',
      title: `Подарочные сертификаты — ${SHOP}`,
      description: 'Подарочные сертификаты номиналом от 1 000 до 15 000 ₽. Электронный сертификат придёт на почту сразу после оплаты.',
      keywords: 'подарочный сертификат, подарок, сертификат на купальник',
      h1_tag: 'Подарочные сертификаты',
    },
    {
      url: '/blog',
      title: `Блог — ${SHOP}`,
      description: 'Советы по выбору купальников, уходу за вещами и тренды пляжной моды.',
      keywords: 'блог, как выбрать купальник, тренды',
      h1_tag: 'Блог',
    },
    {
      url: '/news',
      title: `Новости — ${SHOP}`,
      description: 'Новые коллекции, акции и события магазина.',
      keywords: 'новости, акции, коллекции',
      h1_tag: 'Новости',
    },
  );
  return rows;
}

function postBody(t: PostText): string {
  return [
    `<p>${t.lead}</p>`,
    `<h2>${t.h2}</h2>`,
    `<p>${t.body}</p>`,
    `<ul>${t.list.map((item) => `<li>${item}</li>`).join('')}</ul>`,
    `<p>${t.end}</p>`,
  ].join('\n');
}

/** A photograph of the list for the row numbered `n` (from 1), or the demo's drawing when there is none. */
const photoOr = (list: string[], n: number, drawing: string) => (list.length ? list[(n - 1) % list.length]! : drawing);

export async function seedContent(q: Queryable, photos: SeedPhotos): Promise<Record<string, number>> {
  const posts = [...BLOG.map((t) => ({ kind: 'blog', t })), ...NEWS.map((t) => ({ kind: 'news', t }))].map(({ kind, t }, i) => ({
    id: i + 1,
    kind,
    slug: t.slug,
    title: t.title,
    preview: t.preview,
    body_html: postBody(t),
    image: photoOr(photos.tiles, i + 1, `/media/post/${i + 1}.svg`),
    published_at: t.date,
  }));
  const imported = posts.length + 1;
  posts.push({
    id: imported,
    kind: 'news',
    slug: IMPORTED_NEWS.slug,
    title: IMPORTED_NEWS.title,
    preview: IMPORTED_NEWS.preview,
    body_html: IMPORTED_NEWS.body_html,
    image: photoOr(photos.tiles, imported, `/media/post/${imported}.svg`),
    published_at: IMPORTED_NEWS.date,
  });

  return {
    organization: await insertRows(q, 'organization', [ORGANIZATION]),
    banners: await insertRows(
      q,
      'banners',
      BANNERS.map((b, i) => ({
        id: i + 1,
        ...b,
        image: photoOr(photos.banners, i + 1, `/media/banner/${i + 1}.svg`),
        position: i,
        active: true,
      })),
    ),
    container_banners: await insertRows(
      q,
      'container_banners',
      CONTAINER_BANNERS.map((b, i) => ({
        id: i + 1,
        ...b,
        image: photoOr(photos.tiles, i + 1, `/media/promo/${i + 1}.svg`),
        position: i,
        active: true,
      })),
    ),
    posts: await insertRows(q, 'posts', posts),
    info_pages: await insertRows(
      q,
      'info_pages',
      INFO_PAGES.map((page) => ({
        path: page.path,
        title: page.title,
        body_html: page.body,
        updated_at: '2026-06-01T09:00:00Z',
      })),
    ),
    instagram_posts: await insertRows(
      q,
      'instagram_posts',
      INSTAGRAM.map((post, i) => ({
        id: i + 1,
        image: photoOr(photos.squares, i + 1, `/media/insta/${i + 1}.svg`),
        caption: post.caption,
        link: 'https://instagram.com/moreimoda',
        posted_at: post.date,
      })),
    ),
    seo_records: await insertRows(q, 'seo_records', seoRecords()),
  };
}
