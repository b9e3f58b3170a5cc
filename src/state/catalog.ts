// Store of shared catalogue data: organization, preview categories, brands, banners and the new and sale
// lists. Each is loaded only when empty (spec §4 caches); a failed load is logged and the list stays empty
// (spec §8 "other data load failures"). The server renders every page with the frame's slots (and the home
// page's) already loaded: their asks are FRAME_ASKS and HOME_ASKS, and the page fills the store from the seeds
// before hydrating (seedCatalog), so both render the same. On the server, where a module store would be
// shared by every request, the slots are read from the request's seeds instead.
import { proxy, useSnapshot, type Snapshot } from 'valtio';
import type { Brand, CategoryPreview, OfferPage } from '../../common/contract/catalog.ts';
import type { Banner, ContainerBanner, Organization } from '../../common/contract/frame.ts';
import type { Ask } from '../../common/page-module.ts';
import { asksModule } from '../api/asks-module.ts';
import { FRAME_ASKS } from '../../common/pages/frame.ts';
import { HOME_ASKS } from '../../common/pages/home.ts';
import { onServer, perRender, useSeeds, type Seeds } from './seeds.ts';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

interface Slot<T> {
  data: T;
  status: LoadStatus;
}

const slot = <T>(data: T): Slot<T> => ({ data, status: 'idle' });

const empty = () => ({
  organization: slot<Organization | null>(null),
  previewCategories: slot<CategoryPreview[]>([]),
  brands: slot<Brand[]>([]),
  banners: slot<Banner[]>([]),
  containerBanners: slot<ContainerBanner[]>([]),
  // The whole first page of each list, as the API answers it (the shelf shows its offers): a page the server
  // rendered then names that answer, for the service worker to keep (common/page-data.ts).
  newList: slot<OfferPage | null>(null),
  saleList: slot<OfferPage | null>(null),
});

export const catalog = proxy(empty());

type Catalog = ReturnType<typeof empty>;
type SlotName = keyof Catalog;

// The slots are the answers of the frame's asks (every page) and the home page's (common/pages/): a page the
// server rendered has them in its seeds under the same keys. The API modules load with the first load, so
// the frame's first chunk stays without the API's contract.
const ASKS: { [K in SlotName]: Ask<Catalog[K]['data']> } = { ...FRAME_ASKS, ...HOME_ASKS };
const FRAME = Object.keys(FRAME_ASKS) as SlotName[];
const HOME = Object.keys(HOME_ASKS) as SlotName[];
const keyOf = (name: SlotName) => ASKS[name].key;
const load = async <K extends SlotName>(name: K) => (await asksModule()).loadAsk(ASKS[name]);

/** The slots as the seeds give them (loaded, or failed). */
function fromSeeds(seeds: Seeds): Catalog {
  const c = empty();
  for (const name of Object.keys(c) as SlotName[]) {
    const seed = seeds[keyOf(name)];
    if (!seed) continue;
    const s = c[name] as Slot<unknown>;
    if ('data' in seed) {
      s.data = seed.data;
      s.status = 'ready';
    } else s.status = 'error';
  }
  return c;
}

/** Before hydrating: the store takes what the server rendered with. */
export function seedCatalog(seeds: Seeds): void {
  const seeded = fromSeeds(seeds);
  for (const name of Object.keys(seeded) as SlotName[]) {
    if (seeded[name].status !== 'idle') Object.assign(catalog[name], seeded[name]);
  }
}

async function loadOnce(name: SlotName): Promise<void> {
  const s = catalog[name] as Slot<unknown>;
  if (s.status === 'loading' || s.status === 'ready') return;
  s.status = 'loading';
  try {
    s.data = await load(name);
    s.status = 'ready';
  } catch (err) {
    console.error(`[catalog] ${name} failed to load`, err);
    s.status = 'error';
  }
}

/** The frame's data: header and menus need these on every page. */
export function loadFrameData(): Promise<void> {
  return Promise.all(FRAME.map(loadOnce)).then(() => undefined);
}

export function loadHomeData(): Promise<void> {
  return Promise.all(HOME.map(loadOnce)).then(() => undefined);
}

const onServerFrom = perRender((seeds) => fromSeeds(seeds) as Snapshot<Catalog>);

export function useCatalog(): Snapshot<Catalog> {
  const seeds = useSeeds();
  const snap = useSnapshot(catalog);
  return onServer() ? onServerFrom(seeds) : snap;
}

/** Spec §2: with neither organization data nor preview categories the shop cannot be shown. */
export function shopDataMissing(c: { organization: Slot<unknown>; previewCategories: Slot<unknown> }): boolean {
  return c.organization.status === 'error' && c.previewCategories.status === 'error';
}
