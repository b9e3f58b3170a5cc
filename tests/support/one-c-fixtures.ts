// Packages a swimwear shop's 1C sends, written for this project in the public CommerceML 2 format: the
// classifier (groups, «Бренд» and «Цвет» with their value lists), the goods, and the offers with sizes as
// characteristics (`<product>#<characteristic>`), two price types, stock as a quantity, per warehouse
// (2.08's Остатки) and as 2.04's Склад attributes. Each builder takes what a test changes (a changes-only
// package, goods left out, another encoding) and gives the bytes 1C would send.
import iconv from 'iconv-lite';
import type { Package } from '../../scripts/stand-in-1c.ts';

export type Encoding = 'windows-1251' | 'utf-8';

/** 1C's Ид of the fixture's goods and groups (GUIDs, as 1C makes them). */
export const IDS = {
  swim: 'a0f1c001-0000-4000-8000-000000000001',
  swimOne: 'a0f1c001-0000-4000-8000-000000000002',
  swimBeach: 'a0f1c001-0000-4000-8000-000000000003',
  lingerie: 'a0f1c001-0000-4000-8000-000000000004',
  bras: 'a0f1c001-0000-4000-8000-000000000005',
  misc: 'a0f1c001-0000-4000-8000-000000000006',
  malta: 'b0f1c001-0000-4000-8000-000000000001',
  coral: 'b0f1c001-0000-4000-8000-000000000002',
  lavender: 'b0f1c001-0000-4000-8000-000000000003',
  towel: 'b0f1c001-0000-4000-8000-000000000004',
  retail: 'c0f1c001-0000-4000-8000-000000000001',
  wholesale: 'c0f1c001-0000-4000-8000-000000000002',
  store: 'd0f1c001-0000-4000-8000-000000000001',
  store2: 'd0f1c001-0000-4000-8000-000000000002',
} as const;

/** The names the shop shows for the fixture's goods. */
export const NAMES = {
  malta: 'Купальник слитный «Мальта» 1С',
  coral: 'Купальник раздельный «Коралл» 1С',
  lavender: 'Бюстгальтер «Лаванда» 1С',
  towel: 'Полотенце пляжное 1С',
} as const;

/** The new brand the fixture brings (Luli Fama is one the shop has already). */
export const NEW_BRAND = 'Морской Бриз';
/** The new subgroup of «Купальники»: the import makes it a subcategory. */
export const NEW_SUBGROUP = 'Пляжная коллекция 1С';
/** A top-level group named like no root of the shop: its goods stay hidden. */
export const UNMATCHED_GROUP = 'Прочее';

/** Picture files of the package (small real PNG and JPEG, as a browser decodes them), under 1C's import_files/. */
export const PICTURES: Record<string, Buffer> = {
  'import_files/b0/malta1.png': Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
  'import_files/b0/coral1.jpg': Buffer.from(
    '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAFAAQDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCgAKUD/9k=',
    'base64',
  ),
  'import_files/b0/coral2.png': Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAFCAIAAADtz9qMAAAAEElEQVR4nGP4Xx8ARwxkcACjNSQZW+7TGAAAAABJRU5ErkJggg==',
    'base64',
  ),
};

const encode = (name: string, xml: string, encoding: Encoding): Package => {
  const text = `<?xml version="1.0" encoding="${encoding === 'utf-8' ? 'UTF-8' : 'windows-1251'}"?>\n${xml}`;
  return { name, bytes: encoding === 'utf-8' ? Buffer.from(text, 'utf8') : iconv.encode(text, 'win1251') };
};

const group = (id: string, name: string, inner = '') =>
  `<Группа><Ид>${id}</Ид><Наименование>${name}</Наименование>${inner ? `<Группы>${inner}</Группы>` : ''}</Группа>`;

interface Good {
  key: keyof typeof NAMES;
  group: string;
  article: string;
  description: string;
  brand?: string; // a value Ид of «Бренд»
  color?: string; // a value Ид of «Цвет»
  pictures: string[];
}

