// What a product page loads, from its address: the product (GET /v1/product_offer/ with the path's category,
// pk and slug). The page reads it and the server runs it before rendering (src/app/page-requests.ts).
import type { ProductOffer } from '../../../common/contract/catalog.ts';
import { categoryPathOf, matchRoute } from '../../../common/routes.ts';
import { getProductOffer } from '../../api/catalog.ts';
import type { DataRequest } from '../../components/use-load.ts';

export interface ProductRequest {
  pk: string;
  product: DataRequest<ProductOffer>;
}

export function productRequest(path: string): ProductRequest {
  const found = matchRoute(path);
  const params = found?.params ?? {};
  const categoryPath = found ? categoryPathOf(found, path) : '';
  const pk = params.pk ?? '';
  return { pk, product: { key: `product:${pk}`, load: (api) => getProductOffer(categoryPath, pk, params.slug, api) } };
}
