// Seeds the goods: products with names, prices, flags and dates, their images, their size/colour variants
// and their tags, all drawn from the seeded PRNG so the same count always gives the same rows.
import type { Queryable } from '../driver.ts';
import { insertRows } from './bulk.ts';
import { slugOf } from '../../lib/public.ts';
import { MODELS, SIZES } from './catalog-data.ts';
import { DESCRIPTION } from './catalog-texts.ts';
import type { CatalogRefs, LeafRef } from './catalog.ts';
import type { Rng } from './random.ts';

/** Product dates are counted back from here, never from now(), so the data is reproducible. */
const BASE_DATE = Date.UTC(2026, 10, 1); // 2026-11-01T00:00:00Z
const DAY = 86_400_000;
const SPREAD_DAYS = 120;
const NEW_DAYS = 25; // the newest ~20% are "new"

const MIN_PRICE = 990;
const MAX_PRICE = 24_990;
const DISCOUNTS = [0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5];

/** Whole roubles ending in 0 or 90 ("4 990", "12 400"), within the shop's range. */
function roundPrice(rng: Rng, x: number): number {
  let p = Math.round(x / 100) * 100;
  if (rng.chance(0.7)) p -= 10;
  return Math.min(MAX_PRICE, Math.max(MIN_PRICE, p));
}

/** An old price ending in 90 that makes a 10–50% discount. */
function oldPriceFor(rng: Rng, price: number): number {
  const d = rng.pick(DISCOUNTS);
  let old = Math.ceil(price / (1 - d) / 100) * 100 - 10;
  while (1 - price / old > 0.5) old -= 100;
  while (old <= price || 1 - price / old < 0.1) old += 100;
  return old;
}

type RootPool = { weight: number; leaves: LeafRef[] };

function pickLeaf(rng: Rng, leaves: readonly LeafRef[], roots: readonly RootPool[], index: number): LeafRef {
  // The first products cover every leaf once, so no category is ever empty; then roots by weight.
  if (index < leaves.length) return leaves[index] as LeafRef;
  return rng.pick(rng.weighted(roots, (r) => r.weight).leaves);
}

/** A sentence naming a material (left) is only used when the composition (right) has it. */
const MATERIALS: readonly (readonly [RegExp, RegExp])[] = [
  [/вискоз/i, /вискоз/],
  [/хлоп/i, /хлоп/],
  [/кружев/i, /кружев/],
  [/(^|\s)л[её]н|льн/i, /лён/],
  [/переработ/i, /переработ/],
  [/модал/i, /модал/],
  [/натуральн/i, /лён|хлоп|шёлк|кож|солом|рафи|махр/],
];

/** A product type naming a material (left) gets a composition that has it (right). */
const TYPE_MATERIALS: readonly (readonly [RegExp, RegExp])[] = [
  [/льнян/i, /лён/],
  [/джинс/i, /хлоп/],
  [/кружевн/i, /кружев/],
  [/соломен/i, /солом/],
  [/плетёная сумка/i, /солом|рафи/],
  [/ремень плетёный/i, /шнур/],
  [/ремень кожаный/i, /кож/],
  [/полотенц/i, /махр|микрофибр/],
  [/очки/i, /Оправа/],
  [/кепк|панам|шляп/i, /хлоп|солом|рафи/],
];

function pickComposition(rng: Rng, pool: readonly string[], type: string): string {
  const fitting = pool.filter((c) => TYPE_MATERIALS.every(([said, needs]) => !said.test(type) || needs.test(c)));
  return rng.pick(fitting.length ? fitting : pool);
}

function pickSentence(rng: Rng, pool: readonly string[], composition: string): string {
  const fitting = pool.filter((s) => MATERIALS.every(([said, needs]) => !said.test(s) || needs.test(composition)));
  return rng.pick(fitting.length ? fitting : pool);
}

/** Tags that only fit some goods. */
function tagFits(slug: string, composition: string, description: string): boolean {
  if (slug === 'iz-lna' || slug === 'lnyanye') return composition.includes('лён');
  if (slug === 'kruzhevnoe') return composition.includes('кружев') || description.includes('кружев');
  return true;
}

/** The goods' pictures: the demo's photographs when there are (each product its own run of them), else drawings. */
const pictureUrl = (photos: string[], id: number, n: number) =>
  photos.length ? photos[(id * 5 + n) % photos.length]! : `/media/offer/${id}-${n}.svg`;

