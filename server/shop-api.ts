// The shop's selling API under /api: the route plugins of accounts (signing in, social login, the user's own data and history), the basket, places and delivery,
// discounts, orders, payments, gift certificates and Web Push.
import type { FastifyInstance } from 'fastify';
import authRoutes from './accounts/auth-routes.ts';
import mailingRoutes from './accounts/mailing-routes.ts';
import basketRoutes from './basket/routes.ts';
import deliveryRoutes from './orders/delivery-routes.ts';
import giftRoutes from './gift/routes.ts';
import historyRoutes from './orders/history-routes.ts';
import orderRoutes from './orders/routes.ts';
import paymentRoutes from './payments/routes.ts';
import profileRoutes from './accounts/profile-routes.ts';
import socialRoutes from './accounts/social-routes.ts';
import promoRoutes from './orders/promo-routes.ts';
import pushRoutes from './push/routes.ts';

export default async function shopRoutes(app: FastifyInstance): Promise<void> {
  await app.register(authRoutes);
  await app.register(mailingRoutes);
  await app.register(profileRoutes);
  await app.register(historyRoutes);
  await app.register(socialRoutes);
  await app.register(basketRoutes);
  await app.register(deliveryRoutes);
  await app.register(promoRoutes);
  await app.register(orderRoutes);
  await app.register(paymentRoutes);
  await app.register(giftRoutes);
  await app.register(pushRoutes);
}
