// A product's page: /kupalniki/bikini/123/bikini-maldivy (a digits segment is the product's pk, spec §2), or
// /odezhda/123/bryuki-lnyanye for goods in a top-level category itself.
import { ROOTS, type Root } from '../catalog-basics.ts';
import { ask, definePage, type PageAt, type PageModule } from '../page-module.ts';
import { categoryPathOf } from '../route-match.ts';
import { productTitle } from '../titles.ts';

const DIGITS = /^\d+$/;
/** "tag" opens a category's tag list (/kupalniki/tag/123 is tag 123 of the root), never a subcategory. */
const NOT_TAG = /^(?!tag$)/;
const NOT_TAG_OR_DIGITS = /^(?!tag$|\d+$)/;

const rootRoutes = (root: Root): PageModule['routes'] => [
  {
    name: `${root}-product3`,
    pattern: `/${root}/:subCategory/:categorySubCategory/:pk/:slug?`,
    where: { subCategory: NOT_TAG, pk: DIGITS, categorySubCategory: NOT_TAG_OR_DIGITS },
  },
  { name: `${root}-product2`, pattern: `/${root}/:subCategory/:pk/:slug?`, where: { subCategory: NOT_TAG, pk: DIGITS } },
  // Goods the accounting system put straight into a top-level group: /odezhda/123/bryuki-lnyanye.
  { name: `${root}-product1`, pattern: `/${root}/:pk/:slug?`, where: { pk: DIGITS } },
];

/** The pk of a product address, as the page reads it. */
export const productPk = (at: Pick<PageAt, 'params'>): number => Number(at.params.pk ?? 0);

export const productPage = definePage({
  key: 'product',
  component: 'product/ProductPage.tsx',
  routes: ROOTS.flatMap(rootRoutes),
  asks: (at: PageAt) => ({
    product: ask('productOffer', { query: { categoryPath: categoryPathOf(at, at.path), pk: productPk(at), slug: at.params.slug } }),
  }),
  head: (_at, { product }) => {
    if (!product) return null;
    const { offer } = product;
    const main = offer.images.find((i) => i.is_main) ?? offer.images[0];
    return {
      title: productTitle(offer.name, offer.brand.name),
      description: product.description.slice(0, 200),
      canonicalPath: offer.full_path_offer,
      image: main?.image,
      type: 'product',
    };
  },
});
