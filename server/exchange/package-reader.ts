// Reads one CommerceML 2 package (schema 2.04 to 2.10) into rows to stage: import.xml's classifier (groups,
// properties with their values) and goods, or an offers package (offers.xml; 2.08+ also splits it into
// prices*.xml and rests*.xml): sizes as characteristics of a product (`<product>#<characteristic>`), the
// shop's price from the chosen price type, stock as a quantity or per warehouse. What it cannot use it
// reports in Russian with the file, the line and the product; what it can, it hands to the sink in batches.
import sanitizeHtml from 'sanitize-html';
import { slugOf } from '../lib/public.ts';
import { child, children, readXmlRecords, textAt, XmlFileError, type XmlNode } from './xml-records.ts';
import type { StagedGroup, StagedOffer, StagedProduct } from './staging-sql.ts';

/** The size of a product that has no sizes (an offer without a characteristic), as the shop's seed names it. */
export const ONE_SIZE = 'Один размер';

/** Rows staged at once. */
const BATCH = 1000;

export interface PackageSink {
  groups(rows: StagedGroup[]): Promise<void>;
  products(rows: StagedProduct[]): Promise<void>;
  offers(rows: StagedOffer[]): Promise<void>;
}

/** What 1C's classifier named before (and this package adds): properties and their values by Ид. */
export interface Dictionaries {
  properties: Map<string, string>;
  /** `${property Ид}\n${value Ид}` → the value. */
  values: Map<string, string>;
}

export interface PackageSummary {
  kind: 'catalogue' | 'offers';
  changesOnly: boolean;
  /** The file listed goods (Каталог/Товары) or offers (Предложения): only then may a full one hide what it left out. */
  listsGoods: boolean;
  listsOffers: boolean;
  /**
   * Schema 2.08 and later: 1C splits a catalogue into several files (import0_1.xml, offers0_1.xml, prices…,
   * rests…), none of them the whole, and asks at the end to hide what none listed (mode=deactivate).
   */
  split: boolean;
  groups: number;
  products: number;
  offers: number;
  /** The classifier's properties and values this package named, to keep for later packages. */
  newProperties: [string, string][];
  newValues: [string, string, string][];
}

export interface ReadOptions {
  /** The file's name as 1C sent it, for messages. */
  fileName: string;
  /** The price type that is the shop's price, by name (EXCHANGE_PRICE_TYPE); the package's first otherwise. */
  priceType?: string;
  dictionaries: Dictionaries;
  /** Collects a problem that does not stop the package. */
  problem(message: string): void;
}

const ROOT = 'КоммерческаяИнформация';
const CLASSIFIER = `${ROOT}/Классификатор`;
const CATALOGUE = `${ROOT}/Каталог`;
const OFFERS = `${ROOT}/ПакетПредложений`;

const BRAND_PROPERTIES = ['бренд', 'торговая марка', 'марка', 'производитель'];
const COLOR_PROPERTIES = ['цвет'];
const SIZE_WORD = 'размер';

const isTrue = (s: string | undefined) => /^(true|1|да)$/i.test((s ?? '').trim());
const lowered = (s: string) => s.trim().toLowerCase().replace(/ё/g, 'е');

/** Deleted in 1C: `Статус` «Удален» (an element from 2.05, an attribute in 2.04) or ПометкаУдаления. */
const isDeleted = (node: XmlNode) =>
  /^удал[её]н$/i.test(textAt(node, 'Статус') || node.attrs['Статус'] || '') || isTrue(textAt(node, 'ПометкаУдаления'));

