// Answers that belong to one shopper (cart, orders, payments) are never stored by a browser or a proxy.
import type { FastifyInstance } from 'fastify';

export function registerPrivateAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });
}
