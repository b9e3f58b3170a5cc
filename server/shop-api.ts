// The shop's selling API under /api: the route plugins of accounts (signing in, social login, the user's own data and history), the basket, places and delivery,
// discounts, orders, payments, gift certificates and Web Push; and the manager's desk with the log of the exchanges with the accounting system (staff only).
import type { FastifyInstance } from 'fastify';
import { authRoutes, mailingRoutes, profileRoutes, socialRoutes } from './accounts/public.ts';
import { basketRoutes } from './basket/public.ts';
import { deliveryRoutes, historyRoutes, orderRoutes, promoRoutes } from './orders/public.ts';
import { giftRoutes } from './gift/public.ts';
import { paymentRoutes } from './payments/public.ts';
import { pushRoutes } from './push/public.ts';
import { deskGateRoutes, deskRoutes } from './desk/public.ts';
import { exchangeLogRoutes } from './exchange/public.ts';
import { carrierRoutes } from './carrier/public.ts';

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
  await app.register(deskRoutes);
  await app.register(deskGateRoutes);
  await app.register(exchangeLogRoutes);
  await app.register(carrierRoutes);
}
