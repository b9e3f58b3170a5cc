// The information pages linked from the frame: the footer lists them all, the mobile menu a shorter set.
// Route names of common/routes.ts with their Russian labels.

export const INFO_LINKS: readonly (readonly [name: string, label: string])[] = [
  ['about', 'О магазине'],
  ['delivery-and-payments', 'Доставка и оплата'],
  ['return-goods', 'Возврат товара'],
  ['fitting-conditions', 'Условия примерки'],
  ['contacts', 'Контакты'],
  ['requisites', 'Реквизиты'],
  ['publick-offer', 'Публичная оферта'],
  ['privacy-policy', 'Политика конфиденциальности'],
  ['cookie', 'Использование cookie'],
  ['blog', 'Блог'],
  ['news', 'Новости'],
];

const MOBILE = new Set(['about', 'delivery-and-payments', 'return-goods', 'fitting-conditions', 'contacts', 'blog', 'news']);

/** The information pages of the mobile menu. */
export const MOBILE_INFO_LINKS = INFO_LINKS.filter(([name]) => MOBILE.has(name));
