// Which delivery and payment providers the shop runs with (small interfaces, a built-in provider
// each): the tariff table and the test payment page, unless the app is built with others.
import type { FastifyInstance } from 'fastify';
import { tariffTableDelivery, type DeliveryProvider } from '../orders/delivery.ts';
import { testPaymentProvider, type PaymentProvider } from '../payments/providers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    delivery: DeliveryProvider;
    payments: PaymentProvider;
  }
}

export interface ShopProviders {
  delivery?: DeliveryProvider;
  payments?: PaymentProvider;
}

export function registerShopProviders(app: FastifyInstance, p: ShopProviders = {}): void {
  app.decorate('delivery', p.delivery ?? tariffTableDelivery);
  app.decorate('payments', p.payments ?? testPaymentProvider);
}
