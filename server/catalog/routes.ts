// API of the catalogue's reference data and offer lists (spec §7): categories, preview_category, a category
// page's head, brands and a brand page's head, colours, offers (all, new, sale) with `data` and paging.
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../common/endpoints.ts';
import { route } from '../http/public.ts';
import { Refusal } from '../refusal.ts';
import { getBrand, listBrands, listCategories, listColors } from './catalog-tree-sql.ts';
import { getCategoryDetail } from './category-detail-sql.ts';
import type { OfferScope } from './offer-filter-sql.ts';
import { listOffers } from './offers-sql.ts';
import { buildPreview } from './category-tree.ts';
import { NOT_FOUND, isCategoryPath, trimSlashes } from './catalog-paths.ts';

const SCOPES: Record<string, OfferScope> = { new: 'new', sale: 'sale' };

export default async function catalogRoutes(app: FastifyInstance): Promise<void> {
  route(app, ENDPOINTS.categories, async () => listCategories(app.db));

  route(app, ENDPOINTS.previewCategories, async () => buildPreview(await listCategories(app.db)));

  // The path keeps its slashes: /v1/category/muzhskoe/odezhda/futbolki
  route(app, ENDPOINTS.category, async (req) => {
    const path = trimSlashes(req.params['*']);
    const detail = isCategoryPath(path) ? await getCategoryDetail(app.db, path) : null;
    if (!detail) throw new Refusal('notFound', NOT_FOUND.category);
    return detail;
  });

  route(app, ENDPOINTS.brands, async () => listBrands(app.db));

  route(app, ENDPOINTS.brand, async (req) => {
    const brand = await getBrand(app.db, req.params.slug);
    if (!brand) throw new Refusal('notFound', NOT_FOUND.brand);
    return brand;
  });

  route(app, ENDPOINTS.colors, async () => listColors(app.db));

  route(app, ENDPOINTS.offers, async (req) =>
    listOffers(app.db, { scope: 'all', filter: req.query.data ?? {} }, req.query.limit, req.query.offset, app.cards),
  );

  route(app, ENDPOINTS.offersInScope, async (req) => {
    const scope = SCOPES[req.params.scope];
    if (!scope) throw new Refusal('notFound', 'Такого списка товаров нет');
    return listOffers(app.db, { scope, filter: req.query.data ?? {} }, req.query.limit, req.query.offset, app.cards);
  });
}
