// schema.org descriptions of the shop's pages as JSON-LD, for crawlers and link previews that do not run the
// page's scripts: a product with its sizes and their offers (price in roubles, availability), the breadcrumb trail, and the
// shop itself. Pure: the page renders them (components/StructuredData.tsx), on the server as in the browser.
import type { ProductOffer } from '../../common/contract/catalog.ts';
import type { Organization } from '../../common/contract/frame.ts';
import { SHOP_NAME } from '../../common/titles.ts';
import type { Crumb } from './breadcrumbs.ts';

type Json = Record<string, unknown>;

export function breadcrumbList(trail: readonly Crumb[], current: { label: string; href: string }, origin: string): Json {
  const items = [...trail.filter((c) => c.href !== current.href), current];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.label, item: origin + c.href })),
  };
}

/**
 * A product as Google and Yandex read a product with sizes: a ProductGroup varying by size, each size a
 * Product of its own with its SKU (the size's ext_id), size, colour and offer (price, in stock or not).
 */
export function productJsonLd(p: Pick<ProductOffer, 'offer' | 'description' | 'variants'>, origin: string): Json {
  const { offer } = p;
  const url = origin + offer.full_path_offer;
  const image = offer.images.map((i) => origin + i.image);
  const brand = { '@type': 'Brand', name: offer.brand.name };
  return {
    '@context': 'https://schema.org',
    '@type': 'ProductGroup',
    name: offer.name,
    description: p.description,
    url,
    productGroupID: String(offer.id),
    image,
    brand,
    variesBy: ['https://schema.org/size'],
    hasVariant: p.variants.map((v) => ({
      '@type': 'Product',
      sku: v.ext_id,
      name: `${offer.name}, ${v.size}`,
      size: v.size,
      color: v.color.name,
      image,
      brand,
      offers: {
        '@type': 'Offer',
        url,
        price: offer.price,
        priceCurrency: 'RUB',
        availability: v.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        itemCondition: 'https://schema.org/NewCondition',
      },
    })),
  };
}

export function organizationJsonLd(org: Organization, origin: string): Json {
  const sameAs = [org.link_vk, org.link_inst, org.link_telegram, org.link_whatsapp].filter(Boolean);
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SHOP_NAME,
    url: `${origin}/`,
    logo: /^https?:\/\//.test(org.logo) ? org.logo : origin + org.logo,
    telephone: org.phone,
    ...(sameAs.length ? { sameAs } : {}),
  };
}
