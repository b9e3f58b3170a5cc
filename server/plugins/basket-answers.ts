// The basket's answer shape for refusals (DESIGN.md): every 4xx of the basket routes, a malformed payload
// included, is `{ status: 'error', message }` in Russian; a 5xx never leaks internals. Scoped to the
// plugin that calls it.
import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError, MESSAGES } from './errors.ts';

export const cartError = (message: string) => ({ status: 'error' as const, message });

export function registerBasketAnswers(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | HttpError, req, reply) => {
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err }, 'request failed');
      return reply.code(500).send({ message: MESSAGES.server });
    }
    let message = err.message;
    if (!(err instanceof HttpError)) {
      const code = (err as FastifyError).code ?? '';
      message =
        code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? MESSAGES.tooLarge
        : code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? MESSAGES.badMediaType
        : MESSAGES.badJson;
    }
    return reply.code(status).send(cartError(message));
  });
}
