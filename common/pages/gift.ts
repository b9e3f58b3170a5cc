// The gift pages: the certificates on sale (and one of them), how certificates work, the gift card's balance.
import { ask, definePage, type PageAt } from '../page-module.ts';
import { namedTitle } from '../titles.ts';

const CERTIFICATES = 'Подарочные сертификаты';

/** The certificates on sale: the list's page and each certificate's read them. */
export const CERTIFICATES_ASK = ask('certificates');

export const giftCertificatesPage = definePage({
  key: 'gift-certificates',
  component: 'gift/GiftCertificatesPage.tsx',
  routes: [{ name: 'podarochnye-sertifikaty', pattern: '/podarochnye-sertifikaty/:slug?', title: CERTIFICATES, crumb: CERTIFICATES }],
  asks: () => ({ certificates: CERTIFICATES_ASK }),
  head: (at: PageAt, { certificates }) => {
    if (!at.params.slug)
      return { description: 'Подарочные сертификаты магазина «Море и Мода»: электронный код на почту сразу после оплаты.' };
    const c = certificates?.find((x) => x.slug === at.params.slug);
    return c ? { title: namedTitle(c.name), description: c.description.slice(0, 200), image: c.image } : null;
  },
});

export const giftsertPage = definePage({
  key: 'giftsert',
  component: 'gift/GiftsertPage.tsx',
  routes: [{ name: 'giftsert', pattern: '/giftsert', title: 'Как купить и использовать подарочный сертификат', crumb: CERTIFICATES }],
  head: () => ({
    description: 'Как купить подарочный сертификат «Море и Мода», оплатить им заказ на сайте или в магазине и проверить остаток.',
  }),
});

export const giftCardPage = definePage({
  key: 'card',
  component: 'gift/GiftCardPage.tsx',
  routes: [{ name: 'card', pattern: '/card', title: 'Подарочная карта', crumb: 'Подарочная карта' }],
  head: () => ({ description: 'Проверка остатка и срока действия подарочной карты «Море и Мода».' }),
});