const GOODS: Good[] = [
  {
    key: 'malta',
    group: IDS.swimOne,
    article: 'LF-101',
    description: 'Слитный купальник из плотного итальянского трикотажа.',
    brand: 'brand-lf',
    color: 'color-black',
    pictures: ['import_files/b0/malta1.png'],
  },
  {
    key: 'coral',
    group: IDS.swimBeach,
    article: 'MB-202',
    description: '<p>Раздельный купальник с <b>высокими</b> плавками.</p><p>Ткань &amp; подкладка — полиамид.</p>',
    brand: 'brand-mb',
    color: 'color-coral',
    pictures: ['import_files/b0/coral1.jpg', 'import_files/b0/coral2.png'],
  },
  { key: 'lavender', group: IDS.bras, article: 'BR-303', description: 'Бюстгальтер без косточек.', pictures: [] },
  { key: 'towel', group: IDS.misc, article: 'TW-404', description: 'Хлопковое полотенце.', color: 'color-lilac', pictures: [] },
];

export interface CatalogueOptions {
  encoding?: Encoding;
  changesOnly?: boolean;
  /** The goods to list (all by default). */
  goods?: (keyof typeof NAMES)[];
  /** New names of goods. */
  rename?: Partial<Record<keyof typeof NAMES, string>>;
  /** Goods 1C marks deleted. */
  deleted?: (keyof typeof NAMES)[];
  version?: string;
  /** Other pictures of goods (their paths under import_files/ in the package). */
  pictures?: Partial<Record<keyof typeof NAMES, string[]>>;
}

/** import.xml: the classifier and the goods. */
export function catalogue(opts: CatalogueOptions = {}): Package {
  const listed = opts.goods ?? GOODS.map((g) => g.key);
  const goods = GOODS.filter((g) => listed.includes(g.key)).map((g) => {
    const props = [
      g.brand && `<ЗначенияСвойства><Ид>prop-brand</Ид><Значение>${g.brand}</Значение></ЗначенияСвойства>`,
      g.color && `<ЗначенияСвойства><Ид>prop-color</Ид><Значение>${g.color}</Значение></ЗначенияСвойства>`,
    ].filter(Boolean);
    const html = g.description.startsWith('<');
    return [
      '<Товар>',
      `<Ид>${IDS[g.key]}</Ид>`,
      `<Артикул>${g.article}</Артикул>`,
      `<Наименование>${opts.rename?.[g.key] ?? NAMES[g.key]}</Наименование>`,
      '<БазоваяЕдиница Код="796" НаименованиеПолное="Штука" МеждународноеСокращение="PCE">шт</БазоваяЕдиница>',
      `<Группы><Ид>${g.group}</Ид></Группы>`,
      html ? `<Описание ФорматHTML="true"><![CDATA[${g.description}]]></Описание>` : `<Описание>${g.description}</Описание>`,
      ...(opts.pictures?.[g.key] ?? g.pictures).map((p) => `<Картинка>${p}</Картинка>`),
      props.length ? `<ЗначенияСвойств>${props.join('')}</ЗначенияСвойств>` : '',
      opts.deleted?.includes(g.key) ? '<Статус>Удален</Статус>' : '',
      '<ЗначенияРеквизитов><ЗначениеРеквизита><Наименование>ВидНоменклатуры</Наименование><Значение>Товар</Значение></ЗначениеРеквизита></ЗначенияРеквизитов>',
      '</Товар>',
    ].join('\n');
  });
  const classifier = opts.changesOnly
    ? ''
    : `<Классификатор>
  <Ид>classifier-1</Ид><Наименование>Классификатор (Каталог товаров)</Наименование>
  <Группы>
    ${group(IDS.swim, 'Купальники', group(IDS.swimOne, 'Слитные') + group(IDS.swimBeach, NEW_SUBGROUP))}
    ${group(IDS.lingerie, 'Белье', group(IDS.bras, 'Бюстгальтеры'))}
    ${group(IDS.misc, UNMATCHED_GROUP)}
  </Группы>
  <Свойства>
    <Свойство><Ид>prop-brand</Ид><Наименование>Бренд</Наименование><ТипЗначений>Справочник</ТипЗначений>
      <ВариантыЗначений>
        <Справочник><ИдЗначения>brand-lf</ИдЗначения><Значение>Luli Fama</Значение></Справочник>
        <Справочник><ИдЗначения>brand-mb</ИдЗначения><Значение>${NEW_BRAND}</Значение></Справочник>
      </ВариантыЗначений>
    </Свойство>
    <Свойство><Ид>prop-color</Ид><Наименование>Цвет</Наименование><ТипЗначений>Справочник</ТипЗначений>
      <ВариантыЗначений>
        <Справочник><ИдЗначения>color-black</ИдЗначения><Значение>Чёрный</Значение></Справочник>
        <Справочник><ИдЗначения>color-coral</ИдЗначения><Значение>коралловый</Значение></Справочник>
        <Справочник><ИдЗначения>color-lilac</ИдЗначения><Значение>сиреневый</Значение></Справочник>
      </ВариантыЗначений>
    </Свойство>
  </Свойства>
</Классификатор>`;
  const version = opts.version ?? '2.05';
  const flag = opts.changesOnly ? 'true' : 'false';
  // 2.04–2.06 put the changes-only flag on Каталог; 2.07+ as its child element.
  const catalog =
    version >= '2.07'
      ? `<Каталог>\n<СодержитТолькоИзменения>${flag}</СодержитТолькоИзменения>`
      : `<Каталог СодержитТолькоИзменения="${flag}">`;
  return encode(
    'import.xml',
    `<КоммерческаяИнформация ВерсияСхемы="${version}" ДатаФормирования="2026-11-26T10:00:00">
${classifier}
${catalog}
  <Ид>catalog-1</Ид><ИдКлассификатора>classifier-1</ИдКлассификатора><Наименование>Каталог товаров</Наименование>
  <Товары>
${goods.join('\n')}
  </Товары>
</Каталог>
</КоммерческаяИнформация>`,
    opts.encoding ?? 'windows-1251',
  );
}

