// Seeds the catalogue's frame: categories (with depth and position), category tags, brands, colours and
// landing pages; then hands over to products.ts for the goods themselves.
import type { Queryable } from '../driver.ts';
import { insertRows } from './bulk.ts';
import { BRANDS, CATEGORY_TREE, COLORS, type CatNode, type LeafSpec } from './catalog-data.ts';
import { seedProducts } from './products.ts';
import type { Rng } from './random.ts';

/** A category that products can be attached to (it has no children). */
export interface LeafRef {
  id: number;
  path: string;
  root: string;
  rootWeight: number;
  spec: LeafSpec;
  /** Tags of the leaf and all its ancestors. */
  tags: readonly { id: number; slug: string }[];
}

export interface BrandRef {
  id: number;
  slug: string;
  roots: readonly string[];
  factor: number;
  inMenu: boolean;
}

export interface CatalogRefs {
  leaves: readonly LeafRef[];
  brands: readonly BrandRef[];
  colors: readonly { id: number; slug: string }[];
}

interface CategoryRow {
  id: number;
  parent_id: number | null;
  slug: string;
  path: string;
  name: string;
  depth: number;
  position: number;
}

/** Ids go level by level (the 7 roots are 1..7 in site order), so they read naturally in the database. */
function flattenTree(): {
  categories: CategoryRow[];
  tags: { id: number; category_id: number; slug: string; name: string }[];
  leaves: LeafRef[];
} {
  const categories: CategoryRow[] = [];
  const tags: { id: number; category_id: number; slug: string; name: string }[] = [];
  const leaves: LeafRef[] = [];
  type Item = { node: CatNode; parent: CategoryRow | null; position: number; root: CatNode; inherited: { id: number; slug: string }[] };
  let level: Item[] = CATEGORY_TREE.map((node, position) => ({ node, parent: null, position, root: node, inherited: [] }));
  while (level.length) {
    const next: Item[] = [];
    for (const { node, parent, position, root, inherited } of level) {
      const row: CategoryRow = {
        id: categories.length + 1,
        parent_id: parent ? parent.id : null,
        slug: node.slug,
        path: parent ? `${parent.path}/${node.slug}` : node.slug,
        name: node.name,
        depth: parent ? parent.depth + 1 : 0,
        position,
      };
      categories.push(row);
      const own = (node.tags ?? []).map(([slug, name]) => {
        const tag = { id: tags.length + 1, category_id: row.id, slug, name };
        tags.push(tag);
        return { id: tag.id, slug };
      });
      const chain = [...inherited, ...own];
      if (node.children?.length) {
        node.children.forEach((child, i) => next.push({ node: child, parent: row, position: i, root, inherited: chain }));
      } else if (node.leaf) {
        leaves.push({ id: row.id, path: row.path, root: root.slug, rootWeight: root.weight ?? 1, spec: node.leaf, tags: chain });
      } else {
        throw new Error(`seed: category ${row.path} has neither children nor goods`);
      }
    }
    level = next;
  }
  return { categories, tags, leaves };
}

const LANDING_PAGES = [
  {
    slug: 'kupalniki-dlya-otpuska',
    title: 'Купальники для отпуска',
    description: 'Купальники, которые стоит взять с собой на море: яркие принты, быстросохнущие ткани и удобная посадка.',
    filter: { categories: ['kupalniki'], tags: ['dlya-otpuska'] },
  },
  {
    slug: 'vsyo-do-3000',
    title: 'Всё до 3 000 ₽',
    description: 'Пляжные аксессуары, бельё, детские вещи и купальники по цене до 3 000 ₽.',
    filter: { price_max: 3000, sort: 'price_asc' },
  },
  {
    slug: 'chernye-kupalniki',
    title: 'Чёрные купальники',
    description: 'Классика, которая всегда в моде: слитные, раздельные купальники и бикини чёрного цвета.',
    filter: { categories: ['kupalniki'], colors: ['chernyj'] },
  },
  {
    slug: 'premium-brendy',
    title: 'Премиальные бренды',
    description: 'Купальники и пляжная одежда Beach Bunny, Luli Fama и Nuria Ferrer от 10 000 ₽.',
    filter: { brands: ['beach-bunny', 'luli-fama', 'nuria-ferrer'], price_min: 10000, sort: 'popular' },
  },
];

export async function seedCatalog(q: Queryable, rng: Rng, offers: number, photos: string[]): Promise<Record<string, number>> {
  const { categories, tags, leaves } = flattenTree();
  let menuPosition = 0;
  let otherPosition = 100;
  const brandRows = BRANDS.map((b, i) => ({
    id: i + 1,
    slug: b.slug,
    name: b.name,
    description: b.description,
    country: b.country,
    in_menu: b.inMenu,
    position: b.inMenu ? menuPosition++ : otherPosition++,
  }));
  const colorRows = COLORS.map((c, i) => ({ id: i + 1, slug: c.slug, name: c.name, hex: c.hex }));

  const counts: Record<string, number> = {
    categories: await insertRows(q, 'categories', categories),
    category_tags: await insertRows(q, 'category_tags', tags),
    brands: await insertRows(q, 'brands', brandRows),
    colors: await insertRows(q, 'colors', colorRows),
    landing_pages: await insertRows(q, 'landing_pages', LANDING_PAGES),
  };
  const refs: CatalogRefs = {
    leaves,
    brands: BRANDS.map((b, i) => ({ id: i + 1, slug: b.slug, roots: b.roots, factor: b.factor, inMenu: b.inMenu })),
    colors: colorRows.map((c) => ({ id: c.id, slug: c.slug })),
  };
  Object.assign(counts, await seedProducts(q, rng.fork('products'), refs, offers, photos));
  return counts;
}
