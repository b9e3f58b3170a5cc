// The personal account's pages (profile, addresses, favourites, orders, bonus points, mailing) and the
// password's recovery: the page fills them in for the shopper signed in, so nothing of them is asked for the HTML.
import { definePage, staticPage } from '../page-module.ts';

export const profilePage = staticPage('profile', 'account/ProfilePage.tsx', {
  name: 'profile',
  pattern: '/profile',
  title: 'Личный кабинет',
});
export const addressesPage = staticPage('address', 'account/AddressesPage.tsx', {
  name: 'address',
  pattern: '/address',
  title: 'Мои адреса',
});
export const favoritesPage = staticPage('favorite', 'account/FavoritesPage.tsx', {
  name: 'favorite',
  pattern: '/favorite',
  title: 'Избранное',
});
export const orderHistoryPage = staticPage('history-order', 'account/OrderHistoryPage.tsx', {
  name: 'history-order',
  pattern: '/history-order/:pk?',
  title: 'История заказов',
  where: { pk: /^\d+$/ },
});
export const bonusPage = staticPage('discount', 'account/BonusPage.tsx', {
  name: 'discount',
  pattern: '/discount',
  title: 'Бонусная программа',
});
export const bonusRulesPage = staticPage('discount-rules', 'account/BonusRulesPage.tsx', {
  name: 'rules-discount',
  pattern: '/rules-discount',
  title: 'Правила бонусной программы',
});
export const mailingPage = staticPage('send', 'account/MailingPage.tsx', { name: 'send', pattern: '/send', title: 'Рассылка' });
export const recoveryPage = staticPage('recovery', 'popups/RecoveryPage.tsx', {
  name: 'recovery',
  pattern: '/recovery',
  title: 'Восстановление пароля',
});

const RESET = { title: 'Восстановление пароля', crumb: 'Смена пароля' };
export const resetPage = definePage({
  key: 'reset',
  component: 'popups/ResetPage.tsx',
  routes: [
    { name: 'reset', pattern: '/reset', ...RESET },
    { name: 'reset-token', pattern: '/reset/:token', ...RESET },
  ],
});
