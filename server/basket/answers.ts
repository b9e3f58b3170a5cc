// The basket's answer shape for refusals (docs/architecture.md): every 4xx of the basket routes, a malformed payload
// included, is `{ status: 'error', message }` in Russian; a 5xx never leaks internals. Scoped to the
// plugin that calls it.
import type { FastifyInstance } from 'fastify';
import { registerErrorHandling } from '../http/public.ts';

export const cartError = (message: string) => ({ status: 'error' as const, message });

export function registerBasketAnswers(app: FastifyInstance): void {
  registerErrorHandling(app, cartError);
}
