// How a basket line reads, whether confirmed by the server or still queued: name, brand, size features,
// price, picture and link. Shared by the basket page and the header's dropdown.
import type { Snapshot } from 'valtio';
import type { BasketItem } from '../../common/contract/basket.ts';
import type { ProjectedLine } from '../../common/basket-queue.ts';

export interface LineView {
  ext_id: string;
  name: string;
  brand: string;
  features: string;
  price: number;
  quantity: number;
  image: string;
  href: string;
  pending: boolean;
}

export function lineView(l: ProjectedLine<Snapshot<BasketItem>>): LineView {
  const item = l.item;
  if (item) {
    const features = [item.feature?.name, item.featuretop?.name, item.featurebot?.name].filter(Boolean).join(', ');
    const image = item.product.images.find((i) => i.is_main)?.image ?? item.product.images[0]?.image ?? '';
    return {
      ext_id: l.ext_id,
      name: item.product.name,
      brand: item.product.brand,
      features,
      price: item.price,
      quantity: l.quantity,
      image,
      href: item.product.full_path_offer,
      pending: l.pending,
    };
  }
  const p = l.preview;
  return {
    ext_id: l.ext_id,
    name: p?.name ?? l.ext_id,
    brand: p?.brand ?? '',
    features: p?.feature ?? '',
    price: p?.price ?? 0,
    quantity: l.quantity,
    image: p?.image ?? '',
    href: p?.href ?? '/',
    pending: true,
  };
}