/** A description as plain text: 1C may send HTML (ФорматHTML="true"); the shop shows text. */
function plainText(node: XmlNode | undefined): string {
  if (!node) return '';
  const raw = node.text.trim();
  if (!isTrue(node.attrs['ФорматHTML']) && !/<[a-z][^>]*>/i.test(raw)) return raw;
  const text = sanitizeHtml(raw.replace(/<br\s*\/?>|<\/p>/gi, '\n'), { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The most a price or a quantity may be: what the database's integer holds. */
const MAX_NUMBER = 2_147_483_647;

/** A price as whole roubles («4990.00», «4 990,50»); null when it is not a positive number the shop can hold. */
function roubles(raw: string): number | null {
  const n = Math.round(Number(raw.replace(/\s/g, '').replace(',', '.')));
  return Number.isFinite(n) && n > 0 && n <= MAX_NUMBER ? n : null;
}

/** A quantity as whole units, none below zero (1C may hold a negative balance); null when it is not a number. */
function units(raw: string): number | null {
  if (raw === '') return null;
  const n = Math.max(0, Math.floor(Number(raw.replace(/\s/g, '').replace(',', '.'))));
  return Number.isFinite(n) ? n : null;
}

/** The batches of one kind of row, handed to the sink each time BATCH are ready and once at the end. */
class Batcher<T> {
  private rows: T[] = [];
  count = 0;
  constructor(private readonly flushTo: (rows: T[]) => Promise<void>) {}
  async add(row: T): Promise<void> {
    this.rows.push(row);
    this.count += 1;
    if (this.rows.length >= BATCH) await this.flush();
  }
  async flush(): Promise<void> {
    if (this.rows.length) await this.flushTo(this.rows.splice(0));
  }
}

export async function readPackage(file: string, sink: PackageSink, opts: ReadOptions): Promise<PackageSummary> {
  const { dictionaries, fileName } = opts;
  const where = (line: number) => `${fileName}, строка ${line}`;
  const summary: PackageSummary = {
    kind: 'catalogue',
    changesOnly: false,
    listsGoods: false,
    listsOffers: false,
    split: false,
    groups: 0,
    products: 0,
    offers: 0,
    newProperties: [],
    newValues: [],
  };
  let kindSeen = false;
  const groups = new Batcher(sink.groups);
  const products = new Batcher(sink.products);
  const offers = new Batcher(sink.offers);
  const priceTypes: { id: string; name: string }[] = [];
  let priceTypeId: string | null | undefined; // undefined: not chosen yet; null: the package has no price types

  const propertyOf = (pairs: XmlNode | undefined, names: string[]): string | null => {
    for (const pair of children(pairs, 'ЗначенияСвойства')) {
      const property = dictionaries.properties.get(textAt(pair, 'Ид'));
      if (!property || !names.includes(lowered(property))) continue;
      const raw = textAt(pair, 'Значение');
      const value = dictionaries.values.get(`${textAt(pair, 'Ид')}\n${raw}`) ?? raw;
      if (value) return value;
    }
    return null;
  };

  const addGroups = async (list: XmlNode | undefined, parent: string | null) => {
    for (const g of children(list, 'Группа')) {
      const id = textAt(g, 'Ид');
      const name = textAt(g, 'Наименование');
      if (!id || !name) {
        opts.problem(`${where(g.line)}: группа без Ид или наименования пропущена`);
        continue;
      }
      if (isDeleted(g)) continue;
      await groups.add({ ext_id: id, parent_ext_id: parent, name });
      await addGroups(child(g, 'Группы'), id);
    }
  };

  const addProperty = (p: XmlNode) => {
    const id = textAt(p, 'Ид');
    const name = textAt(p, 'Наименование');
    if (!id || !name) return;
    dictionaries.properties.set(id, name);
    summary.newProperties.push([id, name]);
    for (const v of children(child(p, 'ВариантыЗначений'), 'Справочник')) {
      const valueId = textAt(v, 'ИдЗначения');
      const value = textAt(v, 'Значение');
      if (!valueId || !value) continue;
      dictionaries.values.set(`${id}\n${valueId}`, value);
      summary.newValues.push([id, valueId, value]);
    }
  };

  const addProduct = async (p: XmlNode) => {
    const ext = textAt(p, 'Ид').split('#')[0];
    const name = textAt(p, 'Наименование');
    if (!ext) return opts.problem(`${where(p.line)}: товар без Ид пропущен`);
    if (!name && !isDeleted(p)) return opts.problem(`${where(p.line)}: товар ${ext} без наименования пропущен`);
    const pictures = children(p, 'Картинка')
      .map((c) => c.text.trim())
      .filter(Boolean);
    await products.add({
      line: p.line,
      ext_id: ext,
      article: textAt(p, 'Артикул'),
      name,
      slug: slugOf(name) || 'tovar',
      description: plainText(child(p, 'Описание')),
      group_ext_id: textAt(p, 'Группы', 'Ид') || null,
      brand: propertyOf(child(p, 'ЗначенияСвойств'), BRAND_PROPERTIES) ?? (textAt(p, 'Изготовитель', 'Наименование') || null),
      color: propertyOf(child(p, 'ЗначенияСвойств'), COLOR_PROPERTIES),
      pictures: child(p, 'Картинка') ? pictures : null,
      deleted: isDeleted(p),
    });
  };

  const choosePriceType = (): string | null => {
    if (priceTypeId !== undefined) return priceTypeId;
    if (!priceTypes.length) return (priceTypeId = null);
    const wanted = opts.priceType && lowered(opts.priceType);
    const found = wanted ? priceTypes.find((t) => lowered(t.name) === wanted) : priceTypes[0];
    if (!found) {
      throw new XmlFileError(
        `тип цен «${opts.priceType}» (настройка EXCHANGE_PRICE_TYPE) не найден в пакете: в нём ${priceTypes.map((t) => `«${t.name}»`).join(', ')}`,
      );
    }
    return (priceTypeId = found.id);
  };

  const addOffer = async (o: XmlNode) => {
    const ext = textAt(o, 'Ид');
    if (!ext) return opts.problem(`${where(o.line)}: предложение без Ид пропущено`);
    const [productExt] = ext.split('#');
    let size: string | null = null;
    let color: string | null = null;
    const traits = children(child(o, 'ХарактеристикиТовара'), 'ХарактеристикаТовара');
    for (const t of traits) {
      const trait = lowered(textAt(t, 'Наименование'));
      if (trait.includes(SIZE_WORD)) size ||= textAt(t, 'Значение') || null;
      else if (COLOR_PROPERTIES.includes(trait)) color ||= textAt(t, 'Значение') || null;
    }
    // No size named: a known size stays as it was, and a new one is «Один размер» (apply-sql.ts).

    let price: number | null = null;
    const prices = children(child(o, 'Цены'), 'Цена');
    if (prices.length) {
      const typeId = choosePriceType();
      const chosen = typeId === null ? prices[0] : prices.find((c) => textAt(c, 'ИдТипаЦены') === typeId);
      if (chosen) {
        price = roubles(textAt(chosen, 'ЦенаЗаЕдиницу'));
        if (price === null)
          opts.problem(`${where(chosen.line)}: цена предложения ${ext} не число больше нуля (или слишком велика); цена не изменена`);
      }
    }

    let quantity = units(textAt(o, 'Количество'));
    const rests = children(child(o, 'Остатки'), 'Остаток');
    const stores = children(o, 'Склад');
    if (quantity === null && rests.length) {
      quantity = rests.reduce((sum, r) => sum + (units(textAt(r, 'Склад', 'Количество') || textAt(r, 'Количество')) ?? 0), 0);
    } else if (quantity === null && stores.length) {
      quantity = stores.reduce((sum, s) => sum + (units(s.attrs['КоличествоНаСкладе'] ?? '') ?? 0), 0);
    }
    if (quantity !== null && quantity > MAX_NUMBER) {
      opts.problem(`${where(o.line)}: остаток предложения ${ext} (${quantity}) больше, чем магазин может хранить; остаток не изменён`);
      quantity = null;
    }

    await offers.add({
      line: o.line,
      ext_id: ext,
      product_ext_id: productExt,
      size,
      color,
      price,
      quantity,
      deleted: isDeleted(o),
    });
  };

  const noteChangesOnly = (attrs: Record<string, string>) => {
    if (isTrue(attrs['СодержитТолькоИзменения'])) summary.changesOnly = true;
  };
  const noteKind = (kind: PackageSummary['kind']) => {
    if (kindSeen && summary.kind !== kind)
      throw new XmlFileError('в одном файле и каталог, и пакет предложений: пришлите их отдельными файлами');
    kindSeen = true;
    summary.kind = kind;
  };

  await readXmlRecords(file, {
    onOpen(path, attrs) {
      if (path === ROOT) {
        const version = attrs['ВерсияСхемы'] ?? '';
        if (version && !/^2\.\d+/.test(version))
          throw new XmlFileError(`версия схемы ${version} не поддерживается: нужна CommerceML 2 (2.04–2.10)`);
        summary.split = Number(version.slice(2)) >= 8;
      } else if (path === CATALOGUE) {
        noteKind('catalogue');
        noteChangesOnly(attrs);
      } else if (path === OFFERS) {
        noteKind('offers');
        noteChangesOnly(attrs);
      } else if (path === CLASSIFIER) noteKind('catalogue');
      else if (path === `${CATALOGUE}/Товары`) summary.listsGoods = true;
      else if (path === `${OFFERS}/Предложения`) summary.listsOffers = true;
    },
    records: {
      [`${CLASSIFIER}/Группы`]: (node) => addGroups(node, null),
      [`${CLASSIFIER}/Свойства/Свойство`]: addProperty,
      [`${CLASSIFIER}/Свойства/СвойствоНоменклатуры`]: addProperty,
      [`${CATALOGUE}/СодержитТолькоИзменения`]: (node) => noteChangesOnly({ СодержитТолькоИзменения: node.text }),
      [`${CATALOGUE}/Товары/Товар`]: addProduct,
      [`${OFFERS}/СодержитТолькоИзменения`]: (node) => noteChangesOnly({ СодержитТолькоИзменения: node.text }),
      [`${OFFERS}/ТипыЦен/ТипЦены`]: (node) => {
        const id = textAt(node, 'Ид');
        if (id) priceTypes.push({ id, name: textAt(node, 'Наименование') });
      },
      [`${OFFERS}/Предложения/Предложение`]: addOffer,
    },
  });
  if (!kindSeen) throw new XmlFileError('в файле нет ни каталога (Классификатор, Каталог), ни пакета предложений (ПакетПредложений)');
  await groups.flush();
  await products.flush();
  await offers.flush();
  summary.groups = groups.count;
  summary.products = products.count;
  summary.offers = offers.count;
  return summary;
}
