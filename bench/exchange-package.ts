// A large CommerceML package for the bench, written straight to files as 1C writes it (windows-1251):
// import.xml with the classifier and `products` goods (each with a description and properties), and
// offers.xml with `sizesEach` offers a product (sizes as characteristics, two price types, stock per
// warehouse). Deterministic: the same arguments make the same bytes.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import iconv from 'iconv-lite';

const SIZES = ['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL', '4XL'];
const GROUPS = [
  ['Купальники', ['Слитные', 'Раздельные', 'Бикини', 'Танкини']],
  ['Бельё', ['Бюстгальтеры', 'Трусы']],
  ['Одежда', ['Платья', 'Юбки', 'Брюки']],
] as const;
const BRANDS = ['Luli Fama', 'Seafolly', 'Maaji', 'Beach Bunny', 'Морской Бриз', 'Лагуна'];
const COLORS = ['чёрный', 'белый', 'красный', 'синий', 'коралловый', 'бирюзовый'];
const WORDS = 'лёгкий плотный мягкий итальянский трикотаж с поддерживающими чашками и регулируемыми бретелями для пляжа и бассейна'.split(
  ' ',
);

const id = (kind: number, n: number) => `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** Writes text to the file in windows-1251, waiting whenever the stream's buffer is full. */
async function writer(file: string) {
  const out = createWriteStream(file);
  return {
    async write(text: string) {
      if (!out.write(iconv.encode(text, 'win1251'))) await once(out, 'drain');
    },
    async end() {
      out.end();
      await once(out, 'finish');
    },
  };
}

/**
 * The package's two files in `dir`. `pictures(n)`: the picture files of product n (import_files/… paths the
 * package's zip holds), none when not given.
 */
export async function writeBigPackage(
  dir: string,
  products: number,
  sizesEach: number,
  pictures: (n: number) => string[] = () => [],
): Promise<{ importXml: string; offersXml: string }> {
  const importXml = path.join(dir, 'import.xml');
  const offersXml = path.join(dir, 'offers.xml');
  const groupIds: string[] = [];

  const w = await writer(importXml);
  await w.write(
    '<?xml version="1.0" encoding="windows-1251"?>\n<КоммерческаяИнформация ВерсияСхемы="2.05" ДатаФормирования="2026-11-26T10:00:00">\n',
  );
  await w.write('<Классификатор><Ид>bench</Ид><Наименование>Классификатор</Наименование><Группы>\n');
  let g = 0;
  for (const [root, subs] of GROUPS) {
    const rootId = id(1, g++);
    const inner = subs.map((s) => {
      const subId = id(1, g++);
      groupIds.push(subId);
      return `<Группа><Ид>${subId}</Ид><Наименование>${s}</Наименование></Группа>`;
    });
    await w.write(`<Группа><Ид>${rootId}</Ид><Наименование>${root}</Наименование><Группы>${inner.join('')}</Группы></Группа>\n`);
  }
  await w.write('</Группы><Свойства>\n');
  await w.write(
    `<Свойство><Ид>brand</Ид><Наименование>Бренд</Наименование><ТипЗначений>Справочник</ТипЗначений><ВариантыЗначений>${BRANDS.map(
      (b, i) => `<Справочник><ИдЗначения>b${i}</ИдЗначения><Значение>${b}</Значение></Справочник>`,
    ).join('')}</ВариантыЗначений></Свойство>\n`,
  );
  await w.write('<Свойство><Ид>color</Ид><Наименование>Цвет</Наименование><ТипЗначений>Строка</ТипЗначений></Свойство>\n');
  await w.write(
    '</Свойства></Классификатор>\n<Каталог СодержитТолькоИзменения="false"><Ид>bench</Ид><ИдКлассификатора>bench</ИдКлассификатора><Наименование>Каталог</Наименование><Товары>\n',
  );
  for (let n = 0; n < products; n++) {
    const words = Array.from({ length: 120 }, (_, i) => WORDS[(n + i * 7) % WORDS.length]).join(' ');
    await w.write(
      `<Товар><Ид>${id(2, n)}</Ид><Артикул>BN-${n}</Артикул><Наименование>Купальник модель ${n}</Наименование>` +
        `<БазоваяЕдиница Код="796" НаименованиеПолное="Штука">шт</БазоваяЕдиница><Группы><Ид>${groupIds[n % groupIds.length]}</Ид></Группы>` +
        `<Описание>${words}.</Описание>` +
        pictures(n)
          .map((file) => `<Картинка>${file}</Картинка>`)
          .join('') +
        `<ЗначенияСвойств><ЗначенияСвойства><Ид>brand</Ид><Значение>b${n % BRANDS.length}</Значение></ЗначенияСвойства>` +
        `<ЗначенияСвойства><Ид>color</Ид><Значение>${COLORS[n % COLORS.length]}</Значение></ЗначенияСвойства></ЗначенияСвойств>` +
        `<ЗначенияРеквизитов><ЗначениеРеквизита><Наименование>ВидНоменклатуры</Наименование><Значение>Товар</Значение></ЗначениеРеквизита></ЗначенияРеквизитов></Товар>\n`,
    );
  }
  await w.write('</Товары></Каталог>\n</КоммерческаяИнформация>\n');
  await w.end();

  await writeOffers(offersXml, products, sizesEach, false);
  return { importXml, offersXml };
}

/** A changes-only offers.xml in `dir`: the first product's sizes at a new price, as 1C sends a price change. */
export async function writePriceChange(dir: string, sizesEach: number): Promise<string> {
  const file = path.join(dir, 'price-change.xml');
  await writeOffers(file, 1, sizesEach, true, 500);
  return file;
}

/** offers.xml: `sizesEach` offers of each of the first `products` products (their prices raised by `raise`). */
async function writeOffers(file: string, products: number, sizesEach: number, changesOnly: boolean, raise = 0): Promise<void> {
  const o = await writer(file);
  await o.write(
    '<?xml version="1.0" encoding="windows-1251"?>\n<КоммерческаяИнформация ВерсияСхемы="2.05" ДатаФормирования="2026-11-26T10:00:00">\n',
  );
  await o.write(
    `<ПакетПредложений СодержитТолькоИзменения="${changesOnly}"><Ид>bench#</Ид><Наименование>Пакет предложений</Наименование><ИдКаталога>bench</ИдКаталога>` +
      '<ТипыЦен><ТипЦены><Ид>opt</Ид><Наименование>Оптовая</Наименование><Валюта>RUB</Валюта></ТипЦены><ТипЦены><Ид>retail</Ид><Наименование>Розничная</Наименование><Валюта>RUB</Валюта></ТипЦены></ТипыЦен>' +
      '<Склады><Склад><Ид>s1</Ид><Наименование>Склад</Наименование></Склад><Склад><Ид>s2</Ид><Наименование>Магазин</Наименование></Склад></Склады><Предложения>\n',
  );
  for (let n = 0; n < products; n++) {
    const price = 1990 + ((n * 37) % 150) * 100 + raise;
    for (let s = 0; s < sizesEach; s++) {
      const size = SIZES[s % SIZES.length];
      await o.write(
        `<Предложение><Ид>${id(2, n)}#${id(3, n * sizesEach + s)}</Ид><Наименование>Купальник модель ${n} (${size})</Наименование>` +
          `<БазоваяЕдиница Код="796">шт</БазоваяЕдиница>` +
          `<ХарактеристикиТовара><ХарактеристикаТовара><Наименование>Размер</Наименование><Значение>${size}</Значение></ХарактеристикаТовара></ХарактеристикиТовара>` +
          `<Цены><Цена><Представление>${price / 2} руб. за шт</Представление><ИдТипаЦены>opt</ИдТипаЦены><ЦенаЗаЕдиницу>${price / 2}.00</ЦенаЗаЕдиницу><Валюта>RUB</Валюта><Единица>шт</Единица><Коэффициент>1</Коэффициент></Цена>` +
          `<Цена><Представление>${price} руб. за шт</Представление><ИдТипаЦены>retail</ИдТипаЦены><ЦенаЗаЕдиницу>${price}.00</ЦенаЗаЕдиницу><Валюта>RUB</Валюта><Единица>шт</Единица><Коэффициент>1</Коэффициент></Цена></Цены>` +
          `<Остатки><Остаток><Склад><Ид>s1</Ид><Количество>${(n + s) % 7}</Количество></Склад></Остаток><Остаток><Склад><Ид>s2</Ид><Количество>${(n * s) % 3}</Количество></Склад></Остаток></Остатки>` +
          `</Предложение>\n`,
      );
    }
  }
  await o.write('</Предложения></ПакетПредложений>\n</КоммерческаяИнформация>\n');
  await o.end();
}
