// API of product pages and saved offers (spec §7): product_offer (categoryPath, slug, pk) and offers_list,
// the favourites' offers by product id.
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../common/endpoints.ts';
import { route } from '../http/public.ts';
import { Refusal } from '../refusal.ts';
import { categoryChain } from './category-detail-sql.ts';
import { activeIds } from './offers-sql.ts';
import { getActiveProduct, productVariants, relatedIds } from './product-sql.ts';
import { NOT_FOUND } from './catalog-paths.ts';

export default async function productRoutes(app: FastifyInstance): Promise<void> {
  // A categoryPath or slug that is not the product's own is not an error: the app redirects to
  // offer.full_path_offer, the product's one address.
  // Its variants' stock changes with every order: the cache follows this product's changes, not only the
  // catalogue's.
  const pkOf = (query: Record<string, unknown>) =>
    typeof query.pk === 'string' && /^\d{1,10}$/.test(query.pk) ? Number(query.pk) : undefined;
  route(
    app,
    ENDPOINTS.productOffer,
    async (req) => {
      const product = await getActiveProduct(app.db, req.query.pk);
      if (!product) throw new Refusal('notFound', NOT_FOUND.product);
      const [variants, breadcrumbs, related] = await Promise.all([
        productVariants(app.db, product.id),
        categoryChain(app.db, product.category_path),
        relatedIds(app.db, product),
      ]);
      const [offer, ...relatedOffers] = await app.cards(app.db, [product.id, ...related]);
      return {
        offer,
        description: product.description,
        composition: product.composition,
        is_set: product.is_set,
        category_path: product.category_path,
        breadcrumbs,
        variants,
        related: relatedOffers,
      };
    },
    { productOf: pkOf },
  );

  route(app, ENDPOINTS.offersList, async (req) => {
    const ids = req.body.ext_id;
    const active = await activeIds(app.db, ids);
    const sold = new Set(active);
    return { response: await app.cards(app.db, active), excluded: [...new Set(ids)].filter((id) => !sold.has(id)) };
  });
}
