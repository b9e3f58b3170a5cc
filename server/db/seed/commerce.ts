// Seeds what selling needs besides goods: gift certificates and demo gift cards, promo codes, delivery
// tariffs by zone, and Russian regions with their cities.
import type { Queryable } from '../driver.ts';
import { insertRows } from './bulk.ts';

const NOMINALS = [1000, 3000, 5000, 10000, 15000];

/** "15000" -> "15 000". */
const groups = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

const CERTIFICATE_TEXT: Record<number, string> = {
  1000: 'Приятный знак внимания: хватит на парео, пляжную сумку или яркие аксессуары.',
  3000: 'Хороший повод обновить бельё или выбрать лёгкую летнюю футболку и шорты.',
  5000: 'Самый популярный номинал: его хватит на купальник из новой коллекции.',
  10000: 'Для тех, кто собирается в отпуск: купальник, туника и шляпа в одном подарке.',
  15000: 'Щедрый подарок, с которым можно выбрать купальник премиального бренда.',
};

/**
 * Zone 1 is Moscow and its region, 5 the Far East: delivery gets dearer and slower with the zone. Each method:
 * price, free from, days min and max, and the largest order paid on receipt (null: not offered there). Zone 1's
 * courier offers fitting at the door (FITTED).
 */
const TARIFFS = [
  { zone: 1, courier: [390, 7000, 1, 2, 50000], pickup: [250, 5000, 1, 3, 50000] },
  { zone: 2, courier: [490, 8000, 2, 4, 30000], pickup: [290, 6000, 2, 5, 30000] },
  { zone: 3, courier: [590, 10000, 3, 6, 30000], pickup: [350, 7000, 3, 7, 30000] },
  { zone: 4, courier: [790, 12000, 5, 9, null], pickup: [450, 9000, 5, 10, 20000] },
  { zone: 5, courier: [990, 15000, 7, 14, null], pickup: [590, 12000, 8, 15, 20000] },
] as const;
const FITTED = [{ zone: 1, method: 'courier' }] as const;

const REGIONS: readonly (readonly [name: string, zone: number, cities: readonly string[]])[] = [
  ['Москва', 1, ['Москва']],
  ['Московская область', 1, ['Химки', 'Подольск', 'Балашиха', 'Мытищи', 'Королёв']],
  ['Санкт-Петербург', 2, ['Санкт-Петербург']],
  ['Ленинградская область', 2, ['Гатчина', 'Всеволожск', 'Выборг']],
  ['Тверская область', 2, ['Тверь', 'Ржев']],
  ['Ярославская область', 2, ['Ярославль', 'Рыбинск']],
  ['Тульская область', 2, ['Тула', 'Новомосковск']],
  ['Калужская область', 2, ['Калуга', 'Обнинск']],
  ['Владимирская область', 2, ['Владимир', 'Суздаль']],
  ['Краснодарский край', 3, ['Краснодар', 'Сочи', 'Анапа', 'Новороссийск', 'Геленджик']],
  ['Республика Татарстан', 3, ['Казань', 'Набережные Челны']],
  ['Нижегородская область', 3, ['Нижний Новгород', 'Дзержинск']],
  ['Ростовская область', 3, ['Ростов-на-Дону', 'Таганрог']],
  ['Самарская область', 3, ['Самара', 'Тольятти']],
  ['Воронежская область', 3, ['Воронеж']],
  ['Ставропольский край', 3, ['Ставрополь', 'Пятигорск', 'Кисловодск']],
  ['Калининградская область', 4, ['Калининград', 'Светлогорск', 'Зеленоградск']],
  ['Свердловская область', 4, ['Екатеринбург', 'Нижний Тагил']],
  ['Челябинская область', 4, ['Челябинск', 'Магнитогорск']],
  ['Пермский край', 4, ['Пермь']],
  ['Республика Башкортостан', 4, ['Уфа', 'Стерлитамак']],
  ['Тюменская область', 4, ['Тюмень', 'Тобольск']],
  ['Новосибирская область', 4, ['Новосибирск', 'Бердск']],
  ['Омская область', 4, ['Омск']],
  ['Красноярский край', 5, ['Красноярск', 'Норильск']],
  ['Иркутская область', 5, ['Иркутск', 'Ангарск']],
  ['Приморский край', 5, ['Владивосток', 'Находка', 'Уссурийск']],
  ['Хабаровский край', 5, ['Хабаровск', 'Комсомольск-на-Амуре']],
  ['Республика Саха (Якутия)', 5, ['Якутск']],
  ['Сахалинская область', 5, ['Южно-Сахалинск']],
  ['Камчатский край', 5, ['Петропавловск-Камчатский']],
];

