// The shop's selling API under /api: who is asking (token or visitor cookie), the delivery and payment
// providers, and the route plugins of accounts (signing in, social login, the user's own data and history), the basket,
// places and delivery, discounts, orders, payments and gift certificates.
import type { FastifyInstance } from 'fastify';
import { registerIdentity } from '../plugins/identity.ts';
import { registerShopProviders, type ShopProviders } from '../plugins/shop-providers.ts';
import authRoutes from './auth.ts';
import basketRoutes from './basket.ts';
import deliveryRoutes from './delivery.ts';
import giftRoutes from './gift.ts';
import historyRoutes from './history.ts';
import orderRoutes from './orders.ts';
import paymentRoutes from './payments.ts';
import profileRoutes from './profile.ts';
import socialRoutes from './social.ts';
import promoRoutes from './promo.ts';

export default async function shopRoutes(app: FastifyInstance, providers: ShopProviders = {}): Promise<void> {
  registerIdentity(app);
  registerShopProviders(app, providers);
  await app.register(authRoutes);
  await app.register(profileRoutes);
  await app.register(historyRoutes);
  await app.register(socialRoutes);
  await app.register(basketRoutes);
  await app.register(deliveryRoutes);
  await app.register(promoRoutes);
  await app.register(orderRoutes);
  await app.register(paymentRoutes);
  await app.register(giftRoutes);
}