export interface Offer {
  id: string;
  size?: string;
  retail: number;
  wholesale: number;
  /** How 1C gives the stock: a quantity, per warehouse (2.08's Остатки) or as 2.04's Склад attributes. */
  stock: { quantity: number } | { rests: number[] } | { stores: number[] };
}

/** The fixture's offers, as a function so a test can change a copy. */
export const OFFERS = (): Offer[] => [
  { id: `${IDS.malta}#e1000001`, size: 'S', retail: 5990, wholesale: 3000, stock: { quantity: 3 } },
  { id: `${IDS.malta}#e1000002`, size: 'M', retail: 5990, wholesale: 3000, stock: { quantity: 5 } },
  { id: `${IDS.malta}#e1000003`, size: 'L', retail: 5990, wholesale: 3000, stock: { quantity: 0 } },
  { id: `${IDS.coral}#e2000001`, size: '42', retail: 7490, wholesale: 4000, stock: { rests: [1, 2] } },
  { id: `${IDS.coral}#e2000002`, size: '44', retail: 7490, wholesale: 4000, stock: { rests: [0, 4] } },
  { id: IDS.lavender, retail: 2490, wholesale: 1500, stock: { stores: [7, 1] } },
  { id: IDS.towel, retail: 990, wholesale: 500, stock: { quantity: 10 } },
];

export interface OffersOptions {
  encoding?: Encoding;
  changesOnly?: boolean;
  offers?: Offer[];
  /** Leave the price types out (a stock-only package). */
  noPrices?: boolean;
  /** Price types in the package's order: the wholesale type first, so the first is not the shop's. */
  version?: string;
}

