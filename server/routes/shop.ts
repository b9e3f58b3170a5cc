// The shop's selling API under /api: who is asking (token or visitor cookie), the delivery and payment
// providers, and the route plugins of the basket, places and delivery, discounts, orders, payments and
// gift certificates.
import type { FastifyInstance } from 'fastify';
import { registerIdentity } from '../plugins/identity.ts';
import { registerShopProviders, type ShopProviders } from '../plugins/shop-providers.ts';
import basketRoutes from './basket.ts';
import deliveryRoutes from './delivery.ts';
import giftRoutes from './gift.ts';
import orderRoutes from './orders.ts';
import paymentRoutes from './payments.ts';
import promoRoutes from './promo.ts';

export default async function shopRoutes(app: FastifyInstance, providers: ShopProviders = {}): Promise<void> {
  registerIdentity(app);
  registerShopProviders(app, providers);
  await app.register(basketRoutes);
  await app.register(deliveryRoutes);
  await app.register(promoRoutes);
  await app.register(orderRoutes);
  await app.register(paymentRoutes);
  await app.register(giftRoutes);
}
