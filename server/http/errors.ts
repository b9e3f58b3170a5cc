// Turns every failure into a Russian JSON answer: a refusal (server/refusal.ts) keeps its message with its
// kind's status, Fastify's own 4xx get Russian words, and anything else is a 500 that never leaks internals.
import type { FastifyError, FastifyInstance } from 'fastify';
import { Refusal } from '../refusal.ts';
import { REFUSAL_STATUS } from './refusal-status.ts';

export const MESSAGES = {
  notFound: 'Не найдено',
  server: 'Внутренняя ошибка сервера. Попробуйте ещё раз позже',
  badJson: 'Неверный формат данных запроса',
  tooLarge: 'Слишком большой запрос',
  badMediaType: 'Неподдерживаемый тип данных запроса',
} as const;

/** Installs the Russian error answers on app (or on a plugin's scope); `body` shapes a 4xx answer. */
export function registerErrorHandling(app: FastifyInstance, body: (message: string) => object = (message) => ({ message })): void {
  app.setErrorHandler((err: FastifyError | Refusal, req, reply) => {
    const status = err instanceof Refusal ? REFUSAL_STATUS[err.kind] : (err.statusCode ?? 500);
    if (status >= 500) {
      req.log.error({ err }, 'request failed');
      // A refusal of 5xx is one we meant (a provider that does not answer): its Russian text stays.
      if (err instanceof Refusal) return reply.code(status).send(body(err.message));
      return reply.code(500).send({ message: MESSAGES.server });
    }
    let message = err.message;
    if (!(err instanceof Refusal)) {
      // Fastify's own 4xx (bad JSON, body too large, wrong content type) carry English text.
      const code = (err as FastifyError).code ?? '';
      if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') message = MESSAGES.tooLarge;
      else if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') message = MESSAGES.badMediaType;
      else message = MESSAGES.badJson;
    }
    return reply.code(status).send(body(message));
  });
}
