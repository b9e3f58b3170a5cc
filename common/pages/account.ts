// The personal account's pages (profile, addresses, favourites, orders, bonus points, mailing) and the
// password's recovery: the page fills them in for the shopper signed in, so nothing of them is asked for the HTML.
import { definePage } from '../page-module.ts';

const DIGITS = /^\d+$/;

export const profilePage = definePage({
  key: 'profile',
  component: 'account/ProfilePage.tsx',
  routes: [{ name: 'profile', pattern: '/profile', title: 'Личный кабинет', crumb: 'Личный кабинет' }],
});

export const addressesPage = definePage({
  key: 'address',
  component: 'account/AddressesPage.tsx',
  routes: [{ name: 'address', pattern: '/address', title: 'Мои адреса', crumb: 'Мои адреса' }],
});

export const favoritesPage = definePage({
  key: 'favorite',
  component: 'account/FavoritesPage.tsx',
  routes: [{ name: 'favorite', pattern: '/favorite', title: 'Избранное', crumb: 'Избранное' }],
});

export const orderHistoryPage = definePage({
  key: 'history-order',
  component: 'account/OrderHistoryPage.tsx',
  routes: [
    { name: 'history-order', pattern: '/history-order/:pk?', title: 'История заказов', crumb: 'История заказов', where: { pk: DIGITS } },
  ],
});

export const bonusPage = definePage({
  key: 'discount',
  component: 'account/BonusPage.tsx',
  routes: [{ name: 'discount', pattern: '/discount', title: 'Бонусная программа', crumb: 'Бонусная программа' }],
});

export const bonusRulesPage = definePage({
  key: 'discount-rules',
  component: 'account/BonusRulesPage.tsx',
  routes: [
    { name: 'rules-discount', pattern: '/rules-discount', title: 'Правила бонусной программы', crumb: 'Правила бонусной программы' },
  ],
});

export const mailingPage = definePage({
  key: 'send',
  component: 'account/MailingPage.tsx',
  routes: [{ name: 'send', pattern: '/send', title: 'Рассылка', crumb: 'Рассылка' }],
});

export const recoveryPage = definePage({
  key: 'recovery',
  component: 'popups/RecoveryPage.tsx',
  routes: [{ name: 'recovery', pattern: '/recovery', title: 'Восстановление пароля', crumb: 'Восстановление пароля' }],
});

export const resetPage = definePage({
  key: 'reset',
  component: 'popups/ResetPage.tsx',
  routes: [
    { name: 'reset', pattern: '/reset', title: 'Восстановление пароля', crumb: 'Смена пароля' },
    { name: 'reset-token', pattern: '/reset/:token', title: 'Восстановление пароля', crumb: 'Смена пароля' },
  ],
});
