// Which delivery provider the shop runs with (DESIGN.md: small interfaces, a built-in provider each): the
// tariff table, unless the app is built with another.
import type { FastifyInstance } from 'fastify';
import { tariffTableDelivery, type DeliveryProvider } from '../services/delivery.ts';

declare module 'fastify' {
  interface FastifyInstance {
    delivery: DeliveryProvider;
  }
}

export interface ShopProviders {
  delivery?: DeliveryProvider;
}

export function registerShopProviders(app: FastifyInstance, p: ShopProviders = {}): void {
  app.decorate('delivery', p.delivery ?? tariffTableDelivery);
}
