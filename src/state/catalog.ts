// Store of shared catalogue data: organization, preview categories, brands, banners and the new and sale
// lists. Each is loaded only when empty (spec §4 caches); a failed load is logged and the list stays empty
// (spec §8 "other data load failures").
import { proxy, useSnapshot } from 'valtio';
import type { Brand, CategoryPreview } from '../../common/contract/catalog.ts';
import type { Banner, ContainerBanner, Organization } from '../../common/contract/frame.ts';
import { getBrands, getOffers, getPreviewCategories } from '../api/catalog.ts';
import { getBanners, getContainerBanners, getOrganization } from '../api/frame.ts';
import { withPriceTexts, type PricedOffer } from '../worker/client.ts';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

interface Slot<T> {
  data: T;
  status: LoadStatus;
}

const slot = <T>(data: T): Slot<T> => ({ data, status: 'idle' });

export const catalog = proxy({
  organization: slot<Organization | null>(null),
  previewCategories: slot<CategoryPreview[]>([]),
  brands: slot<Brand[]>([]),
  banners: slot<Banner[]>([]),
  containerBanners: slot<ContainerBanner[]>([]),
  newList: slot<PricedOffer[]>([]),
  saleList: slot<PricedOffer[]>([]),
});

type SlotName = keyof typeof catalog;

async function loadOnce<K extends SlotName>(name: K, load: () => Promise<(typeof catalog)[K]['data']>): Promise<void> {
  const s = catalog[name];
  if (s.status === 'loading' || s.status === 'ready') return;
  s.status = 'loading';
  try {
    s.data = await load();
    s.status = 'ready';
  } catch (err) {
    console.error(`[catalog] ${name} failed to load`, err);
    s.status = 'error';
  }
}

/** The frame's data: header and menus need these on every page. */
export function loadFrameData(): Promise<void> {
  return Promise.all([
    loadOnce('organization', getOrganization),
    loadOnce('previewCategories', getPreviewCategories),
    loadOnce('brands', getBrands),
  ]).then(() => undefined);
}

export function loadHomeData(): Promise<void> {
  return Promise.all([
    loadOnce('banners', getBanners),
    loadOnce('containerBanners', getContainerBanners),
    loadOnce('newList', async () => withPriceTexts((await getOffers('new')).results)),
    loadOnce('saleList', async () => withPriceTexts((await getOffers('sale')).results)),
  ]).then(() => undefined);
}

export const useCatalog = () => useSnapshot(catalog);

/** Spec §2: with neither organization data nor preview categories the shop cannot be shown. */
export function shopDataMissing(c: { organization: Slot<unknown>; previewCategories: Slot<unknown> }): boolean {
  return c.organization.status === 'error' && c.previewCategories.status === 'error';
}
