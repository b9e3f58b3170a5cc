// API of the catalogue's reference data and offer lists (spec §7): categories, preview_category, a category
// page's head, brands and a brand page's head, colours, offers (all, new, sale) with `data` and paging.
import type { FastifyInstance } from 'fastify';
import {
  BrandDetail,
  BrandList,
  CategoryDetail,
  CategoryList,
  CategoryPreviewList,
  ColorList,
  OfferPage,
  OffersQuery,
} from '../../common/contract.ts';
import { answer, parse } from '../http/contract.ts';
import { HttpError } from '../plugins/errors.ts';
import { getBrand, listBrands, listCategories, listColors } from './catalog-tree-sql.ts';
import { getCategoryDetail } from './category-detail-sql.ts';
import type { OfferScope } from './offer-filter-sql.ts';
import { listOffers } from './offers-sql.ts';
import { buildPreview } from './category-tree.ts';
import { NOT_FOUND, isCategoryPath, trimSlashes } from './catalog-paths.ts';

const SCOPES: Record<string, OfferScope> = { new: 'new', sale: 'sale' };

export default async function catalogRoutes(app: FastifyInstance): Promise<void> {
  app.get('/v1/categories', async () => answer(await listCategories(app.db), CategoryList));

  app.get('/v1/preview_category/', async () =>
    answer(buildPreview(await listCategories(app.db)), CategoryPreviewList),
  );

  // The path keeps its slashes: /v1/category/muzhskoe/odezhda/futbolki
  app.get<{ Params: { '*': string } }>('/v1/category/*', async (req) => {
    const path = trimSlashes(req.params['*']);
    const detail = isCategoryPath(path) ? await getCategoryDetail(app.db, path) : null;
    if (!detail) throw new HttpError(404, NOT_FOUND.category);
    return answer(detail, CategoryDetail);
  });

  app.get('/v1/brands', async () => answer(await listBrands(app.db), BrandList));

  app.get<{ Params: { slug: string } }>('/v1/brands/:slug', async (req) => {
    const brand = await getBrand(app.db, req.params.slug);
    if (!brand) throw new HttpError(404, NOT_FOUND.brand);
    return answer(brand, BrandDetail);
  });

  app.get('/v1/color', async () => answer(await listColors(app.db), ColorList));

  app.get('/v1/offers/', async (req) => {
    const q = parse(req.query, OffersQuery);
    return answer(await listOffers(app.db, { scope: 'all', filter: q.data ?? {} }, q.limit, q.offset), OfferPage);
  });

  app.get<{ Params: { scope: string } }>('/v1/offers/:scope/', async (req) => {
    const scope = SCOPES[req.params.scope];
    if (!scope) throw new HttpError(404, 'Такого списка товаров нет');
    const q = parse(req.query, OffersQuery);
    return answer(await listOffers(app.db, { scope, filter: q.data ?? {} }, q.limit, q.offset), OfferPage);
  });
}