/** offers.xml: price types, warehouses and offers with sizes, prices and stock. */
export function offers(opts: OffersOptions = {}): Package {
  const list = (opts.offers ?? OFFERS()).map((o) => {
    const price = (type: string, value: number) =>
      `<Цена><Представление>${value} RUB за шт</Представление><ИдТипаЦены>${type}</ИдТипаЦены><ЦенаЗаЕдиницу>${value.toFixed(2)}</ЦенаЗаЕдиницу><Валюта>RUB</Валюта><Единица>шт</Единица><Коэффициент>1</Коэффициент></Цена>`;
    const stock =
      'quantity' in o.stock
        ? `<Количество>${o.stock.quantity}</Количество>`
        : 'rests' in o.stock
          ? `<Остатки>${o.stock.rests
              .map((n, i) => `<Остаток><Склад><Ид>${i ? IDS.store2 : IDS.store}</Ид><Количество>${n}</Количество></Склад></Остаток>`)
              .join('')}</Остатки>`
          : o.stock.stores.map((n, i) => `<Склад ИдСклада="${i ? IDS.store2 : IDS.store}" КоличествоНаСкладе="${n}"/>`).join('');
    return [
      '<Предложение>',
      `<Ид>${o.id}</Ид>`,
      `<Наименование>Предложение ${o.size ?? ''}</Наименование>`,
      '<БазоваяЕдиница Код="796">шт</БазоваяЕдиница>',
      o.size
        ? `<ХарактеристикиТовара><ХарактеристикаТовара><Наименование>Размер</Наименование><Значение>${o.size}</Значение></ХарактеристикаТовара></ХарактеристикиТовара>`
        : '',
      opts.noPrices ? '' : `<Цены>${price(IDS.wholesale, o.wholesale)}${price(IDS.retail, o.retail)}</Цены>`,
      stock,
      '</Предложение>',
    ].join('\n');
  });
  const flag = opts.changesOnly ? 'true' : 'false';
  return encode(
    'offers.xml',
    `<КоммерческаяИнформация ВерсияСхемы="${opts.version ?? '2.05'}" ДатаФормирования="2026-11-26T10:00:00">
<ПакетПредложений СодержитТолькоИзменения="${flag}">
  <Ид>catalog-1#</Ид><Наименование>Пакет предложений</Наименование><ИдКаталога>catalog-1</ИдКаталога><ИдКлассификатора>classifier-1</ИдКлассификатора>
  ${
    opts.noPrices
      ? ''
      : `<ТипыЦен>
    <ТипЦены><Ид>${IDS.wholesale}</Ид><Наименование>Оптовая</Наименование><Валюта>RUB</Валюта></ТипЦены>
    <ТипЦены><Ид>${IDS.retail}</Ид><Наименование>Розничная</Наименование><Валюта>RUB</Валюта></ТипЦены>
  </ТипыЦен>`
  }
  <Склады><Склад><Ид>${IDS.store}</Ид><Наименование>Основной склад</Наименование></Склад><Склад><Ид>${IDS.store2}</Ид><Наименование>Магазин</Наименование></Склад></Склады>
  <Предложения>
${list.join('\n')}
  </Предложения>
</ПакетПредложений>
</КоммерческаяИнформация>`,
    opts.encoding ?? 'windows-1251',
  );
}

export interface OrderBack {
  /** The shop's order number (1C keeps it as the document's Номер) and guid (its Ид). */
  number: string;
  guid: string;
  accountingNumber?: string;
  paidOn?: string;
  shippedOn?: string;
  tracking?: string;
  cancelled?: boolean;
  /** The order's lines as 1C has them now (after a fitting at the door: what the buyer kept), by Ид. */
  lines?: { id: string; quantity: number; price: number }[];
}

/** 1C's orders file back to the shop: each order with the requisites of what 1C did with it. */
export function ordersBack(list: OrderBack[], encoding: Encoding = 'windows-1251'): Package {
  const req = (name: string, value: string) =>
    `<ЗначениеРеквизита><Наименование>${name}</Наименование><Значение>${value}</Значение></ЗначениеРеквизита>`;
  const docs = list.map((o) =>
    [
      '<Документ>',
      `<Ид>${o.guid}</Ид><Номер>${o.number}</Номер><Дата>2026-11-26</Дата><ХозОперация>Заказ товара</ХозОперация><Роль>Продавец</Роль>`,
      o.lines
        ? `<Товары>${o.lines
            .map(
              (l) =>
                `<Товар><Ид>${l.id}</Ид><ЦенаЗаЕдиницу>${l.price.toFixed(2)}</ЦенаЗаЕдиницу><Количество>${l.quantity}</Количество><Сумма>${(l.price * l.quantity).toFixed(2)}</Сумма></Товар>`,
            )
            .join('')}</Товары>`
        : '',
      '<ЗначенияРеквизитов>',
      req('Проведен', 'true'),
      o.accountingNumber ? req('Номер по 1С', o.accountingNumber) : '',
      req('Дата по 1С', '2026-11-26T12:00:00'),
      req('Дата оплаты по 1С', o.paidOn ?? '0001-01-01T00:00:00'),
      o.shippedOn ? req('Дата отгрузки по 1С', o.shippedOn) : '',
      o.tracking ? req('Трек-номер', o.tracking) : '',
      req('Отменен', String(!!o.cancelled)),
      '</ЗначенияРеквизитов>',
      '</Документ>',
    ].join(''),
  );
  return encode(
    'orders.xml',
    `<КоммерческаяИнформация ВерсияСхемы="2.05" ДатаФормирования="2026-11-26T12:00:00">\n${docs.join('\n')}\n</КоммерческаяИнформация>`,
    encoding,
  );
}
