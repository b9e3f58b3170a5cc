// schema.org descriptions of the shop's pages as JSON-LD, for crawlers and link previews that do not run the
// page's scripts: a product with its offer (price in roubles, availability), the breadcrumb trail, and the
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

export function productJsonLd(p: Pick<ProductOffer, 'offer' | 'description' | 'variants'>, origin: string): Json {
  const { offer } = p;
  const inStock = p.variants.some((v) => v.stock > 0);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: offer.name,
    description: p.description,
    sku: String(offer.id),
    image: offer.images.map((i) => origin + i.image),
    brand: { '@type': 'Brand', name: offer.brand.name },
    offers: {
      '@type': 'Offer',
      url: origin + offer.full_path_offer,
      price: offer.price,
      priceCurrency: 'RUB',
      availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
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