export async function seedProducts(
  q: Queryable,
  rng: Rng,
  refs: CatalogRefs,
  count: number,
  photos: string[],
): Promise<Record<string, number>> {
  const products: object[] = [];
  const images: object[] = [];
  const variants: object[] = [];
  const productTags: object[] = [];
  const slugs = new Map<string, number>();
  const leavesByRoot = new Map<string, LeafRef[]>();
  for (const leaf of refs.leaves) leavesByRoot.set(leaf.root, [...(leavesByRoot.get(leaf.root) ?? []), leaf]);
  const roots: RootPool[] = [...leavesByRoot.values()].map((ls) => ({ weight: (ls[0] as LeafRef).rootWeight, leaves: ls }));
  const brandsByRoot = new Map([...leavesByRoot.keys()].map((root) => [root, refs.brands.filter((b) => b.roots.includes(root))]));

  for (let i = 0; i < count; i++) {
    const id = i + 1;
    const leaf = pickLeaf(rng, refs.leaves, roots, i);
    const spec = leaf.spec;
    const brand = rng.weighted(brandsByRoot.get(leaf.root) ?? refs.brands, (b) => (b.inMenu && leaf.root === 'kupalniki' ? 3 : 1));

    const type = rng.pick(spec.types);
    const name = `${type} «${rng.pick(spec.models ?? MODELS)}»`;
    const base = slugOf(name);
    const seen = slugs.get(base) ?? 0;
    slugs.set(base, seen + 1);
    const slug = seen ? `${base}-${seen + 1}` : base;

    const composition = pickComposition(rng, spec.comp, type);
    const texts = DESCRIPTION[spec.desc];
    const sentences = [pickSentence(rng, texts.intro, composition), pickSentence(rng, texts.feature, composition)];
    if (rng.chance(0.6)) sentences.push(rng.pick(texts.care));
    const description = sentences.join(' ');

    const [lo, hi] = spec.price;
    const price = roundPrice(rng, lo * Math.pow(hi / lo, rng.next()) * brand.factor);
    const isSale = rng.chance(0.25);
    const ageMs = rng.int(0, (SPREAD_DAYS * DAY) / 1000 - 1) * 1000;
    const isNew = ageMs < NEW_DAYS * DAY;
    const popularity = Math.floor(rng.next() ** 2 * 1000);
    const isSet = !!spec.sets && rng.chance(0.5);

    const main = rng.pick(refs.colors);
    const colors = rng.chance(0.45) ? [main, rng.pick(refs.colors.filter((c) => c !== main))] : [main];

    products.push({
      id,
      slug,
      category_id: leaf.id,
      brand_id: brand.id,
      color_id: main.id,
      name,
      description,
      composition,
      price,
      old_price: isSale ? oldPriceFor(rng, price) : null,
      is_new: isNew,
      is_sale: isSale,
      is_set: isSet,
      popularity,
      active: !rng.chance(0.02),
      created_at: new Date(BASE_DATE - ageMs).toISOString(),
    });

    const imageCount = rng.int(3, 4);
    for (let n = 1; n <= imageCount; n++) {
      images.push({ id: images.length + 1, product_id: id, url: pictureUrl(photos, id, n), position: n - 1, is_main: n === 1 });
    }

    let sizes = SIZES[spec.kind];
    if (sizes.length > 4 && rng.chance(0.3)) sizes = rng.chance(0.5) ? sizes.slice(1) : sizes.slice(0, -1);
    const kinds = isSet ? (['top', 'bottom'] as const) : (['size'] as const);
    let position = 0;
    for (const color of colors) {
      for (const kind of kinds) {
        for (const size of sizes) {
          const code = size === 'Один размер' ? 'os' : size.toLowerCase();
          variants.push({
            id: variants.length + 1,
            product_id: id,
            ext_id: `${id}-${color.slug}-${kind === 'size' ? '' : `${kind}-`}${code}`,
            kind,
            size,
            color_id: color.id,
            stock: rng.chance(0.1) ? 0 : rng.int(1, 12),
            position: position++,
          });
        }
      }
    }

    for (const tag of leaf.tags) {
      const fits =
        tag.slug === 'novaya-kollekciya'
          ? isNew && rng.chance(0.8)
          : tag.slug === 'hity-prodazh'
            ? popularity >= 700
            : tagFits(tag.slug, composition, description) && rng.chance(0.3);
      if (fits) productTags.push({ product_id: id, tag_id: tag.id });
    }
  }

  return {
    products: await insertRows(q, 'products', products),
    product_images: await insertRows(q, 'product_images', images),
    product_variants: await insertRows(q, 'product_variants', variants),
    product_tags: await insertRows(q, 'product_tags', productTags),
  };
}
