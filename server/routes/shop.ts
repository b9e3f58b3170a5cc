// The shop's selling API under /api: who is asking (token or visitor cookie) and the route plugins of the
// basket.
import type { FastifyInstance } from 'fastify';
import { registerIdentity } from '../plugins/identity.ts';
import basketRoutes from './basket.ts';

export default async function shopRoutes(app: FastifyInstance): Promise<void> {
  registerIdentity(app);
  await app.register(basketRoutes);
}
