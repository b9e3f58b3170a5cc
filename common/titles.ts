// The per-route title table of spec §2, in Russian (app and server). A route's SEO record, when the server has one, wins.
export const SHOP_NAME = 'Море и Мода';

export const TITLES: Record<string, string> = {
  home: 'Море и Мода — купальники, бельё и одежда с доставкой по России',
  about: 'О магазине',
  sale: 'Распродажа',
  new: 'Новинки',
  aksessuary: 'Аксессуары',
  obuv: 'Обувь',
  kupalniki: 'Купальники',
  odezhda: 'Одежда',
  muzhskoe: 'Мужское',
  bele: 'Бельё',
  detskoe: 'Детское',
  'gift-certificates': 'Подарочные сертификаты',
  delivery: 'Доставка и оплата',
  basket: 'Корзина',
  blog: 'Блог',
  news: 'Новости',
  brands: 'Бренды',
  profile: 'Личный кабинет',
  addresses: 'Мои адреса',
  favorites: 'Избранное',
  'order-history': 'История заказов',
  orders: 'Заказы',
  mailing: 'Рассылка',
  'gift-card': 'Подарочная карта',
  discount: 'Бонусная программа',
  'discount-rules': 'Правила бонусной программы',
  search: 'Поиск',
  contacts: 'Контакты',
  requisites: 'Реквизиты',
  returns: 'Возврат товара',
  offer: 'Публичная оферта',
  fitting: 'Условия примерки',
  cookie: 'Уведомление об использовании cookie',
  'payment-data': 'Обработка платёжных данных',
  privacy: 'Политика конфиденциальности',
  story: 'Наша история',
  instagram: 'Мы в соцсетях',
  recovery: 'Восстановление пароля',
  collections: 'Подборки',
  error: 'Ошибка',
};

/** A page's own name as a document title: "Бикини — Море и Мода". */
export const namedTitle = (name: string) => `${name} — ${SHOP_NAME}`;

/** A product page's title: "Бикини «Мальдивы» — Maaji — Море и Мода". */
export const productTitle = (name: string, brand: string) => namedTitle(`${name} — ${brand}`);

/** The title table's title of a route: "Купальники — Море и Мода"; the home title stands alone. */
export function pageTitle(key: string | undefined): string {
  if (!key || key === 'home') return TITLES.home;
  const t = TITLES[key];
  return t ? namedTitle(t) : SHOP_NAME;
}
