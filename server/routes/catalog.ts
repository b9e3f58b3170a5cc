// API of the catalogue's reference data and offer lists (spec §7): categories, preview_category, brands,
// colours, offers (all, new, sale) with the `data` filter and limit/offset paging.
import type { FastifyInstance } from 'fastify';
import {
  BrandList,
  CategoryList,
  CategoryPreviewList,
  ColorList,
  OfferPage,
  OffersQuery,
} from '../../src/api/contract.ts';
import { answer, parse } from '../plugins/contract.ts';
import { HttpError } from '../plugins/errors.ts';
import { listBrands, listCategories, listColors } from '../repos/catalog-tree.ts';
import type { OfferScope } from '../repos/offer-filter.ts';
import { listOffers } from '../repos/offers.ts';
import { buildPreview } from '../services/category-tree.ts';

const SCOPES: Record<string, OfferScope> = { new: 'new', sale: 'sale' };

export default async function catalogRoutes(app: FastifyInstance): Promise<void> {
  app.get('/v1/categories', async () => answer(await listCategories(app.db), CategoryList));

  app.get('/v1/preview_category/', async () =>
    answer(buildPreview(await listCategories(app.db)), CategoryPreviewList),
  );

  app.get('/v1/brands', async () => answer(await listBrands(app.db), BrandList));

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
