// The JSON body parser of every route: Fastify's own (prototype-poisoning safe), with two changes. An empty
// body reads as no body, so a client that sends `Content-Type: application/json` on every call (a DELETE, a
// GET) is not refused; a route that needs a body still gets nothing and answers its own Russian 400. And a
// body nested deeper or holding a longer array than any call of the shop sends is a 400 before it is
// parsed (common/json-shape.ts), so no hostile body reaches the parser, the validation or a handler.
import type { FastifyInstance } from 'fastify';
import { jsonShapeProblem } from '../../common/json-shape.ts';
import { Refusal } from '../refusal.ts';

export const BODY_MESSAGES = {
  tooDeep: 'Слишком сложная структура данных запроса',
  tooLong: 'Слишком длинный список в запросе',
} as const;

export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    const problem = jsonShapeProblem(text);
    if (problem) return done(new Refusal('invalid', BODY_MESSAGES[problem]), undefined);
    return parseJson(req, text, done);
  });
}
