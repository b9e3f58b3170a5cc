// The basket and the checkout's steps: the shopper's own, so nothing of them is asked for the HTML.
import { staticPage } from '../page-module.ts';

// Rendered with its shopper's basket, kept by nobody (the route's `personal`).
export const basketPage = staticPage('basket', 'basket/BasketPage.tsx', {
  name: 'basket',
  pattern: '/basket',
  title: 'Корзина',
  personal: true,
});
export const deliveryPage = staticPage('basket-delivery', 'checkout/DeliveryPage.tsx', {
  name: 'basket-delivery',
  pattern: '/basket/delivery',
  title: 'Корзина',
  crumb: 'Оформление заказа',
});
export const confirmPage = staticPage('basket-confirm', 'checkout/ConfirmPage.tsx', {
  name: 'basket-delivery-confirm',
  pattern: '/basket/delivery/confirm/:guid?',
  title: 'Заказы',
  crumb: 'Подтверждение заказа',
});
export const successPage = staticPage('basket-success', 'checkout/SuccessPage.tsx', {
  name: 'basket-success',
  pattern: '/basket/success',
  title: 'Заказы',
  crumb: 'Заказ оплачен',
});