export async function seedCommerce(q: Queryable): Promise<Record<string, number>> {
  const certificates = NOMINALS.map((nominal, i) => ({
    id: i + 1,
    slug: `podarochnyj-sertifikat-${nominal}`,
    ext_id: `GC-${nominal}`,
    name: `Подарочный сертификат на ${groups(nominal)} ₽`,
    nominal,
    description:
      `${CERTIFICATE_TEXT[nominal] ?? ''} Сертификат действует год с момента покупки в интернет-магазине ` +
      'и оплачивает любые товары, кроме других сертификатов. Код придёт на почту сразу после оплаты.',
    image: `/media/gift/${nominal}.svg`,
    position: i,
  }));
  const certId = (nominal: number) => NOMINALS.indexOf(nominal) + 1;
  const giftCards = [
    {
      id: 1,
      code: 'DEMO-5000-0001',
      certificate_id: certId(5000),
      initial: 5000,
      balance: 5000,
      expires_at: '2027-12-31T20:59:59Z',
      created_at: '2026-09-15T09:30:00Z',
    },
    {
      id: 2,
      code: 'DEMO-3000-0002',
      certificate_id: certId(3000),
      initial: 3000,
      balance: 1200,
      expires_at: '2027-12-31T20:59:59Z',
      created_at: '2026-08-02T12:00:00Z',
    },
    {
      id: 3,
      code: 'DEMO-1000-0003',
      certificate_id: certId(1000),
      initial: 1000,
      balance: 1000,
      expires_at: '2026-03-31T20:59:59Z',
      created_at: '2025-03-31T10:15:00Z',
    },
  ];
  const promoCodes = [
    {
      code: 'LETO10',
      kind: 'percent',
      value: 10,
      min_sum: 0,
      valid_from: '2026-01-01T00:00:00Z',
      valid_to: null,
      max_uses: null,
      used_count: 0,
      active: true,
    },
    {
      code: 'WELCOME500',
      kind: 'fixed',
      value: 500,
      min_sum: 3000,
      valid_from: null,
      valid_to: null,
      max_uses: null,
      used_count: 0,
      active: true,
    },
    {
      code: 'SALE20',
      kind: 'percent',
      value: 20,
      min_sum: 0,
      valid_from: '2025-06-01T00:00:00Z',
      valid_to: '2025-09-01T00:00:00Z',
      max_uses: null,
      used_count: 0,
      active: true,
    },
    { code: 'VIP15', kind: 'percent', value: 15, min_sum: 0, valid_from: null, valid_to: null, max_uses: 100, used_count: 0, active: true },
  ];
  const tariffs = TARIFFS.flatMap((t) =>
    (['courier', 'pickup'] as const).map((method) => {
      const [price, freeFrom, daysMin, daysMax, payOnReceiptUpto] = t[method];
      return {
        zone: t.zone,
        method,
        price,
        free_from: freeFrom,
        days_min: daysMin,
        days_max: daysMax,
        pay_on_receipt_upto: payOnReceiptUpto,
        fitting: FITTED.some((f) => f.zone === t.zone && f.method === method),
      };
    }),
  );
  const regions = REGIONS.map(([name, zone], i) => ({ id: i + 1, name, delivery_zone: zone }));
  const cities = REGIONS.flatMap(([, , names], i) => names.map((name) => ({ region_id: i + 1, name }))).map((c, i) => ({
    id: i + 1,
    ...c,
  }));

  return {
    gift_certificates: await insertRows(q, 'gift_certificates', certificates),
    gift_cards: await insertRows(q, 'gift_cards', giftCards),
    promo_codes: await insertRows(q, 'promo_codes', promoCodes),
    delivery_tariffs: await insertRows(q, 'delivery_tariffs', tariffs),
    regions: await insertRows(q, 'regions', regions),
    cities: await insertRows(q, 'cities', cities),
  };
}
