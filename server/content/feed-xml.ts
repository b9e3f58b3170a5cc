// The two marketplace feeds' XML in pieces, so a feed is written batch by batch and never held whole: a head
// (the shop, and for Yandex the category tree), one piece per offer, and a tail. Joined in order they make
// Yandex Market's YML (yml_catalog: the shop, roubles, the category tree, an offer per size grouped by product
// with group_id, its price and old price, pictures, brand, «Размер» in its grid and «Цвет») and Google Merchant
// Center's RSS 2.0 with g: fields (id, title, link, image_link, price in RUB with sale_price under an old price,
// availability, brand, gender, age_group, size with its size_system, color, item_group_id). A colour the
// accounting system did not name is left out everywhere, the title included. One line a tag, no empty lines, no
// newline after the last tag. Written as strings: a builder library would hold a tree of 100 000 offers.
import { escapeMarkup as x } from '../http/public.ts';
import { moscowStamp } from '../lib/public.ts';
import type { FeedCategory, FeedOffer } from './feed-sql.ts';
import { googleSize, yandexSizeUnit } from './feed-sizes.ts';
// The colour of goods the accounting system named none for: no colour to tell a marketplace.
import { NO_COLOR } from '../exchange/public.ts';

export interface FeedShop {
  name: string;
  origin: string;
}

/** What the marketplaces allow: Yandex takes a description of up to 3000 characters, Google 5000; Google's title 150. */
const YANDEX_DESCRIPTION = 3000;
const GOOGLE_DESCRIPTION = 5000;
const GOOGLE_TITLE = 150;
/** Pictures an offer carries: Yandex reads up to 10, Google up to 10 additional. */
const PICTURES = 10;

const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const absolute = (origin: string, url: string) => (/^https?:\/\//.test(url) ? url : origin + url);
/** A piece that more pieces follow: its lines, the empty ones left out, each ended by a newline. */
const lines = (out: string[]) => `${out.filter(Boolean).join('\n')}\n`;

/** Whom the goods of a root are for, in Google's words. */
function audience(root: string): { gender: 'female' | 'male' | 'unisex'; age: 'adult' | 'kids' } {
  if (root === 'muzhskoe') return { gender: 'male', age: 'adult' };
  if (root === 'detskoe') return { gender: 'unisex', age: 'kids' };
  return { gender: 'female', age: 'adult' };
}

export function yandexHead(shop: FeedShop, categories: readonly FeedCategory[], now = new Date()): string {
  const [day, time] = moscowStamp(now);
  const date = `${day}T${time.slice(0, 5)}+03:00`;
  return lines([
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<yml_catalog date="${date}">`,
    '<shop>',
    `<name>${x(shop.name)}</name>`,
    `<company>${x(shop.name)}</company>`,
    `<url>${x(`${shop.origin}/`)}</url>`,
    '<currencies><currency id="RUR" rate="1"/></currencies>',
    '<categories>',
    ...categories.map((c) => `<category id="${c.id}"${c.parent_id ? ` parentId="${c.parent_id}"` : ''}>${x(c.name)}</category>`),
    '</categories>',
    '<offers>',
  ]);
}

/** The size as Yandex's param, in its grid (feed-sizes.ts). */
function sizeParam(size: string): string {
  const unit = yandexSizeUnit(size);
  return `<param name="Размер"${unit ? ` unit="${unit}"` : ''}>${x(size)}</param>`;
}

/** What the item is called: its name, its colour when the accounting system named one, and its size. */
const itemTitle = (o: FeedOffer) => [o.name, o.color === NO_COLOR ? '' : o.color, `размер ${o.size}`].filter(Boolean).join(', ');

export function yandexOffer(shop: FeedShop, o: FeedOffer): string {
  return lines([
    `<offer id="${o.offer_id}" available="${o.stock > 0}" group_id="${o.product_id}">`,
    `<name>${x(o.name)}</name>`,
    `<url>${x(shop.origin + o.path)}</url>`,
    `<price>${o.price}</price>`,
    o.old_price ? `<oldprice>${o.old_price}</oldprice>` : '',
    '<currencyId>RUR</currencyId>',
    `<categoryId>${o.category_id}</categoryId>`,
    ...o.pictures.slice(0, PICTURES).map((p) => `<picture>${x(absolute(shop.origin, p))}</picture>`),
    `<vendor>${x(o.brand)}</vendor>`,
    o.article ? `<vendorCode>${x(o.article)}</vendorCode>` : '',
    o.description ? `<description>${x(cut(o.description, YANDEX_DESCRIPTION))}</description>` : '',
    sizeParam(o.size),
    o.color === NO_COLOR ? '' : `<param name="Цвет">${x(o.color)}</param>`,
    '</offer>',
  ]);
}

export const YANDEX_TAIL = '</offers>\n</shop>\n</yml_catalog>';

const money = (roubles: number) => `${roubles.toFixed(2)} RUB`;

export function googleHead(shop: FeedShop): string {
  return lines([
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
    '<channel>',
    `<title>${x(shop.name)}</title>`,
    `<link>${x(`${shop.origin}/`)}</link>`,
    `<description>${x(`Товары магазина ${shop.name}`)}</description>`,
  ]);
}

export function googleItem(shop: FeedShop, o: FeedOffer): string {
  const who = audience(o.root);
  const size = googleSize(o.size, o.root);
  const [main, ...more] = o.pictures.map((p) => absolute(shop.origin, p));
  return lines([
    '<item>',
    `<g:id>${o.offer_id}</g:id>`,
    `<g:title>${x(cut(itemTitle(o), GOOGLE_TITLE))}</g:title>`,
    `<g:description>${x(cut(o.description || o.name, GOOGLE_DESCRIPTION))}</g:description>`,
    `<g:link>${x(shop.origin + o.path)}</g:link>`,
    main ? `<g:image_link>${x(main)}</g:image_link>` : '',
    ...more.slice(0, PICTURES).map((p) => `<g:additional_image_link>${x(p)}</g:additional_image_link>`),
    `<g:availability>${o.stock > 0 ? 'in_stock' : 'out_of_stock'}</g:availability>`,
    `<g:price>${money(o.old_price ?? o.price)}</g:price>`,
    o.old_price ? `<g:sale_price>${money(o.price)}</g:sale_price>` : '',
    '<g:condition>new</g:condition>',
    `<g:brand>${x(o.brand)}</g:brand>`,
    o.article ? `<g:mpn>${x(o.article)}</g:mpn>` : '<g:identifier_exists>no</g:identifier_exists>',
    `<g:gender>${who.gender}</g:gender>`,
    `<g:age_group>${who.age}</g:age_group>`,
    `<g:size>${x(size?.size ?? o.size)}</g:size>`,
    size ? `<g:size_system>${size.system}</g:size_system>` : '',
    o.color === NO_COLOR ? '' : `<g:color>${x(o.color)}</g:color>`,
    `<g:item_group_id>${o.product_id}</g:item_group_id>`,
    '</item>',
  ]);
}

export const GOOGLE_TAIL = '</channel>\n</rss>';
