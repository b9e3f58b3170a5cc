// The basket and the checkout's steps: the shopper's own, so nothing of them is asked for the HTML.
import { definePage } from '../page-module.ts';

export const basketPage = definePage({
  key: 'basket',
  component: 'basket/BasketPage.tsx',
  routes: [{ name: 'basket', pattern: '/basket', title: 'Корзина', crumb: 'Корзина', personal: true }],
});

export const deliveryPage = definePage({
  key: 'basket-delivery',
  component: 'checkout/DeliveryPage.tsx',
  routes: [{ name: 'basket-delivery', pattern: '/basket/delivery', title: 'Корзина', crumb: 'Оформление заказа' }],
});

export const confirmPage = definePage({
  key: 'basket-confirm',
  component: 'checkout/ConfirmPage.tsx',
  routes: [{ name: 'basket-delivery-confirm', pattern: '/basket/delivery/confirm/:guid?', title: 'Заказы', crumb: 'Подтверждение заказа' }],
});

export const successPage = definePage({
  key: 'basket-success',
  component: 'checkout/SuccessPage.tsx',
  routes: [{ name: 'basket-success', pattern: '/basket/success', title: 'Заказы', crumb: 'Заказ оплачен' }],
});
