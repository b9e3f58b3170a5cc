// Applies a staged package in one transaction: everything it changes becomes visible at once, or, when any
// statement fails, nothing does. The catalogue version is bumped once at the end (the response caches of
// every process drop their answers once, not once per statement). Returns what it did and what it could not.
import type { Queryable } from '../db/public.ts';
import { uniqueSlug } from '../lib/public.ts';
import {
  bumpCatalogueVersion,
  countOffersWithoutProduct,
  deactivateUnlisted,
  emptyUnlistedVariants,
  hideUnlistedProducts,
  insertBrands,
  insertColors,
  newNames,
  offersWithoutProduct,
  quietCatalogueTriggers,
  rememberListed,
  replacePictures,
  savePictures,
  setPrices,
  settleShown,
  takenSlugs,
  unevenlyPriced,
  unmatchedGroups,
  upsertGroups,
  upsertProducts,
  upsertVariants,
} from './apply-sql.ts';
import { matchGroups } from './group-categories.ts';
import { ONE_SIZE, type PackageSummary } from './package-reader.ts';
import { saveDictionaries } from './staging-sql.ts';
import { markSessionChangesOnly, sessionHadChangesOnly } from './exchange-sql.ts';

/** The colour of goods whose package names none. */
export const NO_COLOR = 'без цвета';

/** Shades of the colour names 1C most often sends, for the colour filter's swatches; any other is grey. */
const SHADES: Record<string, string> = {
  черный: '#1A1A1A',
  белый: '#FFFFFF',
  красный: '#D32F2F',
  синий: '#1E3A8A',
  голубой: '#7EC8E3',
  зеленый: '#2E7D32',
  желтый: '#F9D648',
  розовый: '#F4A6C0',
  бежевый: '#D9C2A3',
  серый: '#9E9E9E',
  коричневый: '#6D4C41',
  оранжевый: '#F57C00',
  фиолетовый: '#6A1B9A',
  сиреневый: '#B39DDB',
  бордовый: '#7B1E3A',
  бирюзовый: '#26A69A',
  коралловый: '#FF7F50',
  хаки: '#7C7C54',
  молочный: '#FFF8E7',
  золотой: '#D4AF37',
  серебряный: '#C0C0C0',
  мятный: '#98D8C8',
};
const GREY = '#BDBDBD';

export interface Applied {
  counts: Record<string, number>;
  problems: string[];
}

const freshSlugs = (names: readonly string[], taken: Set<string>, fallback: string) =>
  names.map((name) => ({ name, slug: uniqueSlug(name, taken, fallback) }));

async function addBrandsAndColors(tx: Queryable, runId: number, shopName: string): Promise<number> {
  const brands = freshSlugs(await newNames(tx, runId, 'brands', shopName), await takenSlugs(tx, 'brands'), 'brand');
  await insertBrands(tx, brands);
  const colors = freshSlugs(await newNames(tx, runId, 'colors', NO_COLOR), await takenSlugs(tx, 'colors'), 'color');
  await insertColors(
    tx,
    colors.map((c) => ({ ...c, hex: SHADES[c.name.trim().toLowerCase().replace(/ё/g, 'е')] ?? GREY })),
  );
  return brands.length + colors.length;
}

export interface ApplyInput {
  runId: number;
  summary: PackageSummary;
  fileName: string;
  /** The shop's name: the brand of goods whose package names none. */
  shopName: string;
  /** Pictures the package sent: where 1C's path is kept now. */
  pictures: [string, string][];
  /** 1C's session (its cookie): what a split catalogue listed is kept under it for mode=deactivate. */
  session: string;
}

export async function applyPackage(tx: Queryable, input: ApplyInput): Promise<Applied> {
  const { runId, summary, fileName } = input;
  const counts: Record<string, number> = {};
  const problems: string[] = [];
  await quietCatalogueTriggers(tx);
  await saveDictionaries(tx, summary.newProperties, summary.newValues);
  await addBrandsAndColors(tx, runId, input.shopName);

  // A package of a catalogue split over files (2.08+) is never the whole: what none of the session's files
  // listed is hidden at its mode=deactivate. An older full package is the whole, and hides the rest itself.
  const whole = !summary.changesOnly && !summary.split;
  if (summary.changesOnly) await markSessionChangesOnly(tx, input.session);
  if (summary.kind === 'catalogue') {
    await upsertGroups(tx, runId);
    await matchGroups(tx);
    await savePictures(tx, input.pictures);
    const { created, updated } = await upsertProducts(tx, runId, input.shopName, NO_COLOR);
    counts.productsCreated = created;
    counts.productsUpdated = updated;
    await replacePictures(tx, runId);
    if (whole && summary.listsGoods) counts.productsUnlisted = await hideUnlistedProducts(tx, runId);
    if (summary.split && summary.listsGoods) await rememberListed(tx, runId, input.session, 'products');
    for (const g of await unmatchedGroups(tx, runId)) {
      problems.push(
        `${fileName}: группа «${g.name}» не соответствует ни одному разделу магазина; её товары (${g.products}) скрыты. ` +
          `Назовите группу верхнего уровня как раздел магазина (например, «Купальники») или перенесите в неё подгруппу`,
      );
    }
  } else {
    const orphans = await countOffersWithoutProduct(tx, runId);
    if (orphans) {
      for (const o of await offersWithoutProduct(tx, runId))
        problems.push(
          `${fileName}, строка ${o.line}: предложение ${o.ext_id} пропущено: товара ${o.product_ext_id} нет в каталоге (import.xml)`,
        );
      if (orphans > 50) problems.push(`${fileName}: и ещё ${orphans - 50} предложений без товара в каталоге`);
    }
    const { created, updated } = await upsertVariants(tx, runId, ONE_SIZE);
    counts.offersCreated = created;
    counts.offersUpdated = updated;
    const prices = await setPrices(tx, runId);
    counts.pricesChanged = prices.priced;
    counts.productsShown = prices.shown;
    if (whole && summary.listsOffers) counts.offersEmptied = await emptyUnlistedVariants(tx, runId);
    if (summary.split && summary.listsOffers) await rememberListed(tx, runId, input.session, 'offers');
    for (const p of await unevenlyPriced(tx, runId)) {
      problems.push(
        `${fileName}: размеры товара «${p.name}» (${p.ext_id}) стоят по-разному (${p.low}–${p.high} ₽); магазин продаёт все размеры по ${p.low} ₽`,
      );
    }
  }
  const { shown, hidden } = await settleShown(tx);
  counts.productsShown = (counts.productsShown ?? 0) + shown;
  counts.productsHidden = hidden;
  await bumpCatalogueVersion(tx);
  return { counts, problems };
}

/**
 * 1C's mode=deactivate (2.08+), after a full catalogue in several files: hides what none of the session's
 * files listed, in one transaction with one catalogue version bump. Nothing when a package of the session
 * held only changes.
 */
export async function deactivateSession(tx: Queryable, session: string): Promise<Record<string, number>> {
  await quietCatalogueTriggers(tx);
  if (await sessionHadChangesOnly(tx, session)) return {};
  const done = await deactivateUnlisted(tx, session);
  const { hidden } = await settleShown(tx);
  await bumpCatalogueVersion(tx);
  return { ...done, productsHidden: hidden };
}
